import type { Queryable } from "../db/pool";

// SQL of idempotent AI-credit charges (migration 0115). The balance itself moves through
// spendCreditsRow / addCreditsRow in queries/plans.ts, in the same transaction.

export type CreditChargeRow = { amount: number; reason: string; status: "CHARGED" | "REFUNDED"; balanceAfter: number };

type DbRow = { amount: number; reason: string; status: "CHARGED" | "REFUNDED"; balance_after: number };
const toRow = (r: DbRow): CreditChargeRow => ({ amount: r.amount, reason: r.reason, status: r.status, balanceAfter: r.balance_after });

/**
 * Claims the key; false when it was already claimed. A concurrent claim of the same key waits on the
 * primary key until the first transaction ends, so only one of them ever charges.
 */
export async function claimChargeKey(db: Queryable, storeId: string, key: string, amount: number, reason: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO ai_credit_charges (store_id, charge_key, amount, reason, status, balance_after)
     VALUES ($1, $2, $3, $4, 'CHARGED', 0) ON CONFLICT (store_id, charge_key) DO NOTHING`,
    [storeId, key, amount, reason],
  );
  return rowCount === 1;
}

export async function setChargeBalance(db: Queryable, storeId: string, key: string, balanceAfter: number): Promise<void> {
  await db.query("UPDATE ai_credit_charges SET balance_after = $3 WHERE store_id = $1 AND charge_key = $2", [storeId, key, balanceAfter]);
}

export async function getCharge(db: Queryable, storeId: string, key: string): Promise<CreditChargeRow | null> {
  const { rows } = await db.query<DbRow>("SELECT amount, reason, status, balance_after FROM ai_credit_charges WHERE store_id = $1 AND charge_key = $2", [storeId, key]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** Marks a charged key refunded; null when there is no such charge or it was already refunded. */
export async function markChargeRefunded(db: Queryable, storeId: string, key: string): Promise<CreditChargeRow | null> {
  const { rows } = await db.query<DbRow>(
    `UPDATE ai_credit_charges SET status = 'REFUNDED', refunded_at = now()
      WHERE store_id = $1 AND charge_key = $2 AND status = 'CHARGED' RETURNING amount, reason, status, balance_after`,
    [storeId, key],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** Takes a refunded key back to CHARGED (a retry of failed work); false when it is not refunded. */
export async function reclaimRefundedCharge(db: Queryable, storeId: string, key: string): Promise<boolean> {
  const { rowCount } = await db.query(
    "UPDATE ai_credit_charges SET status = 'CHARGED', refunded_at = NULL WHERE store_id = $1 AND charge_key = $2 AND status = 'REFUNDED'",
    [storeId, key],
  );
  return rowCount === 1;
}
