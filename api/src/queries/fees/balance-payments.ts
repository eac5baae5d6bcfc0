import type { Queryable } from "../../db/pool";

// SQL of paying the balance due on demand (migration 0330): a payment row under the request's key,
// the DUE fees it claims while its charge runs, and its settlement. Every statement is scoped to one store.

export type BalancePaymentStatus = "PENDING" | "PAID" | "DECLINED";
export type BalancePaymentRow = { id: string; amountCents: number; feeCount: number; status: BalancePaymentStatus; chargeId: string | null };

const COLUMNS = `id, amount_cents AS "amountCents", fee_count AS "feeCount", status, charge_id AS "chargeId"`;

/** The key a balance payment is charged under: `fee:` so a declined one stays out of the report, as a declined fee charge does. */
export const balanceChargeKey = (paymentId: string) => `fee:balance:${paymentId}`;

export async function findBalancePayment(db: Queryable, storeId: string, idempotencyKey: string): Promise<BalancePaymentRow | null> {
  const { rows } = await db.query<BalancePaymentRow>(`SELECT ${COLUMNS} FROM store_balance_payments WHERE store_id = $1 AND idempotency_key = $2`, [storeId, idempotencyKey]);
  return rows[0] ?? null;
}

/** Locks the store's DUE fees (oldest first), so a payout or another payment waits for this claim. */
export async function lockDueFees(db: Queryable, storeId: string): Promise<{ id: string; amountCents: number }[]> {
  const { rows } = await db.query<{ id: string; amountCents: number }>(
    `SELECT id, amount_cents AS "amountCents" FROM store_fees WHERE store_id = $1 AND status = 'DUE' ORDER BY created_at, id FOR UPDATE`,
    [storeId],
  );
  return rows;
}

/** A payment of these fees, and the fees held by it (DUE → PENDING) until its charge settles. */
export async function claimFees(db: Queryable, storeId: string, idempotencyKey: string, feeIds: string[], amountCents: number): Promise<BalancePaymentRow> {
  const { rows } = await db.query<BalancePaymentRow>(
    `INSERT INTO store_balance_payments (store_id, idempotency_key, amount_cents, fee_count) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [storeId, idempotencyKey, amountCents, feeIds.length],
  );
  const payment = rows[0]!;
  await db.query(
    `UPDATE store_fees SET status = 'PENDING', balance_payment_id = $3, updated_at = now() WHERE store_id = $1 AND id = ANY($2::uuid[]) AND status = 'DUE'`,
    [storeId, feeIds, payment.id],
  );
  return payment;
}

/** Paid: its fees are PAID by the charge. Declined: its fees are DUE again, as before. */
export async function settleBalancePayment(db: Queryable, storeId: string, paymentId: string, status: "PAID" | "DECLINED", chargeId: string): Promise<void> {
  await db.query(`UPDATE store_balance_payments SET status = $3, charge_id = $4, updated_at = now() WHERE store_id = $1 AND id = $2 AND status = 'PENDING'`, [storeId, paymentId, status, chargeId]);
  if (status === "PAID") {
    await db.query(`UPDATE store_fees SET status = 'PAID', charge_id = $3, updated_at = now() WHERE store_id = $1 AND balance_payment_id = $2 AND status = 'PENDING'`, [storeId, paymentId, chargeId]);
  } else {
    await db.query(`UPDATE store_fees SET status = 'DUE', balance_payment_id = NULL, updated_at = now() WHERE store_id = $1 AND balance_payment_id = $2 AND status = 'PENDING'`, [storeId, paymentId]);
  }
}
