import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

/**
 * A page of the custom projects a store received quotes for, the one with the latest quote first,
 * optionally those whose quotes' titles contain the search; with how many projects match.
 */
export async function projectsWithQuotes(db: Queryable, storeId: string, f: { search?: string; page: number; size: number }): Promise<{ projectIds: string[]; total: number }> {
  const params: unknown[] = [storeId];
  const search = f.search ? `AND q.title ILIKE $${params.push(containsPattern(f.search))}` : "";
  const grouped = `SELECT q.project_id, max(q.created_at) AS latest FROM quotes q WHERE q.store_id = $1 AND q.project_id IS NOT NULL ${search} GROUP BY q.project_id`;
  const { rows } = await db.query<{ project_id: string }>(`${grouped} ORDER BY latest DESC, q.project_id LIMIT ${f.size} OFFSET ${f.page * f.size}`, params);
  const { rows: count } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${grouped}) g`, params);
  return { projectIds: rows.map((r) => r.project_id), total: count[0]?.total ?? 0 };
}
