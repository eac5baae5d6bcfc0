import { z } from "zod";
import type pg from "pg";
import type { Queryable } from "../db/pool";
import { defineJob } from "../jobs";
import { EmbeddingsUnavailable } from "./guarded";
import { createOfflineEmbeddings, getEmbeddingSpace, type EmbeddingProvider } from "./provider";
import { reindexEmbeddings } from "./reindex";

/**
 * The provider queries use: the configured one once the stored vectors are in its space; until
 * then the offline embedder when they are offline vectors, and no meaning at all (search by words,
 * with a notice) when they come from a model that is not configured now: a query embedded by
 * another model would match nothing. It reads the stored space again every `recheckMs`, so every
 * API process switches soon after a reindex anywhere finishes, without a restart.
 */
export function followStoredSpace(db: Queryable, configured: EmbeddingProvider, options: { recheckMs?: number; now?: () => number } = {}): EmbeddingProvider & { refresh(): Promise<string> } {
  const recheckMs = options.recheckMs ?? 10_000;
  const now = options.now ?? Date.now;
  const offline = createOfflineEmbeddings();
  let space: string | null = null;
  let readAt = 0;
  const refresh = async () => {
    space = await getEmbeddingSpace(db);
    readAt = now();
    return space;
  };
  const current = async (): Promise<string> => (space === null || now() - readAt > recheckMs ? refresh() : space);
  return {
    get id() {
      return space ?? configured.id;
    },
    refresh,
    async embed(texts) {
      const stored = await current();
      if (stored === configured.id) return configured.embed(texts);
      if (stored === offline.id) return offline.embed(texts);
      throw new EmbeddingsUnavailable(new Error(`the stored vectors come from ${stored}, which is not configured; they are being re-embedded`));
    },
  };
}

export const REINDEX_JOB_TYPE = "embeddings.reindex";

/**
 * Re-embeds every stored vector with the configured model, in the background, with progress; at
 * the end the stored space is the configured one and queries switch to it (followStoredSpace).
 */
export function reindexEmbeddingsJob(pool: pg.Pool, configured: EmbeddingProvider, onDone: () => Promise<unknown>) {
  return defineJob({
    type: REINDEX_JOB_TYPE,
    payload: z.object({ space: z.string() }),
    maxAttempts: 10,
    backoffMs: 30_000,
    // A batch is one model call; a slow model must not lose the lease between batches.
    leaseMs: 120_000,
    async handler(payload, ctx) {
      // A job for a model configured before a restart with another one is stale: nothing to do.
      if (payload.space !== configured.id) return { skipped: true };
      const counts = await reindexEmbeddings(pool, configured, (m) => ctx.log.info(m), async (done, total) => {
        await ctx.progress(total ? Math.floor((done / total) * 100) : 100, `${done} of ${total} search vectors re-embedded with the new model.`);
        if (ctx.signal.aborted) throw new Error("The re-embedding was stopped; it resumes from the start on the next attempt.");
      });
      await onDone();
      return counts;
    },
  });
}

/**
 * At start: when an embedding model is configured whose space the stored vectors are not in, a
 * background reindex is queued (one at a time, whichever process asks) instead of the model going
 * silently unused. Returns whether one was queued.
 */
export async function reindexIfModelChanged(
  deps: { pool: pg.Pool; jobs: { enqueue: (definition: ReturnType<typeof reindexEmbeddingsJob>, payload: { space: string }, options: { singletonKey: string }) => Promise<unknown> } },
  job: ReturnType<typeof reindexEmbeddingsJob>,
  configured: EmbeddingProvider,
  warn: (message: string) => void,
): Promise<boolean> {
  const stored = await getEmbeddingSpace(deps.pool);
  if (stored === configured.id) return false;
  warn(`Stored search vectors come from ${stored}, not the configured ${configured.id}: they are being re-embedded in the background (job ${REINDEX_JOB_TYPE}); search uses ${stored === createOfflineEmbeddings().id ? "the offline embedder" : "words only"} until it finishes.`);
  await deps.jobs.enqueue(job, { space: configured.id }, { singletonKey: configured.id });
  return true;
}
