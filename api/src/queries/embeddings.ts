import type { Queryable } from "../db/pool";

/** An embedded table: its key and the text its vectors are made from, as SQL expressions. */
export type EmbeddedTable = { table: string; key: string; text: string };

/** The text each embedded table is embedded from (the same forms the seed and the services use). */
export const EMBEDDED_TABLES: readonly EmbeddedTable[] = [
  { table: "suppliers", key: "id::text", text: "name || '. ' || array_to_string(capabilities, ', ') || '. ' || description" },
  { table: "catalog_items", key: "id::text", text: "title || '. ' || keywords || '. ' || description" },
  { table: "help_center_articles", key: "slug", text: "concat_ws(E'\\n', title, summary, keywords, body)" },
];

/** Whether a table exists (a reindex skips tables of features not migrated yet). */
export async function tableExists(db: Queryable, table: string): Promise<boolean> {
  const { rows } = await db.query<{ t: string | null }>("SELECT to_regclass($1) AS t", [table]);
  return Boolean(rows[0]?.t);
}

/** The next rows to embed, in key order after `after`. */
export async function listEmbeddingTexts(db: Queryable, { table, key, text }: EmbeddedTable, after: string, limit: number) {
  const { rows } = await db.query<{ id: string; text: string }>(`SELECT ${key} AS id, ${text} AS text FROM ${table} WHERE ${key} > $1 ORDER BY ${key} LIMIT ${limit}`, [after]);
  return rows;
}

/** Writes vectors (pgvector literals) to the rows with the given keys. */
export async function updateEmbeddings(db: Queryable, { table, key }: EmbeddedTable, ids: string[], vectors: string[]): Promise<void> {
  await db.query(`UPDATE ${table} t SET embedding = v.embedding::vector FROM unnest($1::text[], $2::text[]) AS v(id, embedding) WHERE t.${key} = v.id`, [ids, vectors]);
}

/** How many rows a table holds (what a reindex has to re-embed). */
export async function countEmbeddedRows(db: Queryable, { table }: EmbeddedTable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}
