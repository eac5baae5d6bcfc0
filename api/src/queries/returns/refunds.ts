import type { Queryable } from "../../db/pool";

// SQL of the two refund ledgers: refunds of an order (to the original payment or as store credit)
// and the customer's store credit. Both are append-only (migration 0043); an insert beyond what
// the buyer paid fails in the database itself.

export type RefundRow = { returnId: string | null; amountCents: number; destination: "ORIGINAL_PAYMENT" | "STORE_CREDIT"; createdAt: Date };

/** What has been refunded of the order so far, in cents. */
export async function refundedCents(db: Queryable, storeId: string, orderId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT coalesce(sum(amount_cents), 0)::int AS n FROM order_refunds WHERE store_id = $1 AND order_id = $2`, [storeId, orderId]);
  return rows[0]!.n;
}

/** The refund each of these returns made, keyed by return. */
export async function refundsOfReturns(db: Queryable, storeId: string, returnIds: string[]): Promise<Map<string, RefundRow>> {
  if (returnIds.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT return_id, amount_cents, destination, created_at FROM order_refunds WHERE store_id = $1 AND return_id = ANY($2::uuid[])`,
    [storeId, returnIds],
  );
  return new Map(
    (rows as Record<string, unknown>[]).map((r) => [
      r.return_id as string,
      { returnId: r.return_id as string, amountCents: r.amount_cents as number, destination: r.destination as RefundRow["destination"], createdAt: r.created_at as Date },
    ]),
  );
}

/** What each order of these has had refunded, keyed by order. */
export async function refundedByOrder(db: Queryable, storeId: string, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT order_id, sum(amount_cents)::int AS n FROM order_refunds WHERE store_id = $1 AND order_id = ANY($2::uuid[]) GROUP BY order_id`,
    [storeId, orderIds],
  );
  return new Map((rows as { order_id: string; n: number }[]).map((r) => [r.order_id, r.n]));
}

export async function insertRefund(
  db: Queryable,
  storeId: string,
  r: { orderId: string; returnId: string; amountCents: number; destination: string; method: string; userId: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO order_refunds (store_id, order_id, return_id, amount_cents, destination, method, actor_user_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [storeId, r.orderId, r.returnId, r.amountCents, r.destination, r.method, r.userId],
  );
  return rows[0]!.id;
}

export async function insertStoreCredit(db: Queryable, storeId: string, c: { customerId: string; amountCents: number; refundId: string; note: string }): Promise<void> {
  await db.query(`INSERT INTO store_credit_movements (store_id, customer_id, amount_cents, refund_id, note) VALUES ($1, $2, $3, $4, $5)`, [storeId, c.customerId, c.amountCents, c.refundId, c.note]);
}

/** The customer's store credit balance, in cents. */
export async function storeCreditBalance(db: Queryable, storeId: string, customerId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT coalesce(sum(amount_cents), 0)::int AS n FROM store_credit_movements WHERE store_id = $1 AND customer_id = $2`, [storeId, customerId]);
  return rows[0]!.n;
}
