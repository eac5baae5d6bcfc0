import type { Queryable } from "../../db/pool";
import { ITEM_COLUMNS, type ItemRow } from "./rows";

// Image descriptors of catalog items and the nearest items to an image.

/** Which image embedder made the stored item vectors (null: none recorded, the descriptor's default). */
export async function setImageEmbeddingSpace(db: Queryable, kind: string): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value) VALUES ('image_embedding_space', to_jsonb($1::text))
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [kind],
  );
}

export type ItemImageSource = { id: string; title: string; image_urls: string[]; image_seed: number; image_color: string; updated_at: Date };

/** Items whose image descriptor is missing, stale, or of another descriptor kind. */
export async function itemsNeedingImageIndex(db: Queryable, kind: string, limit: number): Promise<ItemImageSource[]> {
  const { rows } = await db.query<ItemImageSource>(
    `SELECT i.id, i.title, i.image_urls, i.image_seed, i.image_color, i.updated_at FROM catalog_items i
       LEFT JOIN catalog_item_images m ON m.item_id = i.id
      WHERE m.item_id IS NULL OR m.item_updated_at <> i.updated_at OR m.descriptor_kind <> $1
      LIMIT $2`,
    [kind, limit],
  );
  return rows;
}

/** How many items need a picture vector of this kind (none, stale, or another kind's). */
export async function countItemsNeedingImageIndex(db: Queryable, kind: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM catalog_items i
       LEFT JOIN catalog_item_images m ON m.item_id = i.id
      WHERE m.item_id IS NULL OR m.item_updated_at <> i.updated_at OR m.descriptor_kind <> $1`,
    [kind],
  );
  return Number(rows[0]!.n);
}

export async function upsertItemImages(db: Queryable, rows: { itemId: string; kind: string; source: string; itemUpdatedAt: Date; vector: string | null }[]): Promise<void> {
  if (!rows.length) return;
  await db.query(
    `INSERT INTO catalog_item_images (item_id, descriptor_kind, source, item_updated_at, embedding)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::vector[])
     ON CONFLICT (item_id) DO UPDATE SET descriptor_kind = EXCLUDED.descriptor_kind, source = EXCLUDED.source,
       item_updated_at = EXCLUDED.item_updated_at, embedding = EXCLUDED.embedding, created_at = now()`,
    [rows.map((r) => r.itemId), rows.map((r) => r.kind), rows.map((r) => r.source), rows.map((r) => r.itemUpdatedAt), rows.map((r) => r.vector)],
  );
}

/** Items whose pictures are nearest to a descriptor (HNSW), best first. */
export async function itemsNearImage(db: Queryable, vector: string, kind: string, limit: number, type?: string): Promise<(ItemRow & { similarity: number })[]> {
  const { rows } = await db.query<ItemRow & { similarity: number }>(
    `WITH nn AS (SELECT item_id, distance AS d FROM item_images_nearest($1::vector, $2, $3 + 20))
     SELECT ${ITEM_COLUMNS}, NULL::float8 AS score, (1 - nn.d)::float8 AS similarity
       FROM nn JOIN catalog_items i ON i.id = nn.item_id JOIN suppliers s ON s.id = i.supplier_id
      WHERE i.enabled_at IS NOT NULL AND s.enabled_at IS NOT NULL AND ($4::text IS NULL OR i.type = $4)
      ORDER BY nn.d, i.id LIMIT $3`,
    [vector, kind, limit, type ?? null],
  );
  return rows;
}
