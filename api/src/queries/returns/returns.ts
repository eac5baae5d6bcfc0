import type { ReturnFilter, ReturnStatus } from "@atelier/contracts/returns";
import type { Queryable } from "../../db/pool";

// SQL of returns (RMAs) and their lines. Every statement is scoped to one store. The units a return
// holds are also counted on the order's line (`returned_quantity`), so the orders list's RETURNS
// tab and the returnable quantity read one stored, indexed number.

type Row = Record<string, unknown>;

export type ReturnRow = {
  id: string;
  number: number;
  orderId: string;
  orderNumber: number;
  customerId: string | null;
  customerName: string;
  currency: string;
  orderTotalCents: number;
  status: ReturnStatus;
  refundMethod: "AUTOMATIC" | "MANUAL" | "STORE_CREDIT";
  returnFee: "FREE" | "DEDUCT_FROM_REFUND";
  feeCents: number;
  refundDestination: "ORIGINAL_PAYMENT" | "STORE_CREDIT";
  reason: string;
  cancelReason: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  createdAt: Date;
  shippedAt: Date | null;
  receivedAt: Date | null;
  canceledAt: Date | null;
};

export type ReturnLineRow = { returnId: string; lineId: string; sku: string; title: string; quantity: number; unitPriceCents: number; restockedQuantity: number };

const SELECT = `SELECT r.*, o.order_number, o.customer_id, o.currency, o.total_cents AS order_total_cents,
    coalesce(c.name, o.shipping_name, o.email::text, 'Guest') AS customer_name
  FROM return_orders r JOIN orders o ON o.id = r.order_id LEFT JOIN customers c ON c.id = o.customer_id`;

function toReturn(r: Row): ReturnRow {
  return {
    id: r.id as string,
    number: r.number as number,
    orderId: r.order_id as string,
    orderNumber: r.order_number as number,
    customerId: r.customer_id as string | null,
    customerName: r.customer_name as string,
    currency: r.currency as string,
    orderTotalCents: r.order_total_cents as number,
    status: r.status as ReturnStatus,
    refundMethod: r.refund_method as ReturnRow["refundMethod"],
    returnFee: r.return_fee as ReturnRow["returnFee"],
    feeCents: r.fee_cents as number,
    refundDestination: r.refund_destination as ReturnRow["refundDestination"],
    reason: r.reason as string,
    cancelReason: r.cancel_reason as string | null,
    carrier: r.carrier as string | null,
    trackingNumber: r.tracking_number as string | null,
    createdAt: r.created_at as Date,
    shippedAt: r.shipped_at as Date | null,
    receivedAt: r.received_at as Date | null,
    canceledAt: r.canceled_at as Date | null,
  };
}

export type ListReturnsInput = { filter: ReturnFilter; orderId?: string; search?: string; limit: number; offset: number };

function where(input: { orderId?: string; search?: string }, params: unknown[]): string {
  const parts = ["r.store_id = $1"];
  if (input.orderId) {
    params.push(input.orderId);
    parts.push(`r.order_id = $${params.length}`);
  }
  if (input.search) {
    const n = input.search.replace(/^(rma-?|#)/i, "");
    params.push(`%${input.search}%`);
    const like = `$${params.length}`;
    if (/^\d{1,9}$/.test(n)) {
      params.push(Number(n));
      parts.push(`(r.number = $${params.length} OR o.order_number = $${params.length} OR c.name ILIKE ${like})`);
    } else {
      parts.push(`(c.name ILIKE ${like} OR o.email::text ILIKE ${like} OR r.reason ILIKE ${like})`);
    }
  }
  return parts.join(" AND ");
}

/** One tab of the store's returns, newest first. */
export async function listReturns(db: Queryable, storeId: string, input: ListReturnsInput): Promise<{ list: ReturnRow[]; total: number }> {
  const params: unknown[] = [storeId];
  let cond = where(input, params);
  if (input.filter !== "ALL") {
    params.push(input.filter);
    cond += ` AND r.status = $${params.length}`;
  }
  params.push(input.limit, input.offset);
  const { rows } = await db.query(
    `${SELECT.replace("SELECT r.*", "SELECT count(*) OVER ()::int AS total_count, r.*")} WHERE ${cond}
      ORDER BY r.created_at DESC, r.number DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const total = rows[0] ? (rows[0] as Row).total_count as number : input.offset > 0 ? await countAll(db, storeId, input) : 0;
  return { list: rows.map(toReturn), total };
}

async function countAll(db: Queryable, storeId: string, input: ListReturnsInput): Promise<number> {
  const counts = await countByStatus(db, storeId, input);
  return counts[input.filter];
}

/** How many returns each tab holds (with the same order and search). */
export async function countByStatus(db: Queryable, storeId: string, input: { orderId?: string; search?: string }): Promise<Record<ReturnFilter, number>> {
  const params: unknown[] = [storeId];
  const cond = where(input, params);
  const { rows } = await db.query(
    `SELECT count(*)::int AS "ALL",
        count(*) FILTER (WHERE r.status = 'CREATED')::int AS "CREATED",
        count(*) FILTER (WHERE r.status = 'SHIPPING')::int AS "SHIPPING",
        count(*) FILTER (WHERE r.status = 'RECEIVED')::int AS "RECEIVED",
        count(*) FILTER (WHERE r.status = 'CANCELED')::int AS "CANCELED"
       FROM return_orders r JOIN orders o ON o.id = r.order_id LEFT JOIN customers c ON c.id = o.customer_id WHERE ${cond}`,
    params,
  );
  return rows[0] as Record<ReturnFilter, number>;
}

/** A return of the store by id or number (locked for a change when asked); another store's is null. */
export async function getReturn(db: Queryable, storeId: string, ref: { id?: string; number?: number }, lock = false): Promise<ReturnRow | null> {
  const by = ref.id !== undefined ? "r.id = $2" : "r.number = $2";
  const { rows } = await db.query(`${SELECT} WHERE r.store_id = $1 AND ${by}${lock ? " FOR UPDATE OF r" : ""}`, [storeId, ref.id ?? ref.number]);
  return rows[0] ? toReturn(rows[0] as Row) : null;
}

/** The lines of these returns, keyed by return. */
export async function linesOf(db: Queryable, storeId: string, returnIds: string[]): Promise<Map<string, ReturnLineRow[]>> {
  const out = new Map<string, ReturnLineRow[]>();
  if (returnIds.length === 0) return out;
  const { rows } = await db.query(
    `SELECT rl.return_id, rl.line_id, l.sku, l.title, rl.quantity, l.unit_price_cents, rl.restocked_quantity
       FROM return_order_lines rl JOIN order_line_items l ON l.id = rl.line_id
      WHERE rl.store_id = $1 AND rl.return_id = ANY($2::uuid[]) ORDER BY l.position`,
    [storeId, returnIds],
  );
  for (const r of rows as Row[]) {
    const line: ReturnLineRow = {
      returnId: r.return_id as string, lineId: r.line_id as string, sku: r.sku as string, title: r.title as string,
      quantity: r.quantity as number, unitPriceCents: r.unit_price_cents as number, restockedQuantity: r.restocked_quantity as number,
    };
    out.set(line.returnId, [...(out.get(line.returnId) ?? []), line]);
  }
  return out;
}

export async function insertReturn(
  db: Queryable,
  storeId: string,
  r: { orderId: string; number: number; refundMethod: string; returnFee: string; feeCents: number; refundDestination: string; reason: string; userId: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO return_orders (store_id, order_id, number, refund_method, return_fee, fee_cents, refund_destination, reason, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [storeId, r.orderId, r.number, r.refundMethod, r.returnFee, r.feeCents, r.refundDestination, r.reason, r.userId],
  );
  return rows[0]!.id;
}

/** Adds a line to a return and counts its units on the order's line. */
export async function insertReturnLine(db: Queryable, storeId: string, returnId: string, lineId: string, quantity: number): Promise<void> {
  await db.query(`INSERT INTO return_order_lines (store_id, return_id, line_id, quantity) VALUES ($1, $2, $3, $4)`, [storeId, returnId, lineId, quantity]);
  await db.query(`UPDATE order_line_items SET returned_quantity = returned_quantity + $3 WHERE store_id = $1 AND id = $2`, [storeId, lineId, quantity]);
}

/** A canceled return's units are no longer counted on the order's lines. */
export async function uncountReturnLines(db: Queryable, storeId: string, returnId: string): Promise<void> {
  await db.query(
    `UPDATE order_line_items l SET returned_quantity = l.returned_quantity - rl.quantity
       FROM return_order_lines rl WHERE rl.store_id = $1 AND rl.return_id = $2 AND l.id = rl.line_id`,
    [storeId, returnId],
  );
}

export async function markShipping(db: Queryable, storeId: string, id: string, s: { carrier: string | null; trackingNumber: string | null }): Promise<void> {
  await db.query(
    `UPDATE return_orders SET status = 'SHIPPING', carrier = $3, tracking_number = $4, shipped_at = now(), updated_at = now() WHERE store_id = $1 AND id = $2`,
    [storeId, id, s.carrier, s.trackingNumber],
  );
}

export async function markReceived(db: Queryable, storeId: string, id: string): Promise<void> {
  await db.query(`UPDATE return_orders SET status = 'RECEIVED', received_at = now(), updated_at = now() WHERE store_id = $1 AND id = $2`, [storeId, id]);
}

export async function markCanceled(db: Queryable, storeId: string, id: string, reason: string): Promise<void> {
  await db.query(`UPDATE return_orders SET status = 'CANCELED', cancel_reason = $3, canceled_at = now(), updated_at = now() WHERE store_id = $1 AND id = $2`, [storeId, id, reason]);
}

export async function setRestocked(db: Queryable, storeId: string, returnId: string, lineId: string, quantity: number): Promise<void> {
  await db.query(`UPDATE return_order_lines SET restocked_quantity = $4 WHERE store_id = $1 AND return_id = $2 AND line_id = $3`, [storeId, returnId, lineId, quantity]);
}

/** The returns created in [from, to), oldest first, a page at a time (the returns export). */
export async function returnsCreatedIn(db: Queryable, storeId: string, q: { from: Date; to: Date; limit: number; offset: number }): Promise<{ list: ReturnRow[]; total: number }> {
  const { rows } = await db.query(
    `SELECT x.*, count(*) OVER ()::int AS total FROM (${SELECT} WHERE r.store_id = $1 AND r.created_at >= $2 AND r.created_at < $3) x ORDER BY x.created_at, x.id LIMIT $4 OFFSET $5`,
    [storeId, q.from, q.to, q.limit, q.offset],
  );
  return { list: (rows as Row[]).map(toReturn), total: (rows[0] as Row | undefined)?.total as number | undefined ?? 0 };
}
