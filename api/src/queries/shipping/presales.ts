import type { PresaleSourceKind, PresaleStatus, PreorderStatus } from "@atelier/contracts/presales";
import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of pre-sales (migration 0400) and their pre-orders. Every statement is scoped to one store.
// The cap is kept by one conditional update (sold + n <= cap), so concurrent orders on the last
// units can never pass it, and the table's check would refuse it even if this code were wrong.

type Row = Record<string, unknown>;

export type PresaleRow = {
  id: string;
  itemId: string;
  sku: string;
  title: string;
  status: PresaleStatus;
  sourceKind: PresaleSourceKind;
  sourceRef: string;
  receivingId: string | null;
  freightBookingId: string | null;
  cap: number;
  sold: number;
  waitingOrders: number;
  waitingUnits: number;
  expectedShipDate: string;
  createdAt: Date;
  endedAt: Date | null;
};

export type PreorderRow = {
  id: string;
  presaleId: string;
  orderId: string;
  orderNumber: number;
  customerName: string;
  holdId: string;
  quantity: number;
  position: number;
  status: PreorderStatus;
  createdAt: Date;
  allocatedAt: Date | null;
};

// expected_ship_date as text: a date has no time zone, and pg would turn it into a local midnight.
const COLUMNS = `p.id, p.item_id, p.sku, p.title, p.status, p.source_kind, p.source_ref, p.receiving_id, p.freight_booking_id, p.cap, p.sold,
  to_char(p.expected_ship_date, 'YYYY-MM-DD') AS expected_ship_date, p.created_at, p.ended_at,
  (SELECT count(*)::int FROM presale_orders w WHERE w.presale_id = p.id AND w.status = 'WAITING') AS waiting_orders,
  (SELECT coalesce(sum(w.quantity), 0)::int FROM presale_orders w WHERE w.presale_id = p.id AND w.status = 'WAITING') AS waiting_units`;

function toPresale(r: Row): PresaleRow {
  return {
    id: r.id as string, itemId: r.item_id as string, sku: r.sku as string, title: r.title as string, status: r.status as PresaleStatus,
    sourceKind: r.source_kind as PresaleSourceKind, sourceRef: r.source_ref as string, receivingId: (r.receiving_id as string | null) ?? null,
    freightBookingId: (r.freight_booking_id as string | null) ?? null, cap: r.cap as number, sold: r.sold as number,
    waitingOrders: r.waiting_orders as number, waitingUnits: r.waiting_units as number, expectedShipDate: r.expected_ship_date as string,
    createdAt: r.created_at as Date, endedAt: (r.ended_at as Date | null) ?? null,
  };
}

function toPreorder(r: Row): PreorderRow {
  return {
    id: r.id as string, presaleId: r.presale_id as string, orderId: r.order_id as string, orderNumber: r.order_number as number, customerName: r.customer_name as string,
    holdId: r.hold_id as string, quantity: r.quantity as number, position: Number(r.position), status: r.status as PreorderStatus,
    createdAt: r.created_at as Date, allocatedAt: (r.allocated_at as Date | null) ?? null,
  };
}

const SORTS: Record<string, string> = {
  "-createdAt": "p.created_at DESC, p.id DESC",
  createdAt: "p.created_at, p.id",
  expectedShipDate: "p.expected_ship_date, p.id",
  "-expectedShipDate": "p.expected_ship_date DESC, p.id DESC",
  sku: "p.sku, p.created_at DESC",
};

/** One page of the store's pre-sales, searched by SKU, name or the shipment's number. */
export async function listPresales(db: Queryable, storeId: string, q: { search?: string; status?: PresaleStatus; sort: string; limit: number; offset: number }): Promise<{ list: PresaleRow[]; total: number }> {
  const params: unknown[] = [storeId];
  const where = ["p.store_id = $1"];
  if (q.status) {
    params.push(q.status);
    where.push(`p.status = $${params.length}`);
  }
  for (const word of (q.search ?? "").split(/\s+/).filter(Boolean)) {
    params.push(containsPattern(word));
    const p = `$${params.length}`;
    where.push(`(p.sku ILIKE ${p} OR p.title ILIKE ${p} OR p.source_ref ILIKE ${p})`);
  }
  const w = where.join(" AND ");
  const page = await db.query(`SELECT ${COLUMNS} FROM presales p WHERE ${w} ORDER BY ${SORTS[q.sort] ?? SORTS["-createdAt"]} LIMIT ${q.limit} OFFSET ${q.offset}`, params);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM presales p WHERE ${w}`, params);
  return { list: page.rows.map(toPresale), total: count.rows[0]!.n };
}

/** Orders and units still waiting over all the store's pre-sales. */
export async function waitingTotals(db: Queryable, storeId: string): Promise<{ orders: number; units: number }> {
  const { rows } = await db.query<{ orders: number; units: number }>(
    `SELECT count(DISTINCT order_id)::int AS orders, coalesce(sum(quantity), 0)::int AS units FROM presale_orders WHERE store_id = $1 AND status = 'WAITING'`,
    [storeId],
  );
  return rows[0]!;
}

export async function getPresale(db: Queryable, storeId: string, id: string, lock = false): Promise<PresaleRow | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM presales p WHERE p.store_id = $1 AND p.id = $2${lock ? " FOR UPDATE OF p" : ""}`, [storeId, id]);
  return rows[0] ? toPresale(rows[0] as Row) : null;
}

/** The live pre-sales of these SKUs (case ignored), by lower-cased SKU. */
export async function activeBySku(db: Queryable, storeId: string, skus: string[]): Promise<Map<string, PresaleRow>> {
  if (skus.length === 0) return new Map();
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM presales p WHERE p.store_id = $1 AND p.status = 'ACTIVE' AND lower(p.sku) = ANY($2::text[])`, [storeId, skus.map((s) => s.toLowerCase())]);
  return new Map(rows.map((r: Row) => [(r.sku as string).toLowerCase(), toPresale(r)]));
}

export type NewPresale = { itemId: string; sku: string; title: string; sourceKind: PresaleSourceKind; sourceRef: string; receivingId: string | null; freightBookingId: string | null; cap: number; expectedShipDate: string; createdBy: string };

/** Starts a pre-sale; null when the SKU already has a live one (the partial unique index). */
export async function insertPresale(db: Queryable, storeId: string, p: NewPresale): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO presales (store_id, item_id, sku, title, source_kind, source_ref, receiving_id, freight_booking_id, cap, expected_ship_date, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (store_id, item_id) WHERE status = 'ACTIVE' DO NOTHING RETURNING id`,
    [storeId, p.itemId, p.sku, p.title, p.sourceKind, p.sourceRef, p.receivingId, p.freightBookingId, p.cap, p.expectedShipDate, p.createdBy],
  );
  return rows[0]?.id ?? null;
}

/** Counts n more units against the cap; false (nothing changed) when they would pass it or the pre-sale ended. */
export async function takeUnits(db: Queryable, storeId: string, id: string, n: number): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE presales SET sold = sold + $3 WHERE store_id = $1 AND id = $2 AND status = 'ACTIVE' AND sold + $3 <= cap`, [storeId, id, n]);
  return rowCount === 1;
}

/** Gives units back under the cap (their order was canceled). */
export async function returnUnits(db: Queryable, storeId: string, id: string, n: number): Promise<void> {
  await db.query(`UPDATE presales SET sold = greatest(sold - $3, 0) WHERE store_id = $1 AND id = $2`, [storeId, id, n]);
}

export async function endPresale(db: Queryable, storeId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE presales SET status = 'ENDED', ended_at = now() WHERE store_id = $1 AND id = $2 AND status = 'ACTIVE'`, [storeId, id]);
  return rowCount === 1;
}

export async function insertPreorder(db: Queryable, storeId: string, p: { presaleId: string; orderId: string; orderNumber: number; customerName: string; holdId: string; quantity: number }): Promise<void> {
  await db.query(
    `INSERT INTO presale_orders (store_id, presale_id, order_id, order_number, customer_name, hold_id, quantity) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [storeId, p.presaleId, p.orderId, p.orderNumber, p.customerName, p.holdId, p.quantity],
  );
}

const PREORDER_COLUMNS = `o.id, o.presale_id, o.order_id, o.order_number, o.customer_name, o.hold_id, o.quantity, o.status, o.created_at, o.allocated_at`;

/** One page of a pre-sale's orders in queue order, numbered from 1 over the whole queue. */
export async function listPreorders(db: Queryable, storeId: string, presaleId: string, q: { status?: PreorderStatus; limit: number; offset: number }): Promise<{ list: PreorderRow[]; total: number }> {
  const params: unknown[] = [storeId, presaleId];
  let w = "o.store_id = $1 AND o.presale_id = $2";
  let only = "TRUE";
  if (q.status) {
    params.push(q.status);
    w += ` AND o.status = $${params.length}`;
    only = `o.status = $${params.length}`;
  }
  const page = await db.query(
    `SELECT * FROM (SELECT ${PREORDER_COLUMNS}, row_number() OVER (ORDER BY o.queue_position) AS position FROM presale_orders o WHERE o.store_id = $1 AND o.presale_id = $2) o
      WHERE ${only} ORDER BY o.position LIMIT ${q.limit} OFFSET ${q.offset}`,
    params,
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM presale_orders o WHERE ${w}`, params);
  return { list: page.rows.map(toPreorder), total: count.rows[0]!.n };
}

/** Waiting pre-orders of these SKUs (any pre-sale, live or ended), first come first, locked for allocation. */
export async function waitingForSkus(db: Queryable, storeId: string, skus: string[]): Promise<(PreorderRow & { sku: string })[]> {
  if (skus.length === 0) return [];
  const { rows } = await db.query(
    `SELECT ${PREORDER_COLUMNS}, o.queue_position AS position, p.sku FROM presale_orders o JOIN presales p ON p.id = o.presale_id
      WHERE o.store_id = $1 AND o.status = 'WAITING' AND lower(p.sku) = ANY($2::text[]) ORDER BY o.queue_position FOR UPDATE OF o`,
    [storeId, skus.map((s) => s.toLowerCase())],
  );
  return rows.map((r: Row) => ({ ...toPreorder(r), sku: r.sku as string }));
}

/** Which of these orders still wait in a pre-sale queue (their units come from the queue, in turn). */
export async function ordersWaiting(db: Queryable, storeId: string, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const { rows } = await db.query<{ order_id: string }>(`SELECT DISTINCT order_id FROM presale_orders WHERE store_id = $1 AND status = 'WAITING' AND order_id = ANY($2::uuid[])`, [storeId, orderIds]);
  return new Set(rows.map((r) => r.order_id));
}

/** The order's waiting pre-orders, locked. */
export async function waitingOfOrder(db: Queryable, storeId: string, orderId: string): Promise<PreorderRow[]> {
  const { rows } = await db.query(`SELECT ${PREORDER_COLUMNS}, o.queue_position AS position FROM presale_orders o WHERE o.store_id = $1 AND o.order_id = $2 AND o.status = 'WAITING' FOR UPDATE OF o`, [storeId, orderId]);
  return rows.map(toPreorder);
}

export async function setPreorderStatus(db: Queryable, storeId: string, id: string, status: "ALLOCATED" | "CANCELED"): Promise<void> {
  await db.query(`UPDATE presale_orders SET status = $3, allocated_at = CASE WHEN $3 = 'ALLOCATED' THEN now() ELSE allocated_at END WHERE store_id = $1 AND id = $2 AND status = 'WAITING'`, [storeId, id, status]);
}

/** A new cap; false (nothing changed) when units already pre-ordered exceed it or the pre-sale ended. */
export async function setCap(db: Queryable, storeId: string, id: string, cap: number): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE presales SET cap = $3 WHERE store_id = $1 AND id = $2 AND status = 'ACTIVE' AND sold <= $3`, [storeId, id, cap]);
  return rowCount === 1;
}

export async function setShipDate(db: Queryable, storeId: string, id: string, date: string): Promise<void> {
  await db.query(`UPDATE presales SET expected_ship_date = $3::date WHERE store_id = $1 AND id = $2`, [storeId, id, date]);
}

/** The pre-sale's waiting pre-orders in queue order, locked (a new date rewrites their holds). */
export async function waitingOfPresale(db: Queryable, storeId: string, presaleId: string): Promise<PreorderRow[]> {
  const { rows } = await db.query(
    `SELECT ${PREORDER_COLUMNS}, o.queue_position AS position FROM presale_orders o WHERE o.store_id = $1 AND o.presale_id = $2 AND o.status = 'WAITING' ORDER BY o.queue_position FOR UPDATE OF o`,
    [storeId, presaleId],
  );
  return rows.map(toPreorder);
}

export async function insertChange(db: Queryable, storeId: string, presaleId: string, userId: string | null, words: string): Promise<void> {
  await db.query(`INSERT INTO presale_changes (store_id, presale_id, user_id, words) VALUES ($1, $2, $3, $4)`, [storeId, presaleId, userId, words]);
}

export type PresaleChangeRow = { userId: string | null; words: string; createdAt: Date };

/** The pre-sale's changes, oldest first (migration 0460). */
export async function listChanges(db: Queryable, storeId: string, presaleId: string): Promise<PresaleChangeRow[]> {
  const { rows } = await db.query<{ user_id: string | null; words: string; created_at: Date }>(
    `SELECT user_id, words, created_at FROM presale_changes WHERE store_id = $1 AND presale_id = $2 ORDER BY created_at, id`,
    [storeId, presaleId],
  );
  return rows.map((r) => ({ userId: r.user_id, words: r.words, createdAt: r.created_at }));
}

/** Who started the pre-sale (migration 0400 keeps it on the row). */
export async function startedBy(db: Queryable, storeId: string, presaleId: string): Promise<string | null> {
  const { rows } = await db.query<{ created_by: string | null }>(`SELECT created_by FROM presales WHERE store_id = $1 AND id = $2`, [storeId, presaleId]);
  return rows[0]?.created_by ?? null;
}
