import type pg from "pg";
import type { Queryable } from "../../db/pool";
import { sharedRead } from "../../db/shared-read";

// What searches read first (the catalogue's version), what they log, and detail-page views.

export async function insertDetailView(db: Queryable, v: { storeId: string; supplierId: string; itemId: string | null; source: string }): Promise<void> {
  await db.query("INSERT INTO supplier_detail_views (store_id, supplier_id, item_id, source) VALUES ($1, $2, $3, $4)", [v.storeId, v.supplierId, v.itemId, v.source]);
}

export type SearchLogRow = { storeId: string | null; target: "SUPPLIERS" | "CATALOG_ITEMS" | "IMAGE"; keyword: string; filters: Record<string, unknown>; resultCount: number; elapsedMs: number; fromCache: boolean; at: Date };

/** Writes logged searches in one statement. */
export async function insertSearchLogs(db: Queryable, rows: SearchLogRow[]): Promise<void> {
  await db.query(
    `INSERT INTO catalog_search_logs (store_id, target, keyword, filters, result_count, elapsed_ms, from_cache, created_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::int[], $6::numeric[], $7::boolean[], $8::timestamptz[])`,
    [
      rows.map((r) => r.storeId), rows.map((r) => r.target), rows.map((r) => r.keyword), rows.map((r) => JSON.stringify(r.filters)),
      rows.map((r) => r.resultCount), rows.map((r) => Math.round(r.elapsedMs * 100) / 100), rows.map((r) => r.fromCache), rows.map((r) => r.at),
    ],
  );
}

/**
 * The catalogue's state as every search reads it first: one read shared by the searches (keyword and
 * image alike) that ask in the same turn of the event loop, started after they asked
 * (db/shared-read.ts).
 */
export const sharedCatalogState = sharedRead((pool: pg.Pool) => catalogVersionAndImageSpace(pool));

/**
 * The catalogue's version (migration 0019: it moves on with every change to a table search reads)
 * and the image index's embedding space, in one round trip.
 */
export async function catalogVersionAndImageSpace(db: Queryable): Promise<{ version: string; imageSpace: string | null }> {
  const { rows } = await db.query<{ version: string; image_space: string | null }>(
    "SELECT version, (SELECT value #>> '{}' FROM app_settings WHERE key = 'image_embedding_space') AS image_space FROM catalog_state",
  );
  return { version: rows[0]!.version, imageSpace: rows[0]!.image_space };
}
