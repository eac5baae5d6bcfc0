export { EMBEDDING_DIMENSIONS, embedText, toVectorLiteral, cosineSimilarity, tokenize } from "./offline-embedder";
