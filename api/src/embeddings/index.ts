export { EMBEDDING_DIMENSIONS, embedText, toVectorLiteral, cosineSimilarity, tokenize } from "./offline-embedder";
export {
  type EmbeddingProvider,
  OFFLINE_EMBEDDINGS_ID,
  createOfflineEmbeddings,
  createOpenAIEmbeddings,
  createConfiguredEmbeddings,
  getEmbeddingSpace,
  setEmbeddingSpace,
  resolveQueryEmbeddings,
} from "./provider";
export { reindexEmbeddings } from "./reindex";
export { EmbeddingsUnavailable, embedQuery, guardEmbeddings, type GuardOptions } from "./guarded";
export { followStoredSpace, reindexEmbeddingsJob, reindexIfModelChanged, REINDEX_JOB_TYPE } from "./follow-space";
