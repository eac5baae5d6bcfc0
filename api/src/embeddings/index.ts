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
