// `npm run seed [-- --scale 0.1 --seed 42]`: seeds the database the config points at (embedded
// under ATELIER_DATA_DIR unless DATABASE_URL is set), migrating first.
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { fileStorageFor } from "../storage";
import { openDatabase } from "../db/pool";
import { migrate } from "../db/migrate";
import { seedDemoData } from "./seed";

const { values } = parseArgs({ options: { scale: { type: "string" }, seed: { type: "string" } } });
const scale = values.scale ? Number(values.scale) : 1;
const seed = values.seed ? Number(values.seed) : undefined;
if (!Number.isFinite(scale) || scale <= 0 || (seed !== undefined && !Number.isInteger(seed))) {
  console.error("usage: npm run seed -- [--scale <positive number>] [--seed <integer>]");
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir, poolSize: 2 });
try {
  await migrate(database.pool);
  const started = performance.now();
  await seedDemoData(database.pool, { scale, seed, log: (m) => console.log(m), storage: fileStorageFor(config) });
  console.log(`demo seed finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
