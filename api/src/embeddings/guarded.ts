import { toVectorLiteral } from "./offline-embedder";
import type { EmbeddingProvider } from "./provider";

/** The meaning model did not answer in time or failed: the caller searches by words instead. */
export class EmbeddingsUnavailable extends Error {
  constructor(cause: unknown) {
    super(`The embedding model is not answering: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "EmbeddingsUnavailable";
  }
}

export type GuardOptions = {
  /** How long one call may take before search goes on without it (the SDK's own retries included). */
  timeoutMs?: number;
  /** After a failure, calls fail at once for this long, so an outage costs each search nothing. */
  coolDownMs?: number;
  now?: () => number;
  warn?: (message: string) => void;
};

/**
 * The provider with a deadline and a breaker: a model that errors or hangs throws
 * EmbeddingsUnavailable within `timeoutMs`, and for `coolDownMs` after that every call throws it at
 * once (then one call tries the model again). Searches catch it and match by words only; without
 * the guard an outage made every search wait for the SDK's retries (about 6 s) and then fail.
 */
export function guardEmbeddings(provider: EmbeddingProvider, options: GuardOptions = {}): EmbeddingProvider {
  const timeoutMs = options.timeoutMs ?? 2_500;
  const coolDownMs = options.coolDownMs ?? 30_000;
  const now = options.now ?? Date.now;
  let downUntil = 0;
  return {
    id: provider.id,
    async embed(texts) {
      if (now() < downUntil) throw new EmbeddingsUnavailable(new Error("it failed moments ago"));
      let timer: NodeJS.Timeout | undefined;
      try {
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
        });
        return await Promise.race([provider.embed(texts), deadline]);
      } catch (err) {
        if (now() >= downUntil) options.warn?.(`Embeddings from ${provider.id} failed (${err instanceof Error ? err.message : String(err)}): searches match by words only for ${Math.round(coolDownMs / 1000)} s.`);
        downUntil = now() + coolDownMs;
        throw err instanceof EmbeddingsUnavailable ? err : new EmbeddingsUnavailable(err);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** A search text's vector literal, or null when the model is unavailable (search by words only). */
export async function embedQuery(provider: EmbeddingProvider, text: string): Promise<string | null> {
  try {
    return toVectorLiteral((await provider.embed([text]))[0]!);
  } catch (err) {
    if (err instanceof EmbeddingsUnavailable) return null;
    throw err;
  }
}
