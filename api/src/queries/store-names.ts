import type { Queryable } from "../db/pool";

/** Which of the names (lower-cased) a store on the platform already uses as its title. */
export async function storeTitlesTaken(db: Queryable, names: readonly string[]): Promise<string[]> {
  if (!names.length) return [];
  const { rows } = await db.query<{ title: string }>(`SELECT DISTINCT lower(title) AS title FROM stores WHERE lower(title) = ANY($1)`, [names.map((n) => n.toLowerCase())]);
  return rows.map((r) => r.title);
}
