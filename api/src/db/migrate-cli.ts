// `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in ATELIER_DATA_DIR.
import { loadConfig } from "../config";
import { openDatabase } from "./pool";
import { migrate } from "./migrate";

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir, poolSize: 1 });
try {
  const applied = await migrate(db.pool);
  console.log(applied.length ? `Applied ${applied.length} migration(s):\n  ${applied.join("\n  ")}` : "The database is up to date.");
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
