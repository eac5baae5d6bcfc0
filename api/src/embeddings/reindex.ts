import type pg from "pg";
import { toVectorLiteral } from "./offline-embedder";
import { setEmbeddingSpace, type EmbeddingProvider } from "./provider";

/** The text each embedded table is embedded from (the same forms the seed and the services use). */
const TABLES = [
  { table: "suppliers", key: "id::text", text: "name || '. ' || array_to_string(capabilities, ', ') || '. ' || description" },
  { table: "catalog_items", key: "id::text", text: "title || '. ' || keywords || '. ' || description" },
  { table: "help_center_articles", key: "slug", text: "concat_ws(E'\\n', title, summary, keywords, body)" },
] as const;

const BATCH = 256;

/**
 * Re-embeds every stored vector with the provider, batch by batch (no transaction is held across
 * a model call), then records the provider's space so queries switch to it.
 */
export async function reindexEmbeddings(pool: pg.Pool, provider: EmbeddingProvider, log: (m: string) => void = () => {}): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, key, text } of TABLES) {
    const exists = await pool.query("SELECT to_regclass($1) AS t", [table]);
    if (!exists.rows[0]?.t) continue;
    let done = 0;
    let after = "";
    for (;;) {
      const { rows } = await pool.query<{ id: string; text: string }>(`SELECT ${key} AS id, ${text} AS text FROM ${table} WHERE ${key} > $1 ORDER BY ${key} LIMIT ${BATCH}`, [after]);
      if (!rows.length) break;
      const vectors = await provider.embed(rows.map((r) => r.text));
      await pool.query(
        `UPDATE ${table} t SET embedding = v.embedding::vector FROM unnest($1::text[], $2::text[]) AS v(id, embedding) WHERE t.${key} = v.id`,
        [rows.map((r) => r.id), vectors.map(toVectorLiteral)],
      );
      done += rows.length;
      after = rows[rows.length - 1]!.id;
    }
    counts[table] = done;
    log(`${table}: ${done} re-embedded`);
  }
  await setEmbeddingSpace(pool, provider.id);
  return counts;
}
