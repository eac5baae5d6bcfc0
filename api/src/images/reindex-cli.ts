// `npm run reindex-images`: re-indexes every catalog item's picture with
// the configured image embedder (ATELIER_IMAGE_EMBEDDING_MODEL, or the offline descriptor) and
// switches image search to it.
import { loadConfig } from "../config";
import { openDatabase } from "../db/pool";
import { migrate } from "../db/migrate";
import { createLogger } from "../logger";
import { reindexItemImages } from "../services/marketplace/index-item-images";
import { createConfiguredImageEmbedder } from "./image-embedder";

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir, poolSize: 2 });
try {
  await migrate(db.pool);
  const embedder = createConfiguredImageEmbedder(config.imageEmbeddings);
  console.log(`Indexing item pictures with ${embedder.kind}…`);
  const done = await reindexItemImages(db.pool, createLogger(config.logLevel), embedder);
  console.log(`Done: ${done} pictures indexed; image search now uses ${embedder.kind}.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
