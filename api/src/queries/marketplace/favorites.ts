import type { Queryable } from "../../db/pool";
import { type Page } from "./rows";

// A store's favourite suppliers and catalog items.

export type FavoriteRow = { id: string; target_kind: "SUPPLIER" | "CATALOG_ITEM"; supplier_id: string | null; item_id: string | null; created_at: Date };

export async function listFavoriteRows(db: Queryable, storeId: string, kind: string | undefined, page: Page): Promise<{ rows: FavoriteRow[]; total: number }> {
  const { rows } = await db.query<FavoriteRow>(
    `SELECT id, target_kind, supplier_id, item_id, created_at FROM favorites WHERE store_id = $1 AND ($2::text IS NULL OR target_kind = $2)
      ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
    [storeId, kind ?? null, page.limit, page.offset],
  );
  const { rows: c } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM favorites WHERE store_id = $1 AND ($2::text IS NULL OR target_kind = $2)", [storeId, kind ?? null]);
  return { rows, total: c[0]!.n };
}

/** Inserts a favourite, or returns the one the store already has for that target. */
export async function upsertFavorite(db: Queryable, storeId: string, kind: "SUPPLIER" | "CATALOG_ITEM", targetId: string): Promise<FavoriteRow> {
  const column = kind === "SUPPLIER" ? "supplier_id" : "item_id";
  const inserted = await db.query<FavoriteRow>(
    `INSERT INTO favorites (store_id, target_kind, ${column}) VALUES ($1, $2, $3)
     ON CONFLICT (store_id, ${column}) WHERE target_kind = '${kind}' DO NOTHING
     RETURNING id, target_kind, supplier_id, item_id, created_at`,
    [storeId, kind, targetId],
  );
  if (inserted.rows[0]) return inserted.rows[0];
  const { rows } = await db.query<FavoriteRow>(`SELECT id, target_kind, supplier_id, item_id, created_at FROM favorites WHERE store_id = $1 AND target_kind = $2 AND ${column} = $3`, [storeId, kind, targetId]);
  return rows[0]!;
}

export async function deleteFavorite(db: Queryable, storeId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM favorites WHERE id = $1 AND store_id = $2", [id, storeId]);
  return (rowCount ?? 0) > 0;
}

export async function findFavoriteId(db: Queryable, storeId: string, kind: "SUPPLIER" | "CATALOG_ITEM", targetId: string): Promise<string | null> {
  const column = kind === "SUPPLIER" ? "supplier_id" : "item_id";
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM favorites WHERE store_id = $1 AND target_kind = $2 AND ${column} = $3`, [storeId, kind, targetId]);
  return rows[0]?.id ?? null;
}
