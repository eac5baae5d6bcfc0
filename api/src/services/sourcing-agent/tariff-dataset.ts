import type pg from "pg";
import { withTransaction } from "../../db/pool";
import { readTariffFiles, SHIPPED_DUTIES_FILE, SHIPPED_LINES_FILE, type TariffFiles } from "../../data/tariffs/dataset";
import { lockTariffImports, recordTariffImport, tariffImportExists, upsertAdditionalDuties, upsertTariffLines } from "../../queries/sourcing-agent/tariffs";

export type ImportSummary = { name: string; checksum: string; lines: number; duties: number; skipped: boolean };

/**
 * Imports tariff files once per checksum, under a lock so processes starting together load them
 * once. Rows with an older as-of date than the stored ones are ignored (see the migration).
 */
export async function importTariffFiles(pool: pg.Pool, files: TariffFiles, options: { force?: boolean } = {}): Promise<ImportSummary> {
  return withTransaction(pool, async (db) => {
    await lockTariffImports(db);
    if (!options.force && (await tariffImportExists(db, files.checksum))) return { name: files.name, checksum: files.checksum, lines: 0, duties: 0, skipped: true };
    const lines = await upsertTariffLines(db, files.lines);
    const duties = await upsertAdditionalDuties(db, files.duties);
    await recordTariffImport(db, files.name, files.checksum, lines, duties);
    return { name: files.name, checksum: files.checksum, lines, duties, skipped: false };
  });
}

const loaded = new WeakMap<pg.Pool, Promise<unknown>>();

/** Loads the shipped dataset into a database the first time this process needs it. */
export function ensureTariffDataset(pool: pg.Pool): Promise<unknown> {
  let pending = loaded.get(pool);
  if (!pending) {
    pending = importTariffFiles(pool, readTariffFiles(SHIPPED_LINES_FILE, SHIPPED_DUTIES_FILE)).catch((err: unknown) => {
      loaded.delete(pool);
      throw err;
    });
    loaded.set(pool, pending);
  }
  return pending;
}
