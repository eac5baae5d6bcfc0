import type { Queryable } from "../../db/pool";
import { type Page } from "./rows";

// The category tree: verticals, groups, subgroups.

export type CategoryRow = { id: number; parent_id: number | null; level: "VERTICAL" | "GROUP" | "SUBGROUP"; vertical: string; key: string; slug: string; title: string; position: number };
const CATEGORY_COLUMNS = "id, parent_id, level, vertical, key, slug, title, position";

export async function listCategoryRows(db: Queryable, vertical?: string): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>(
    `SELECT ${CATEGORY_COLUMNS} FROM catalog_categories WHERE ($1::text IS NULL OR vertical = $1) ORDER BY position, id`,
    [vertical ?? null],
  );
  return rows;
}

export async function listChildCategoryRows(db: Queryable, parent: { parentId?: number; vertical?: string }, page: Page): Promise<{ rows: CategoryRow[]; total: number }> {
  const where = parent.parentId !== undefined ? "parent_id = $1" : parent.vertical ? "parent_id = (SELECT id FROM catalog_categories WHERE level = 'VERTICAL' AND vertical = $1)" : "parent_id IS NULL AND $1::text IS NULL";
  const arg = parent.parentId ?? parent.vertical ?? null;
  const { rows } = await db.query<CategoryRow & { total: number }>(
    `SELECT ${CATEGORY_COLUMNS}, count(*) OVER () AS total FROM catalog_categories WHERE ${where} ORDER BY position, id LIMIT $2 OFFSET $3`,
    [arg, page.limit, page.offset],
  );
  if (rows.length || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const { rows: c } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM catalog_categories WHERE ${where}`, [arg]);
  return { rows, total: c[0]!.n };
}

/** A category by numeric id or by key ("products/apparel"). */
export async function findCategory(db: Queryable, ref: string): Promise<CategoryRow | null> {
  const isId = /^\d+$/.test(ref);
  const { rows } = await db.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM catalog_categories WHERE ${isId ? "id = $1::int" : "key = $1"}`, [isId ? Number(ref) : ref]);
  return rows[0] ?? null;
}

export async function findVerticalCategory(db: Queryable, vertical: string): Promise<CategoryRow | null> {
  const { rows } = await db.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM catalog_categories WHERE level = 'VERTICAL' AND vertical = $1`, [vertical]);
  return rows[0] ?? null;
}

export async function categoriesByIds(db: Queryable, ids: number[]): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM catalog_categories WHERE id = ANY($1::int[]) ORDER BY position, id`, [ids]);
  return rows;
}
