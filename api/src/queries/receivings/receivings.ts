import type { DeliveryStatus, ReceivingFilter, ReceivingSort, ReceivingStatus } from "@atelier/contracts/receivings";
import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of receivings (inbound shipments), their lines and the counts entered at the dock. Every
// statement is scoped to one store. Lines name the inventory item they stock (its SKU and title
// are read with them); the stock itself moves through the inventory queries.

type Row = Record<string, unknown>;

export type ReceivingRow = {
  id: string;
  number: number;
  deliveryStatus: DeliveryStatus;
  receivingStatus: ReceivingStatus;
  supplierName: string;
  boxCount: number;
  carrier: string | null;
  trackingNumber: string | null;
  expectedArrival: string | null;
  note: string;
  orderItemId: string | null;
  cancelReason: string | null;
  createdAt: Date;
  shippedAt: Date | null;
  arrivedAt: Date | null;
  receivedAt: Date | null;
  closedAt: Date | null;
  canceledAt: Date | null;
};

export type ReceivingLineRow = { id: string; receivingId: string; itemId: string; sku: string; title: string; bin: string; expected: number; received: number; damaged: number };

export type ReceiptRow = { sku: string; received: number; damaged: number; note: string; actorUserId: string | null; createdAt: Date };

function toReceiving(r: Row): ReceivingRow {
  return {
    id: r.id as string,
    number: r.number as number,
    deliveryStatus: r.delivery_status as DeliveryStatus,
    receivingStatus: r.receiving_status as ReceivingStatus,
    supplierName: r.supplier_name as string,
    boxCount: r.box_count as number,
    carrier: r.carrier as string | null,
    trackingNumber: r.tracking_number as string | null,
    expectedArrival: r.expected_arrival as string | null,
    note: r.note as string,
    orderItemId: (r.order_item_id as string | null) ?? null,
    cancelReason: r.cancel_reason as string | null,
    createdAt: r.created_at as Date,
    shippedAt: r.shipped_at as Date | null,
    arrivedAt: r.arrived_at as Date | null,
    receivedAt: r.received_at as Date | null,
    closedAt: r.closed_at as Date | null,
    canceledAt: r.canceled_at as Date | null,
  };
}

// expected_arrival as text: a date has no time zone, and pg would turn it into a local midnight.
const COLUMNS = `r.id, r.number, r.delivery_status, r.receiving_status, r.supplier_name, r.box_count, r.carrier, r.tracking_number,
  to_char(r.expected_arrival, 'YYYY-MM-DD') AS expected_arrival, r.note, r.order_item_id, r.cancel_reason, r.created_at, r.shipped_at, r.arrived_at, r.received_at, r.closed_at, r.canceled_at`;

const FILTER_SQL: Record<ReceivingFilter, string> = {
  ALL: "TRUE",
  NONE: "r.canceled_at IS NULL AND r.receiving_status = 'NONE'",
  PARTIAL: "r.receiving_status = 'PARTIAL'",
  RECEIVED: "r.receiving_status = 'RECEIVED'",
  CANCELED: "r.canceled_at IS NOT NULL",
};

const SORT_SQL: Record<ReceivingSort, string> = {
  "-createdAt": "r.created_at DESC, r.number DESC",
  createdAt: "r.created_at ASC, r.number ASC",
  expectedArrival: "r.expected_arrival ASC NULLS LAST, r.number ASC",
  "-expectedArrival": "r.expected_arrival DESC NULLS LAST, r.number DESC",
  "-number": "r.number DESC",
  number: "r.number ASC",
};

/** Number (RCV-1001 or 1001), supplier, tracking number, or a SKU or product name of a line. */
function searchSql(search: string | undefined, params: unknown[]): string {
  if (!search) return "TRUE";
  const n = search.replace(/^(rcv-?|#)/i, "");
  params.push(containsPattern(search));
  const like = `$${params.length}`;
  const parts = [`r.supplier_name ILIKE ${like}`, `r.tracking_number ILIKE ${like}`,
    `EXISTS (SELECT 1 FROM receiving_lines l JOIN inventory_items i ON i.id = l.item_id WHERE l.receiving_id = r.id AND (i.sku ILIKE ${like} OR i.title ILIKE ${like}))`];
  if (/^\d{1,9}$/.test(n)) {
    params.push(Number(n));
    parts.push(`r.number = $${params.length}`);
  }
  return `(${parts.join(" OR ")})`;
}

/** Only the live receivings of the purchases named (the purchases page shows each one's). */
function orderItemsSql(orderItemIds: string[] | undefined, params: unknown[]): string {
  if (!orderItemIds) return "TRUE";
  params.push(orderItemIds);
  return `(r.order_item_id = ANY($${params.length}::uuid[]) AND r.canceled_at IS NULL)`;
}

export type ListReceivingsInput = { filter: ReceivingFilter; search?: string; orderItemIds?: string[]; sort: ReceivingSort; limit: number; offset: number };

export async function listReceivings(db: Queryable, storeId: string, input: ListReceivingsInput): Promise<{ list: ReceivingRow[]; total: number }> {
  const params: unknown[] = [storeId];
  const where = `r.store_id = $1 AND ${FILTER_SQL[input.filter]} AND ${searchSql(input.search, params)} AND ${orderItemsSql(input.orderItemIds, params)}`;
  const page = await db.query(`SELECT ${COLUMNS} FROM receivings r WHERE ${where} ORDER BY ${SORT_SQL[input.sort]} LIMIT ${input.limit} OFFSET ${input.offset}`, params);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM receivings r WHERE ${where}`, params);
  return { list: page.rows.map(toReceiving), total: count.rows[0]!.n };
}

/** How many receivings each tab holds, under the same search. */
export async function countByFilter(db: Queryable, storeId: string, search: string | undefined, orderItemIds?: string[]): Promise<Record<ReceivingFilter, number>> {
  const params: unknown[] = [storeId];
  const where = `r.store_id = $1 AND ${searchSql(search, params)} AND ${orderItemsSql(orderItemIds, params)}`;
  const columns = Object.entries(FILTER_SQL).map(([name, cond]) => `count(*) FILTER (WHERE ${cond})::int AS "${name}"`);
  const { rows } = await db.query(`SELECT ${columns.join(", ")} FROM receivings r WHERE ${where}`, params);
  return rows[0] as Record<ReceivingFilter, number>;
}

/** One receiving of the store by number or id, optionally locked for a change. */
export async function getReceiving(db: Queryable, storeId: string, ref: { id?: string; number?: number }, lock = false): Promise<ReceivingRow | null> {
  const [cond, value] = ref.id ? ["r.id = $2", ref.id] : ["r.number = $2", ref.number];
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM receivings r WHERE r.store_id = $1 AND ${cond}${lock ? " FOR UPDATE" : ""}`, [storeId, value]);
  return rows[0] ? toReceiving(rows[0] as Row) : null;
}

/** The lines of these receivings, in their order, by receiving id. */
export async function linesOf(db: Queryable, storeId: string, receivingIds: string[]): Promise<Map<string, ReceivingLineRow[]>> {
  const { rows } = await db.query(
    `SELECT l.id, l.receiving_id, l.item_id, i.sku, i.title, l.bin, l.expected_quantity, l.received_quantity, l.damaged_quantity
       FROM receiving_lines l JOIN inventory_items i ON i.id = l.item_id
      WHERE l.store_id = $1 AND l.receiving_id = ANY($2::uuid[]) ORDER BY l.receiving_id, l.position`,
    [storeId, receivingIds],
  );
  const out = new Map<string, ReceivingLineRow[]>();
  for (const r of rows as Row[]) {
    const line: ReceivingLineRow = {
      id: r.id as string, receivingId: r.receiving_id as string, itemId: r.item_id as string, sku: r.sku as string, title: r.title as string, bin: r.bin as string,
      expected: r.expected_quantity as number, received: r.received_quantity as number, damaged: r.damaged_quantity as number,
    };
    out.set(line.receivingId, [...(out.get(line.receivingId) ?? []), line]);
  }
  return out;
}

export async function receiptsOf(db: Queryable, storeId: string, receivingId: string): Promise<ReceiptRow[]> {
  const { rows } = await db.query(
    `SELECT i.sku, p.received_quantity, p.damaged_quantity, p.note, p.actor_user_id, p.created_at
       FROM receiving_receipts p JOIN receiving_lines l ON l.id = p.line_id JOIN inventory_items i ON i.id = l.item_id
      WHERE p.store_id = $1 AND p.receiving_id = $2 ORDER BY p.created_at, p.id`,
    [storeId, receivingId],
  );
  return (rows as Row[]).map((r) => ({ sku: r.sku as string, received: r.received_quantity as number, damaged: r.damaged_quantity as number, note: r.note as string, actorUserId: r.actor_user_id as string | null, createdAt: r.created_at as Date }));
}

/** The next number of the store, serialised by a transaction-scoped lock (two announcements never share one). */
export async function nextNumber(db: Queryable, storeId: string): Promise<number> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('receivings:' || $1::text))`, [storeId]);
  const { rows } = await db.query<{ n: number }>(`SELECT coalesce(max(number), 1000)::int + 1 AS n FROM receivings WHERE store_id = $1`, [storeId]);
  return rows[0]!.n;
}

export type NewReceiving = { number: number; supplierName: string; boxCount: number; carrier: string | null; trackingNumber: string | null; expectedArrival: string | null; note: string; userId: string; orderItemId?: string | null };

export async function insertReceiving(db: Queryable, storeId: string, r: NewReceiving): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO receivings (store_id, number, supplier_name, box_count, carrier, tracking_number, expected_arrival, note, created_by_user_id, order_item_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [storeId, r.number, r.supplierName, r.boxCount, r.carrier, r.trackingNumber, r.expectedArrival, r.note, r.userId, r.orderItemId ?? null],
  );
  return rows[0]!.id;
}

export async function insertLine(db: Queryable, storeId: string, receivingId: string, l: { itemId: string; bin: string; position: number; expected: number }): Promise<void> {
  await db.query(
    `INSERT INTO receiving_lines (store_id, receiving_id, item_id, bin, position, expected_quantity) VALUES ($1, $2, $3, $4, $5, $6)`,
    [storeId, receivingId, l.itemId, l.bin, l.position, l.expected],
  );
}

/** Moves the delivery forward, stamping when it shipped or reached the dock; carrier and tracking kept unless given. */
export async function setDelivery(db: Queryable, storeId: string, id: string, status: DeliveryStatus, via: { carrier: string | null; trackingNumber: string | null }): Promise<void> {
  await db.query(
    `UPDATE receivings SET delivery_status = $3, carrier = coalesce($4, carrier), tracking_number = coalesce($5, tracking_number),
            shipped_at = CASE WHEN $3 = 'NOT_YET_DELIVERED' THEN now() ELSE coalesce(shipped_at, CASE WHEN $3 <> 'NOT_YET_SHIPPED' THEN now() END) END,
            arrived_at = CASE WHEN $3 IN ('IN_QUEUE', 'RECEIVED_BY_PROVIDER') THEN coalesce(arrived_at, now()) ELSE arrived_at END,
            updated_at = now()
      WHERE store_id = $1 AND id = $2`,
    [storeId, id, status, via.carrier, via.trackingNumber],
  );
}

export async function addCounts(db: Queryable, storeId: string, lineId: string, received: number, damaged: number): Promise<void> {
  await db.query(
    `UPDATE receiving_lines SET received_quantity = received_quantity + $3, damaged_quantity = damaged_quantity + $4 WHERE store_id = $1 AND id = $2`,
    [storeId, lineId, received, damaged],
  );
}

export async function insertReceipt(db: Queryable, storeId: string, r: { receivingId: string; lineId: string; received: number; damaged: number; note: string; userId: string }): Promise<void> {
  await db.query(
    `INSERT INTO receiving_receipts (store_id, receiving_id, line_id, received_quantity, damaged_quantity, note, actor_user_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [storeId, r.receivingId, r.lineId, r.received, r.damaged, r.note, r.userId],
  );
}

/** Records the receiving status the counts give, and whether counting ended short. */
export async function setReceivingStatus(db: Queryable, storeId: string, id: string, status: ReceivingStatus, close: boolean): Promise<void> {
  await db.query(
    `UPDATE receivings SET receiving_status = $3, received_at = CASE WHEN $3 = 'RECEIVED' THEN coalesce(received_at, now()) ELSE received_at END,
            closed_at = CASE WHEN $4 THEN coalesce(closed_at, now()) ELSE closed_at END, updated_at = now()
      WHERE store_id = $1 AND id = $2`,
    [storeId, id, status, close],
  );
}

export async function markCanceled(db: Queryable, storeId: string, id: string, reason: string): Promise<void> {
  await db.query(`UPDATE receivings SET canceled_at = now(), cancel_reason = $3, updated_at = now() WHERE store_id = $1 AND id = $2`, [storeId, id, reason]);
}

/** The receiving (not canceled) that delivers this sourcing purchase, locked, or null. */
export async function activeForOrderItem(db: Queryable, storeId: string, orderItemId: string): Promise<ReceivingRow | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM receivings r WHERE r.store_id = $1 AND r.order_item_id = $2 AND r.canceled_at IS NULL FOR UPDATE`, [storeId, orderItemId]);
  return rows[0] ? toReceiving(rows[0] as Row) : null;
}
