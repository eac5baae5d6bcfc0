import type { BrandKitParts } from "@atelier/contracts/brand-kits";
import type { Queryable } from "../../db/pool";

export type KitRow = {
  id: string;
  store_id: string;
  category: string;
  product_description: string;
  parts: BrandKitParts;
  seed: number;
  is_waitlist_site_published: boolean;
  is_archived: boolean;
  created_at: Date;
  updated_at: Date;
};
const COLUMNS = "id, store_id, category, product_description, parts, seed, is_waitlist_site_published, is_archived, created_at, updated_at";

export async function insertKit(db: Queryable, storeId: string, userId: string | null, v: { category: string; productDescription: string; parts: BrandKitParts }): Promise<KitRow> {
  const { rows } = await db.query<KitRow>(
    `INSERT INTO brand_kits (store_id, created_by, category, product_description, parts) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [storeId, userId, v.category, v.productDescription, JSON.stringify(v.parts)],
  );
  return rows[0]!;
}

/** A kit of the store (null: none, or another store's). */
export async function getKit(db: Queryable, storeId: string, id: string, forUpdate = false): Promise<KitRow | null> {
  const { rows } = await db.query<KitRow>(`SELECT ${COLUMNS} FROM brand_kits WHERE id = $1 AND store_id = $2${forUpdate ? " FOR UPDATE" : ""}`, [id, storeId]);
  return rows[0] ?? null;
}

/** A kit by id alone: the public share page and the background generation (which carries its store). */
export async function getKitById(db: Queryable, id: string): Promise<(KitRow & { store_title: string }) | null> {
  const { rows } = await db.query<KitRow & { store_title: string }>(
    `SELECT ${COLUMNS.split(", ").map((c) => `k.${c}`).join(", ")}, s.title AS store_title FROM brand_kits k JOIN stores s ON s.id = k.store_id WHERE k.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function saveKit(db: Queryable, storeId: string, id: string, v: { category?: string; productDescription?: string; parts: BrandKitParts; isWaitlistSitePublished?: boolean; seed?: number }): Promise<KitRow> {
  const { rows } = await db.query<KitRow>(
    `UPDATE brand_kits SET parts = $3, category = COALESCE($4, category), product_description = COALESCE($5, product_description),
            is_waitlist_site_published = COALESCE($6, is_waitlist_site_published), seed = COALESCE($7, seed), updated_at = clock_timestamp()
      WHERE id = $1 AND store_id = $2 RETURNING ${COLUMNS}`,
    [id, storeId, JSON.stringify(v.parts), v.category ?? null, v.productDescription ?? null, v.isWaitlistSitePublished ?? null, v.seed ?? null],
  );
  return rows[0]!;
}

export async function archiveKit(db: Queryable, storeId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query("UPDATE brand_kits SET is_archived = true, updated_at = clock_timestamp() WHERE id = $1 AND store_id = $2", [id, storeId]);
  return (rowCount ?? 0) > 0;
}

/** Kits with a category and a product description, by creation time. */
export async function listKits(db: Queryable, storeId: string, q: { archived: boolean; search?: string; ascending: boolean; limit: number; offset: number }): Promise<{ rows: KitRow[]; total: number }> {
  const where = `store_id = $1 AND is_archived = $2 AND category <> '' AND product_description <> ''
    AND ($3::text IS NULL OR category ILIKE $3 OR product_description ILIKE $3 OR parts::text ILIKE $3)`;
  const search = q.search ? `%${q.search.replace(/[%_\\]/g, "")}%` : null;
  const { rows } = await db.query<KitRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM brand_kits WHERE ${where} ORDER BY created_at ${q.ascending ? "ASC" : "DESC"}, id LIMIT $4 OFFSET $5`,
    [storeId, q.archived, search, q.limit, q.offset],
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Holds the kit's row until the transaction ends: generation results merge one at a time. */
export async function lockKit(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query("SELECT 1 FROM brand_kits WHERE id = $1 FOR UPDATE", [id]);
  return (rowCount ?? 0) > 0;
}
