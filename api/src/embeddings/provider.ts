import { embedMany } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import type { Queryable } from "../db/pool";
import { EMBEDDING_DIMENSIONS, embedText } from "./offline-embedder";
import { getTextSetting, setTextSetting } from "../queries/app-settings";

/** Turns texts into 384-dimension vectors; `id` names the vector space they live in. */
export type EmbeddingProvider = {
  id: string;
  embed(texts: string[]): Promise<number[][]>;
};

export const OFFLINE_EMBEDDINGS_ID = "offline-hash-v1";

/** The built-in embedder: hashed word and character n-grams; works on any machine, no model. */
export function createOfflineEmbeddings(): EmbeddingProvider {
  return { id: OFFLINE_EMBEDDINGS_ID, embed: async (texts) => texts.map(embedText) };
}

/** Any OpenAI-compatible embeddings endpoint, asked for 384 dimensions so the columns fit. */
export function createOpenAIEmbeddings(options: { apiKey?: string; baseURL?: string; model: string }): EmbeddingProvider {
  const model = createOpenAI({ apiKey: options.apiKey ?? "not-needed", baseURL: options.baseURL }).embedding(options.model);
  return {
    id: `openai:${options.model}:${EMBEDDING_DIMENSIONS}`,
    async embed(texts) {
      const { embeddings } = await embedMany({ model, values: texts, maxRetries: 2, providerOptions: { openai: { dimensions: EMBEDDING_DIMENSIONS } } });
      for (const e of embeddings) {
        if (e.length !== EMBEDDING_DIMENSIONS) throw new Error(`The embedding model answered ${e.length} dimensions; ${EMBEDDING_DIMENSIONS} are needed.`);
      }
      return embeddings;
    },
  };
}

/** The configured provider: OpenAI-compatible when an embedding model is named, the offline one otherwise. */
export function createConfiguredEmbeddings(env: { OPENAI_API_KEY?: string; OPENAI_BASE_URL?: string; ATELIER_EMBEDDING_MODEL?: string }): EmbeddingProvider {
  return env.ATELIER_EMBEDDING_MODEL
    ? createOpenAIEmbeddings({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.ATELIER_EMBEDDING_MODEL })
    : createOfflineEmbeddings();
}

export async function getEmbeddingSpace(db: Queryable): Promise<string> {
  return (await getTextSetting(db, "embedding_space")) ?? OFFLINE_EMBEDDINGS_ID;
}

export async function setEmbeddingSpace(db: Queryable, id: string): Promise<void> {
  await setTextSetting(db, "embedding_space", id);
}

/**
 * The provider queries must use: the configured one when the stored vectors are in its space;
 * otherwise the one that made them (queries embedded by another model would match nothing),
 * with a warning to run `npm run reindex-embeddings`.
 */
export async function resolveQueryEmbeddings(
  db: Queryable,
  configured: EmbeddingProvider,
  warn: (message: string) => void,
): Promise<EmbeddingProvider> {
  const stored = await getEmbeddingSpace(db);
  if (stored === configured.id) return configured;
  const offline = createOfflineEmbeddings();
  if (stored === offline.id) {
    warn(`Stored vectors come from the offline embedder, not ${configured.id}: search keeps using the offline embedder until \`npm run reindex-embeddings\` re-embeds them.`);
    return offline;
  }
  warn(`Stored vectors come from ${stored}, which is not configured now (${configured.id}): run \`npm run reindex-embeddings\`. Search uses ${configured.id} meanwhile and will match poorly.`);
  return configured;
}
