// Imports tariff CSVs into the database:
//   node --import tsx api/src/data/tariffs/import-cli.ts --lines file.csv --duties file.csv
// (either may be omitted; with no files, the shipped dataset is reloaded). Uses DATABASE_URL, or
// the embedded database in ATELIER_DATA_DIR (stop the app first: one process per data directory).
import { parseArgs } from "node:util";
import { loadConfig } from "../../config";
import { openDatabase } from "../../db/pool";
import { importTariffFiles } from "../../services/sourcing-agent/tariff-dataset";
import { readTariffFiles, SHIPPED_DUTIES_FILE, SHIPPED_LINES_FILE } from "./dataset";

const { values } = parseArgs({ options: { lines: { type: "string" }, duties: { type: "string" }, force: { type: "boolean" } } });
const shipped = !values.lines && !values.duties;
const files = readTariffFiles(shipped ? SHIPPED_LINES_FILE : (values.lines ?? null), shipped ? SHIPPED_DUTIES_FILE : (values.duties ?? null));
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir, poolSize: 1 });
try {
  const r = await importTariffFiles(db.pool, files, { force: values.force });
  console.log(r.skipped ? `${r.name} was already imported (checksum ${r.checksum.slice(0, 12)}); pass --force to import it again.` : `Imported ${r.name}: ${r.lines} tariff line(s) and ${r.duties} additional dut(ies) written.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
