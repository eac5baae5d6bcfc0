import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of kits (migration 0350): each kit's components with the units in one kit, and the stock
// both sides read from inventory_levels (available = on hand − reserved, summed over bins). Every
// statement is scoped to one store.

export type ComponentRow = { itemId: string; sku: string; title: string; quantity: number; available: number };
export type KitRow = { itemId: string; sku: string; title: string; assembled: number; components: ComponentRow[] };

type Row = Record<string, unknown>;
const AVAILABLE_OF = (alias: string) => `(SELECT coalesce(sum(l.on_hand - l.reserved), 0)::int FROM inventory_levels l WHERE l.item_id = ${alias}.id)`;

const KIT_SELECT = `SELECT k.id AS item_id, k.sku, k.title, ${AVAILABLE_OF("k")} AS assembled,
    (SELECT json_agg(json_build_object('itemId', c.id, 'sku', c.sku, 'title', c.title, 'quantity', kc.quantity, 'available', ${AVAILABLE_OF("c")}) ORDER BY kc.position, c.sku)
       FROM kit_components kc JOIN inventory_items c ON c.id = kc.component_item_id WHERE kc.kit_item_id = k.id) AS components
  FROM inventory_items k`;

function toKit(r: Row): KitRow {
  const components = (typeof r.components === "string" ? JSON.parse(r.components) : r.components) as ComponentRow[];
  return { itemId: r.item_id as string, sku: r.sku as string, title: r.title as string, assembled: r.assembled as number, components };
}

const IS_KIT = "EXISTS (SELECT 1 FROM kit_components x WHERE x.kit_item_id = k.id)";

/** One page of the store's kits, by SKU, searched by SKU or name. */
export async function listKits(db: Queryable, storeId: string, input: { search?: string; limit: number; offset: number }): Promise<{ list: KitRow[]; total: number }> {
  const params: unknown[] = [storeId];
  let where = `k.store_id = $1 AND ${IS_KIT}`;
  if (input.search) {
    params.push(containsPattern(input.search));
    where += ` AND (k.sku ILIKE $2 OR k.title ILIKE $2)`;
  }
  const page = await db.query(`${KIT_SELECT} WHERE ${where} ORDER BY k.sku LIMIT ${input.limit} OFFSET ${input.offset}`, params);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_items k WHERE ${where}`, params);
  return { list: page.rows.map(toKit), total: count.rows[0]!.n };
}

/** The store's kit of this SKU (case ignored), or null when the SKU is not a kit. */
export async function getKit(db: Queryable, storeId: string, sku: string): Promise<KitRow | null> {
  const { rows } = await db.query(`${KIT_SELECT} WHERE k.store_id = $1 AND lower(k.sku) = lower($2) AND ${IS_KIT}`, [storeId, sku]);
  return rows[0] ? toKit(rows[0] as Row) : null;
}

/** The components of whichever of these items are kits, by kit item id. */
export async function recipesOf(db: Queryable, storeId: string, itemIds: string[]): Promise<Map<string, { itemId: string; sku: string; quantity: number }[]>> {
  const { rows } = await db.query<{ kit: string; itemId: string; sku: string; quantity: number }>(
    `SELECT kc.kit_item_id AS kit, c.id AS "itemId", c.sku, kc.quantity FROM kit_components kc JOIN inventory_items c ON c.id = kc.component_item_id
      WHERE kc.store_id = $1 AND kc.kit_item_id = ANY($2::uuid[]) ORDER BY kc.kit_item_id, kc.position`,
    [storeId, itemIds],
  );
  const out = new Map<string, { itemId: string; sku: string; quantity: number }[]>();
  for (const r of rows) out.set(r.kit, [...(out.get(r.kit) ?? []), { itemId: r.itemId, sku: r.sku, quantity: r.quantity }]);
  return out;
}

/** Which of these items are kits themselves (a kit is not made of kits). */
export async function kitItemIds(db: Queryable, storeId: string, itemIds: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(`SELECT DISTINCT kit_item_id AS id FROM kit_components WHERE store_id = $1 AND kit_item_id = ANY($2::uuid[])`, [storeId, itemIds]);
  return new Set(rows.map((r) => r.id));
}

/** Replaces the kit's components with these, in this order. */
export async function setComponents(db: Queryable, storeId: string, kitItemId: string, components: { itemId: string; quantity: number }[]): Promise<void> {
  await db.query(`DELETE FROM kit_components WHERE store_id = $1 AND kit_item_id = $2`, [storeId, kitItemId]);
  await db.query(
    `INSERT INTO kit_components (store_id, kit_item_id, component_item_id, quantity, position)
     SELECT $1, $2, c.item_id, c.quantity, c.position FROM unnest($3::uuid[], $4::int[]) WITH ORDINALITY AS c(item_id, quantity, position)`,
    [storeId, kitItemId, components.map((c) => c.itemId), components.map((c) => c.quantity)],
  );
}

/** Locks the kit row so two edits or assemblies of one kit take turns. */
export async function lockKit(db: Queryable, storeId: string, kitItemId: string): Promise<void> {
  await db.query(`SELECT 1 FROM inventory_items WHERE store_id = $1 AND id = $2 FOR UPDATE`, [storeId, kitItemId]);
}

/** The kit item's SKU and name, or null. */
export async function kitItem(db: Queryable, storeId: string, itemId: string): Promise<{ sku: string; title: string } | null> {
  const { rows } = await db.query<{ sku: string; title: string }>(`SELECT sku, title FROM inventory_items WHERE store_id = $1 AND id = $2`, [storeId, itemId]);
  return rows[0] ?? null;
}

/**
 * The demo store's gift set: a stoneware mug and two cork coasters in stock, the kit of them, and
 * 12 kits the center assembled ahead (a work order with its fee), so the kitting screen and "how
 * many gift sets can I make?" have something real to show. Deterministic; a reseed finds it there.
 */
export async function seedDemoKits(db: Queryable, storeId: string, userId: string): Promise<void> {
  await db.query(
    `WITH items AS (
       INSERT INTO inventory_items (store_id, sku, title, low_stock_threshold)
       VALUES ($1, 'MUG-STONE', 'Stoneware mug, speckled white', 10), ($1, 'COASTER-CORK', 'Cork coaster, round', 20), ($1, 'GIFT-SET', 'Gift set: mug and two coasters', 0)
       ON CONFLICT (store_id, sku) DO NOTHING RETURNING id, sku
     ), levels AS (
       INSERT INTO inventory_levels (store_id, item_id, bin, on_hand)
       SELECT $1, id, CASE sku WHEN 'MUG-STONE' THEN 'C-05' WHEN 'COASTER-CORK' THEN 'C-06' ELSE 'C-07' END,
              CASE sku WHEN 'MUG-STONE' THEN 46 WHEN 'COASTER-CORK' THEN 75 ELSE 12 END
         FROM items RETURNING item_id, bin, on_hand
     ), moved AS (
       INSERT INTO inventory_movements (store_id, item_id, bin, kind, reason, on_hand_change, reserved_change, on_hand_after, reserved_after, note, actor_rule)
       SELECT $1, l.item_id, l.bin, CASE i.sku WHEN 'GIFT-SET' THEN 'RECEIVED' ELSE 'ADJUSTED' END, CASE i.sku WHEN 'GIFT-SET' THEN NULL ELSE 'RECEIVED' END,
              l.on_hand, 0, l.on_hand, 0, CASE i.sku WHEN 'GIFT-SET' THEN '12 kits assembled by the fulfilment center' ELSE 'Demo stock counted at the fulfilment center' END,
              CASE i.sku WHEN 'GIFT-SET' THEN 'Fulfilment center' END
         FROM levels l JOIN items i ON i.id = l.item_id
     ), parts AS (
       INSERT INTO kit_components (store_id, kit_item_id, component_item_id, quantity, position)
       SELECT $1, k.id, c.id, CASE c.sku WHEN 'MUG-STONE' THEN 1 ELSE 2 END, CASE c.sku WHEN 'MUG-STONE' THEN 1 ELSE 2 END
         FROM items k JOIN items c ON c.sku IN ('MUG-STONE', 'COASTER-CORK') WHERE k.sku = 'GIFT-SET'
     )
     INSERT INTO kitting_orders (store_id, kit_item_id, kits, bin, fee_per_kit_cents, fee_cents, status, requested_by, created_at, assembled_at)
     SELECT $1, id, 12, 'C-07', 75, 900, 'ASSEMBLED', $2, now() - interval '9 days', now() - interval '8 days' FROM items WHERE sku = 'GIFT-SET'`,
    [storeId, userId],
  );
}
