// Imports tariff CSVs into the database:
//   npm run import-tariffs -- --lines file.csv --duties file.csv [--force]
// (either file may be omitted; with no files, the shipped dataset is reloaded). Uses DATABASE_URL, or
// the embedded database in ATELIER_DATA_DIR (stop the app first: one process per data directory),
// migrated first like the app does at start, so it also works before the first start.
import { parseArgs } from "node:util";
import { loadConfig } from "../../config";
import { openDatabase } from "../../db/pool";
import { migrate } from "../../db/migrate";
import { importTariffFiles } from "../../services/sourcing-agent/tariff-dataset";
import { readTariffFiles, SHIPPED_DUTIES_FILE, SHIPPED_LINES_FILE, type TariffFiles } from "./dataset";

const USAGE = "Usage: npm run import-tariffs -- [--lines tariff-lines.csv] [--duties additional-duties.csv] [--force]";

/** The files to import, read and checked before the database is opened; null after printing why not. */
function readArguments(): { files: TariffFiles; force: boolean } | null {
  let values: { lines?: string; duties?: string; force?: boolean };
  try {
    ({ values } = parseArgs({ options: { lines: { type: "string" }, duties: { type: "string" }, force: { type: "boolean" } } }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return null;
  }
  const shipped = !values.lines && !values.duties;
  try {
    const files = readTariffFiles(shipped ? SHIPPED_LINES_FILE : (values.lines ?? null), shipped ? SHIPPED_DUTIES_FILE : (values.duties ?? null));
    return { files, force: values.force ?? false };
  } catch (err) {
    // A malformed file names itself, the line and the value; nothing was imported.
    console.error(`${(err as Error).message}\nNothing was imported.`);
    return null;
  }
}

async function main(): Promise<number> {
  const args = readArguments();
  if (!args) return 1;
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir, poolSize: 1 });
  try {
    await migrate(db.pool);
    const r = await importTariffFiles(db.pool, args.files, { force: args.force });
    console.log(
      r.skipped
        ? `${r.name} was already imported (checksum ${r.checksum.slice(0, 12)}); pass --force to import it again.`
        : `Imported ${r.name}: ${r.lines} tariff line(s) and ${r.duties} additional dut(ies) written.`,
    );
    return 0;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
