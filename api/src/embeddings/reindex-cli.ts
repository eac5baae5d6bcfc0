// `npm run reindex-embeddings`: re-embeds every stored vector with the configured embedding model
// (ATELIER_EMBEDDING_MODEL, or the offline embedder) and switches search to it.
import { loadConfig } from "../config";
import { openDatabase } from "../db/pool";
import { migrate } from "../db/migrate";
import { createConfiguredEmbeddings } from "./provider";
import { reindexEmbeddings } from "./reindex";

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir, poolSize: 2 });
try {
  await migrate(db.pool);
  const provider = createConfiguredEmbeddings({ ATELIER_EMBEDDING_MODEL: config.embeddings.model, OPENAI_API_KEY: config.embeddings.apiKey, OPENAI_BASE_URL: config.embeddings.baseUrl });
  console.log(`Re-embedding with ${provider.id}…`);
  await reindexEmbeddings(db.pool, provider, (m) => console.log(`  ${m}`));
  console.log("Done: search now uses this model.");
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
