import type { Queryable } from "../../db/pool";
import { ITEM_COLUMNS, type ItemRow } from "./rows";

// Catalog items by id and by closeness.

export async function itemById(db: Queryable, id: string): Promise<ItemRow | null> {
  const { rows } = await db.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS}, NULL::float8 AS score FROM catalog_items i JOIN suppliers s ON s.id = i.supplier_id
      WHERE i.id = $1 AND i.enabled_at IS NOT NULL AND s.enabled_at IS NOT NULL`,
    [id],
  );
  return rows[0] ?? null;
}

/** Items nearest in meaning to an item's embedding, other than itself. */
export async function similarItemRows(db: Queryable, itemId: string, size: number): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `WITH nn AS (SELECT n.id, n.distance AS d FROM catalog_items src, catalog_items_nearest(src.embedding, $2 + 10) n
                  WHERE src.id = $1 AND src.embedding IS NOT NULL)
     SELECT ${ITEM_COLUMNS}, (1 - nn.d)::float8 AS score
       FROM nn JOIN catalog_items i ON i.id = nn.id JOIN suppliers s ON s.id = i.supplier_id
      WHERE i.id <> $1 AND i.enabled_at IS NOT NULL AND s.enabled_at IS NOT NULL
      ORDER BY nn.d, i.id LIMIT $2`,
    [itemId, size],
  );
  return rows;
}

/** Items of the suppliers nearest in meaning to one supplier (that supplier excluded). */
export async function itemsOfSimilarSuppliers(db: Queryable, supplierId: string, size: number): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `WITH src AS (SELECT embedding FROM suppliers WHERE id = $1 AND embedding IS NOT NULL),
          near AS (SELECT t.id, row_number() OVER () AS pos FROM (
                     SELECT s2.id FROM suppliers s2, src WHERE s2.embedding IS NOT NULL AND s2.id <> $1 AND s2.enabled_at IS NOT NULL
                      ORDER BY s2.embedding <=> src.embedding LIMIT 10) t),
          picks AS (SELECT i.id, near.pos, row_number() OVER (PARTITION BY i.supplier_id ORDER BY i.rank DESC, i.id) AS k
                      FROM catalog_items i JOIN near ON near.id = i.supplier_id WHERE i.enabled_at IS NOT NULL)
     SELECT ${ITEM_COLUMNS}, NULL::float8 AS score
       FROM picks JOIN catalog_items i ON i.id = picks.id JOIN suppliers s ON s.id = i.supplier_id
      ORDER BY picks.k, picks.pos, i.id LIMIT $2`,
    [supplierId, size],
  );
  return rows;
}

/** Items nearest to a taste vector (the mean of what a store looked at), excluding given suppliers. */
export async function itemsNearVector(db: Queryable, vector: string, size: number, exclude: { supplierIds: string[]; categoryIds?: number[] }): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `WITH nn AS (SELECT c.id, c.embedding <=> $1::vector AS d FROM catalog_items c WHERE c.embedding IS NOT NULL ORDER BY c.embedding <=> $1::vector LIMIT 200)
     SELECT ${ITEM_COLUMNS}, (1 - nn.d)::float8 AS score
       FROM nn JOIN catalog_items i ON i.id = nn.id JOIN suppliers s ON s.id = i.supplier_id
      WHERE i.enabled_at IS NOT NULL AND s.enabled_at IS NOT NULL AND NOT (i.supplier_id = ANY($3::uuid[]))
        AND ($4::int[] IS NULL OR i.vertical_id = ANY($4) OR i.group_id = ANY($4) OR i.subgroup_id = ANY($4))
      ORDER BY nn.d, i.id LIMIT $2`,
    [vector, size, exclude.supplierIds, exclude.categoryIds ?? null],
  );
  return rows;
}

/** Whether the item exists and, unless `enabledOnly` is false, is shown in the marketplace. */
export async function itemExists(db: Queryable, id: string, enabledOnly = true): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM catalog_items WHERE id = $1${enabledOnly ? " AND enabled_at IS NOT NULL" : ""}`, [id]);
  return rows.length > 0;
}

export async function itemSupplierId(db: Queryable, itemId: string): Promise<string | null> {
  const { rows } = await db.query<{ supplier_id: string }>("SELECT supplier_id FROM catalog_items WHERE id = $1", [itemId]);
  return rows[0]?.supplier_id ?? null;
}

export async function itemsByIds(db: Queryable, ids: string[]): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(`SELECT ${ITEM_COLUMNS}, NULL::float8 AS score FROM catalog_items i JOIN suppliers s ON s.id = i.supplier_id WHERE i.id = ANY($1::uuid[])`, [ids]);
  return rows;
}

/** What buying a catalog item needs: its prices, colours and supplier. */
export type ItemForPurchase = {
  id: string;
  title: string;
  supplierId: string;
  supplierName: string;
  moq: number | null;
  samplePriceCents: number | null;
  priceMinCents: number | null;
  priceMaxCents: number | null;
  colors: string;
  enabled: boolean;
};

export async function itemForPurchase(db: Queryable, id: string): Promise<ItemForPurchase | null> {
  const { rows } = await db.query(
    `SELECT ci.id, ci.title, ci.supplier_id, s.name AS supplier_name, ci.moq, ci.sample_price_cents, ci.price_min_cents, ci.price_max_cents,
            ci.colors, (ci.enabled_at IS NOT NULL) AS enabled
       FROM catalog_items ci JOIN suppliers s ON s.id = ci.supplier_id WHERE ci.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    title: r.title,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    moq: r.moq,
    samplePriceCents: r.sample_price_cents,
    priceMinCents: r.price_min_cents,
    priceMaxCents: r.price_max_cents,
    colors: r.colors,
    enabled: r.enabled,
  };
}
