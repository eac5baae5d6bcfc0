import type pg from "pg";
import { toVectorLiteral } from "./offline-embedder";
import { setEmbeddingSpace, type EmbeddingProvider } from "./provider";
import { EMBEDDED_TABLES, countEmbeddedRows, listEmbeddingTexts, tableExists, updateEmbeddings } from "../queries/embeddings";

const BATCH = 256;

/**
 * Re-embeds every stored vector with the provider, batch by batch (no transaction is held across
 * a model call), then records the provider's space so queries switch to it.
 */
export async function reindexEmbeddings(
  pool: pg.Pool,
  provider: EmbeddingProvider,
  log: (m: string) => void = () => {},
  /** After each batch: rows re-embedded so far and in all. */
  progress: (done: number, total: number) => Promise<void> = async () => {},
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const tables = [];
  for (const spec of EMBEDDED_TABLES) if (await tableExists(pool, spec.table)) tables.push(spec);
  const total = (await Promise.all(tables.map((spec) => countEmbeddedRows(pool, spec)))).reduce((a, b) => a + b, 0);
  let doneAll = 0;
  for (const spec of tables) {
    const { table } = spec;
    let done = 0;
    let after = "";
    for (;;) {
      const rows = await listEmbeddingTexts(pool, spec, after, BATCH);
      if (!rows.length) break;
      const vectors = await provider.embed(rows.map((r) => r.text));
      await updateEmbeddings(pool, spec, rows.map((r) => r.id), vectors.map(toVectorLiteral));
      done += rows.length;
      doneAll += rows.length;
      after = rows[rows.length - 1]!.id;
      await progress(doneAll, total);
    }
    counts[table] = done;
    log(`${table}: ${done} re-embedded`);
  }
  await setEmbeddingSpace(pool, provider.id);
  return counts;
}
