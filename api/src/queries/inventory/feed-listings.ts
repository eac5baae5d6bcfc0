import type { FeedCondition, FeedListingFilter, FeedRequiredField } from "@atelier/contracts/product-feeds";
import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of each SKU's feed listing (what Google Merchant Center and Meta's catalog say of it), read
// with the SKU's title and its available units. A SKU without a listing row reads as empty: it is
// created on its first edit. Every statement is scoped to one store.

export type FeedListingRow = {
  sku: string;
  inventoryTitle: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  priceCents: number | null;
  brand: string;
  gtin: string;
  mpn: string;
  condition: FeedCondition;
  available: number;
};

export type FeedListingPatch = Partial<Omit<FeedListingRow, "sku" | "inventoryTitle" | "available">>;

const SELECT = `SELECT i.sku, i.title AS inventory_title, coalesce(f.title, '') AS title, coalesce(f.description, '') AS description,
    coalesce(f.link, '') AS link, coalesce(f.image_link, '') AS image_link, f.price_cents, coalesce(f.brand, '') AS brand,
    coalesce(f.gtin, '') AS gtin, coalesce(f.mpn, '') AS mpn, coalesce(f.condition, 'NEW') AS condition,
    coalesce((SELECT sum(l.on_hand - l.reserved) FROM inventory_levels l WHERE l.item_id = i.id), 0)::int AS available
  FROM inventory_items i LEFT JOIN inventory_feed_listings f ON f.item_id = i.id`;

/**
 * Each field both platforms require, with its "is there" test in SQL (the Ready and Not ready tabs)
 * and on a row read (the listing's `missing`, in feed-listing-dto.ts): one table, so a tab and the
 * rows it lists can never disagree.
 */
export const REQUIRED_FIELD_TESTS: Record<FeedRequiredField, { sql: string; present: (r: FeedListingRow) => boolean }> = {
  description: { sql: "f.description <> ''", present: (r) => r.description !== "" },
  link: { sql: "f.link <> ''", present: (r) => r.link !== "" },
  imageLink: { sql: "f.image_link <> ''", present: (r) => r.imageLink !== "" },
  price: { sql: "f.price_cents IS NOT NULL", present: (r) => r.priceCents !== null },
  brand: { sql: "f.brand <> ''", present: (r) => r.brand !== "" },
};

/** Ready: everything both platforms require is there. */
const READY_SQL = `(${Object.values(REQUIRED_FIELD_TESTS).map((t) => t.sql).join(" AND ")})`;
const FILTER_SQL: Record<FeedListingFilter, string> = { ALL: "TRUE", READY: `coalesce(${READY_SQL}, FALSE)`, NOT_READY: `NOT coalesce(${READY_SQL}, FALSE)` };

type Row = Record<string, unknown>;
const toRow = (r: Row): FeedListingRow => ({
  sku: r.sku as string,
  inventoryTitle: r.inventory_title as string,
  title: r.title as string,
  description: r.description as string,
  link: r.link as string,
  imageLink: r.image_link as string,
  priceCents: r.price_cents as number | null,
  brand: r.brand as string,
  gtin: r.gtin as string,
  mpn: r.mpn as string,
  condition: r.condition as FeedCondition,
  available: Math.max(0, r.available as number),
});

export type ListFeedListingsInput = { filter: FeedListingFilter; search?: string; limit: number; offset: number };

/** One tab of the store's SKUs with their listings, searched and paged, by SKU. */
export async function listFeedListings(db: Queryable, storeId: string, input: ListFeedListingsInput): Promise<{ list: FeedListingRow[]; total: number }> {
  const params: unknown[] = [storeId];
  let search = "TRUE";
  if (input.search) {
    params.push(containsPattern(input.search));
    search = `(i.sku ILIKE $2 OR i.title ILIKE $2 OR f.title ILIKE $2)`;
  }
  const where = `i.store_id = $1 AND ${FILTER_SQL[input.filter]} AND ${search}`;
  const page = await db.query(`${SELECT} WHERE ${where} ORDER BY i.sku LIMIT ${input.limit} OFFSET ${input.offset}`, params);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_items i LEFT JOIN inventory_feed_listings f ON f.item_id = i.id WHERE ${where}`, params);
  return { list: page.rows.map(toRow), total: count.rows[0]!.n };
}

/** How many SKUs each tab holds. */
export async function countFeedListings(db: Queryable, storeId: string): Promise<Record<FeedListingFilter, number>> {
  const columns = Object.entries(FILTER_SQL).map(([name, cond]) => `count(*) FILTER (WHERE ${cond})::int AS "${name}"`);
  const { rows } = await db.query(`SELECT ${columns.join(", ")} FROM inventory_items i LEFT JOIN inventory_feed_listings f ON f.item_id = i.id WHERE i.store_id = $1`, [storeId]);
  return rows[0] as Record<FeedListingFilter, number>;
}

/** Every ready SKU of the store, by SKU, for writing a feed file. */
export async function readyFeedListings(db: Queryable, storeId: string): Promise<FeedListingRow[]> {
  const { rows } = await db.query(`${SELECT} WHERE i.store_id = $1 AND ${FILTER_SQL.READY} ORDER BY i.sku`, [storeId]);
  return rows.map(toRow);
}

/** One SKU's listing (the lookup ignores case), or null when the store has no such SKU. */
export async function getFeedListing(db: Queryable, storeId: string, sku: string): Promise<(FeedListingRow & { itemId: string }) | null> {
  const { rows } = await db.query(`${SELECT.replace("SELECT i.sku", "SELECT i.id AS item_id, i.sku")} WHERE i.store_id = $1 AND lower(i.sku) = lower($2)`, [storeId, sku]);
  const r = rows[0] as Row | undefined;
  return r ? { ...toRow(r), itemId: r.item_id as string } : null;
}

const COLUMNS: Record<keyof FeedListingPatch, string> = {
  title: "title", description: "description", link: "link", imageLink: "image_link", priceCents: "price_cents",
  brand: "brand", gtin: "gtin", mpn: "mpn", condition: "condition",
};

/** Writes the fields given of one SKU's listing, creating it on the first edit. */
export async function upsertFeedListing(db: Queryable, storeId: string, itemId: string, patch: FeedListingPatch): Promise<void> {
  const set = (Object.keys(COLUMNS) as (keyof FeedListingPatch)[]).filter((k) => patch[k] !== undefined);
  const params: unknown[] = [itemId, storeId, ...set.map((k) => patch[k])];
  const cols = set.map((k) => COLUMNS[k]);
  const values = set.map((_, i) => `$${i + 3}`);
  const updates = [...cols.map((c) => `${c} = EXCLUDED.${c}`), "updated_at = now()"];
  await db.query(
    `INSERT INTO inventory_feed_listings (item_id, store_id${cols.map((c) => `, ${c}`).join("")}) VALUES ($1, $2${values.map((v) => `, ${v}`).join("")})
     ON CONFLICT (item_id) DO UPDATE SET ${updates.join(", ")} WHERE inventory_feed_listings.store_id = $2`,
    params,
  );
}
