import type { InventoryFilter, InventorySort } from "@atelier/contracts/inventory";
import type { Queryable } from "../../db/pool";
import { keptText, pageBoundsShape, pageBoundsSql, queryPrepared } from "../../db/prepared";
import { containsPattern } from "../like-pattern";

// SQL of the store's stock: items (one per SKU), their levels per bin and the list's tabs. The
// movement ledger and reservations are in movements.ts and reservations.ts. Every statement is
// scoped to one store.

export type LevelRow = { id: string; bin: string; onHand: number; reserved: number; incoming: number };

export type ItemRow = {
  id: string;
  sku: string;
  title: string;
  lowStockThreshold: number;
  onHand: number;
  reserved: number;
  incoming: number;
  bins: LevelRow[];
};

type Row = Record<string, unknown>;

/** A level `l` as a LevelRow reads it. */
const LEVEL_JSON = "json_build_object('id', l.id, 'bin', l.bin, 'onHand', l.on_hand, 'reserved', l.reserved, 'incoming', l.incoming)";

/** Each item's totals over its bins (`t`, the bins as a JSON array of LevelRows), joined to the item `i`. */
const TOTALS_JOIN = `LEFT JOIN LATERAL (
    SELECT coalesce(sum(l.on_hand), 0)::int AS on_hand, coalesce(sum(l.reserved), 0)::int AS reserved, coalesce(sum(l.incoming), 0)::int AS incoming,
           coalesce(json_agg(${LEVEL_JSON} ORDER BY l.bin) FILTER (WHERE l.id IS NOT NULL), '[]') AS bins
      FROM inventory_levels l WHERE l.item_id = i.id) t ON TRUE`;

/** The units free to reserve, from the item's own totals (kept by 0491's triggers on the levels). */
const AVAILABLE = "(i.on_hand - i.reserved)";

const FILTER_SQL: Record<InventoryFilter, string> = {
  ALL: "TRUE",
  LOW_STOCK: `${AVAILABLE} <= i.low_stock_threshold AND ${AVAILABLE} > 0`,
  OUT_OF_STOCK: `${AVAILABLE} <= 0`,
};

/** Each tab's column in inventory_tab_counts (migration 0555), whose triggers apply FILTER_SQL's conditions. */
const TAB_COUNT_COLUMN: Record<InventoryFilter, string> = { ALL: "all_items", LOW_STOCK: "low_stock", OUT_OF_STOCK: "out_of_stock" };

/** Every tab's count as one JSON object, from the store's kept counts row (none until its first SKU). */
const TAB_COUNTS_SQL = `(SELECT json_build_object(${Object.entries(TAB_COUNT_COLUMN).map(([name, column]) => `'${name}', coalesce(max(t.${column}), 0)`).join(", ")})
    FROM inventory_tab_counts t WHERE t.store_id = $1)`;

const SORT_SQL: Record<InventorySort, string> = {
  sku: "i.sku ASC",
  "-sku": "i.sku DESC",
  title: "i.title ASC, i.sku ASC",
  "-title": "i.title DESC, i.sku ASC",
  available: `${AVAILABLE} ASC, i.sku ASC`,
  "-available": `${AVAILABLE} DESC, i.sku ASC`,
};

function toItem(r: Row): ItemRow {
  return {
    id: r.id as string,
    sku: r.sku as string,
    title: r.title as string,
    lowStockThreshold: r.low_stock_threshold as number,
    onHand: r.on_hand as number,
    reserved: r.reserved as number,
    incoming: r.incoming as number,
    bins: (typeof r.bins === "string" ? JSON.parse(r.bins) : r.bins) as LevelRow[],
  };
}

function searchSql(search: string | undefined, params: unknown[]): string {
  if (!search) return "TRUE";
  params.push(containsPattern(search));
  return `(i.sku ILIKE $${params.length} OR i.title ILIKE $${params.length})`;
}

export type ListInventoryInput = { filter: InventoryFilter; search?: string; sort: InventorySort; limit: number; offset: number };

export type InventoryPage = { list: ItemRow[]; total: number; counts: Record<InventoryFilter, number> };

/**
 * How a page's items are made: "live" sums each item's levels into rows `p` (TOTALS_JOIN), for
 * toItem; "kept" joins the answer texts each item keeps (inventory_item_answers, migration 0563:
 * the InventoryItem object, its bins included, that this list built per item before) into the
 * answer's list, one look-up by key per item of the page.
 */
type PageRows = "live" | "kept";

/**
 * The list's statement: every tab's count (`counts`), with a search its total (`total`), and the
 * page (`page`), its items made as `rows` says. The counts are the store's kept row (0555); the tabs
 * and the sort read the totals each item keeps (0491), so only the page's items are read beyond
 * the walk. The texts are a fixed few (pageBoundsSql): Postgres keeps them prepared.
 */
function listItemsSql(storeId: string, input: ListInventoryInput, rows: PageRows): { text: string; params: unknown[] } {
  const params: unknown[] = [storeId];
  const search = searchSql(input.search, params);
  const where = `i.store_id = $1 AND ${FILTER_SQL[input.filter]} AND ${search}`;
  const bounds = pageBoundsSql(params, input.limit, input.offset);
  const walk = (columns: string, join: string) => `SELECT ${columns} FROM inventory_items i ${join} WHERE ${where} ORDER BY ${SORT_SQL[input.sort]} ${bounds}`;
  // The aggregates keep the sorted subquery's order; the kept texts join as json_agg joins json values.
  const page =
    rows === "kept"
      ? `(SELECT coalesce('[' || string_agg((SELECT a.answer FROM inventory_item_answers a WHERE a.item_id = p.id), ', ') || ']', '[]')::json FROM (${walk("i.id", "")}) p)`
      : `(SELECT coalesce(json_agg(p), '[]') FROM (${walk("i.id, i.sku, i.title, i.low_stock_threshold, t.*", TOTALS_JOIN)}) p)`;
  // Without a search a tab's total is its count.
  const text = `SELECT ${TAB_COUNTS_SQL} AS counts,
            ${input.search ? `(SELECT count(*)::int FROM inventory_items i WHERE ${where})` : "NULL::int"} AS total,
            ${page} AS page`;
  return { text, params };
}

/** One tab of the store's SKUs with their bins (searched, sorted and paged), its total and every tab's count, in one statement. */
export async function listItemsPage(db: Queryable, storeId: string, input: ListInventoryInput): Promise<InventoryPage> {
  const { text, params } = listItemsSql(storeId, input, "live");
  const { rows } = await queryPrepared<{ counts: Record<InventoryFilter, number>; total: number | null; page: Row[] }>(db, text, params);
  const r = rows[0]!;
  return { list: r.page.map(toItem), total: r.total ?? r.counts[input.filter], counts: r.counts };
}

/** The same page as the API's whole answer (the list contract's response), as JSON text made by the database and sent as it is. */
export async function listItemsAnswer(db: Queryable, storeId: string, input: ListInventoryInput & { page: number }): Promise<string> {
  const { text, params } = listItemsSql(storeId, input, "kept");
  params.push(input.page, input.limit);
  // OFFSET 0 keeps the statement a subquery of its own: pulled up, its counts were read once per use.
  const built = `SELECT json_build_object('list', a.page, 'total', coalesce(a.total, (a.counts->>'${input.filter}')::int), 'page', $${params.length - 1}::int,
       'size', $${params.length}::int, 'counts', a.counts)::text AS answer FROM (${text} OFFSET 0) a`;
  // A tab's text is one of a fixed few; a search's adds its pattern's placeholder.
  const shape = `${input.filter} ${input.sort} ${input.search ? "search" : ""} ${pageBoundsShape(input.limit, input.offset)}`;
  const { rows } = await queryPrepared<{ answer: string }>(db, keptText(answerTexts, shape, built), params);
  return rows[0]!.answer;
}

/** The list's answer texts, by shape (keptText). */
const answerTexts = new Map<string, string>();

/** One SKU of the store (case as stored; the lookup ignores case), or null. */
export async function getItem(db: Queryable, storeId: string, sku: string): Promise<ItemRow | null> {
  const { rows } = await db.query(`SELECT i.id, i.sku, i.title, i.low_stock_threshold, t.* FROM inventory_items i ${TOTALS_JOIN} WHERE i.store_id = $1 AND lower(i.sku) = lower($2)`, [storeId, sku]);
  return rows[0] ? toItem(rows[0] as Row) : null;
}

/**
 * Which of these SKUs have a unit free to reserve: one on hand and not reserved, or, for a kit, the
 * components of one more kit. The SKUs come back as the store spells them.
 */
export async function skusWithFreeUnits(db: Queryable, storeId: string, skus: string[]): Promise<string[]> {
  const { rows } = await db.query<{ sku: string }>(
    `WITH free AS (
       SELECT i.id, i.sku, (SELECT coalesce(sum(l.on_hand - l.reserved), 0) FROM inventory_levels l WHERE l.item_id = i.id) AS units
         FROM inventory_items i WHERE i.store_id = $1)
     SELECT f.sku FROM free f
      WHERE lower(f.sku) = ANY($2::text[])
        AND (f.units > 0 OR (EXISTS (SELECT 1 FROM kit_components kc WHERE kc.kit_item_id = f.id)
             AND NOT EXISTS (SELECT 1 FROM kit_components kc JOIN free c ON c.id = kc.component_item_id WHERE kc.kit_item_id = f.id AND c.units < kc.quantity)))`,
    [storeId, skus.map((s) => s.toLowerCase())],
  );
  return rows.map((r) => r.sku);
}

/** The store's items of these SKUs, by lower-cased SKU. */
export async function itemsBySku(db: Queryable, storeId: string, skus: string[]): Promise<Map<string, { id: string; sku: string; title: string }>> {
  const { rows } = await db.query<{ id: string; sku: string; title: string }>(
    `SELECT id, sku, title FROM inventory_items WHERE store_id = $1 AND lower(sku) = ANY($2::text[])`,
    [storeId, skus.map((s) => s.toLowerCase())],
  );
  return new Map(rows.map((r) => [r.sku.toLowerCase(), r]));
}

export async function insertItem(db: Queryable, storeId: string, item: { sku: string; title: string; lowStockThreshold: number }): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO inventory_items (store_id, sku, title, low_stock_threshold) VALUES ($1, $2, $3, $4) RETURNING id`,
    [storeId, item.sku, item.title, item.lowStockThreshold],
  );
  return rows[0]!.id;
}

export async function updateItem(db: Queryable, storeId: string, itemId: string, patch: { title?: string; lowStockThreshold?: number }): Promise<void> {
  await db.query(
    `UPDATE inventory_items SET title = coalesce($3, title), low_stock_threshold = coalesce($4, low_stock_threshold), updated_at = now() WHERE store_id = $1 AND id = $2`,
    [storeId, itemId, patch.title ?? null, patch.lowStockThreshold ?? null],
  );
}

/** The item's level in one bin, created empty if it has none; locked for a change. */
export async function lockLevel(db: Queryable, storeId: string, itemId: string, bin: string, create: boolean): Promise<LevelRow | null> {
  if (create) {
    await db.query(`INSERT INTO inventory_levels (store_id, item_id, bin) VALUES ($1, $2, $3) ON CONFLICT (item_id, bin) DO NOTHING`, [storeId, itemId, bin]);
  }
  const { rows } = await db.query(
    `SELECT id, bin, on_hand, reserved, incoming FROM inventory_levels WHERE store_id = $1 AND item_id = $2 AND bin = $3 FOR UPDATE`,
    [storeId, itemId, bin],
  );
  const r = rows[0] as Row | undefined;
  return r ? { id: r.id as string, bin: r.bin as string, onHand: r.on_hand as number, reserved: r.reserved as number, incoming: r.incoming as number } : null;
}

/** Every level of these items, locked in one fixed order (item, bin) so concurrent orders never deadlock. */
export async function lockLevelsOf(db: Queryable, storeId: string, itemIds: string[]): Promise<(LevelRow & { itemId: string })[]> {
  const { rows } = await db.query(
    `SELECT id, item_id, bin, on_hand, reserved, incoming FROM inventory_levels WHERE store_id = $1 AND item_id = ANY($2::uuid[]) ORDER BY item_id, bin FOR UPDATE`,
    [storeId, itemIds],
  );
  return rows.map((r: Row) => ({ id: r.id as string, itemId: r.item_id as string, bin: r.bin as string, onHand: r.on_hand as number, reserved: r.reserved as number, incoming: r.incoming as number }));
}

/** Moves a level's counts by the given amounts; the table's checks keep both at or above zero and reserved within on hand. */
export async function changeLevel(db: Queryable, storeId: string, levelId: string, change: { onHand?: number; reserved?: number }): Promise<LevelRow> {
  const { rows } = await db.query(
    `UPDATE inventory_levels SET on_hand = on_hand + $3, reserved = reserved + $4, updated_at = now() WHERE store_id = $1 AND id = $2
     RETURNING id, bin, on_hand, reserved, incoming`,
    [storeId, levelId, change.onHand ?? 0, change.reserved ?? 0],
  );
  const r = rows[0] as Row;
  return { id: r.id as string, bin: r.bin as string, onHand: r.on_hand as number, reserved: r.reserved as number, incoming: r.incoming as number };
}

/** Adds to several levels' reserved counts in one statement (a level appears once); the table's checks hold as in changeLevel. */
export async function reserveOnLevels(db: Queryable, storeId: string, changes: { levelId: string; reserved: number }[]): Promise<void> {
  if (!changes.length) return;
  await db.query(
    `UPDATE inventory_levels l SET reserved = l.reserved + c.reserved, updated_at = now() FROM unnest($2::uuid[], $3::int[]) AS c(id, reserved) WHERE l.store_id = $1 AND l.id = c.id`,
    [storeId, changes.map((c) => c.levelId), changes.map((c) => c.reserved)],
  );
}

/**
 * Demo stores get stock for the SKUs their orders sell (the generator writes orders only): one bin
 * each, most well stocked, about one in nine out of stock and one in nine low, each count a
 * RECEIVED movement. Deterministic from the SKU, so a reseed gives the same screen.
 */
export async function seedDemoInventory(db: Queryable, storeId: string): Promise<number> {
  const { rowCount } = await db.query(
    `WITH skus AS (
       SELECT sku, min(title) AS title, mod(abs(hashtext(sku)::bigint), 997) AS h FROM order_line_items WHERE store_id = $1 GROUP BY sku
     ), items AS (
       INSERT INTO inventory_items (store_id, sku, title, low_stock_threshold)
       SELECT $1, sku, left(title, 200), 10 FROM skus WHERE sku ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' AND length(title) > 0
       ON CONFLICT (store_id, sku) DO NOTHING RETURNING id, sku
     ), levels AS (
       INSERT INTO inventory_levels (store_id, item_id, bin, on_hand)
       SELECT $1, i.id, chr(65 + (s.h % 4)::int) || '-' || lpad((1 + s.h % 40)::text, 2, '0'),
              CASE WHEN s.h % 9 = 0 THEN 0 WHEN s.h % 9 = 1 THEN 2 + s.h % 7 ELSE 25 + s.h % 300 END
         FROM items i JOIN skus s ON s.sku = i.sku
       RETURNING item_id, bin, on_hand
     )
     INSERT INTO inventory_movements (store_id, item_id, bin, kind, reason, on_hand_change, reserved_change, on_hand_after, reserved_after, note)
     SELECT $1, item_id, bin, 'ADJUSTED', 'RECEIVED', on_hand, 0, on_hand, 0, 'Demo stock counted at the fulfilment center' FROM levels WHERE on_hand > 0`,
    [storeId],
  );
  return rowCount ?? 0;
}
