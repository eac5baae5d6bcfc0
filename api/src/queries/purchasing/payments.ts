import type { Queryable } from "../../db/pool";

// Payment attempts on invoices, and their replayed answers.

// Payment attempts.

export type PaymentRow = {
  id: string;
  invoiceId: string;
  storeId: string;
  providerKey: string;
  status: "PENDING" | "COMPLETED" | "INSTRUMENT_DECLINED";
  amountCents: number;
  chargeId: string | null;
};

type PaymentDbRow = {
  id: string;
  invoice_id: string;
  store_id: string;
  provider_key: string;
  status: "PENDING" | "COMPLETED" | "INSTRUMENT_DECLINED";
  amount_cents: number;
  charge_id: string | null;
};

function toPayment(r: PaymentDbRow): PaymentRow {
  return { id: r.id, invoiceId: r.invoice_id, storeId: r.store_id, providerKey: r.provider_key, status: r.status, amountCents: r.amount_cents, chargeId: r.charge_id };
}

export async function findPayment(db: Queryable, invoiceId: string, idempotencyKey: string): Promise<PaymentRow | null> {
  const { rows } = await db.query(`SELECT * FROM creator_invoice_payments WHERE invoice_id = $1 AND idempotency_key = $2`, [invoiceId, idempotencyKey]);
  return rows[0] ? toPayment(rows[0]) : null;
}

export async function insertPayment(
  db: Queryable,
  input: { invoiceId: string; storeId: string; method: "CARD" | "PAYPAL"; payer: "STORE" | "PUBLIC"; idempotencyKey: string; providerKey: string; amountCents: number },
): Promise<PaymentRow> {
  const { rows } = await db.query(
    `INSERT INTO creator_invoice_payments (invoice_id, store_id, method, payer, idempotency_key, provider_key, amount_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [input.invoiceId, input.storeId, input.method, input.payer, input.idempotencyKey, input.providerKey, input.amountCents],
  );
  return toPayment(rows[0]!);
}

export async function finishPayment(db: Queryable, id: string, status: "COMPLETED" | "INSTRUMENT_DECLINED", chargeId: string): Promise<void> {
  await db.query(`UPDATE creator_invoice_payments SET status = $2, charge_id = $3, updated_at = now() WHERE id = $1`, [id, status, chargeId]);
}

/** Drops a pending attempt; false when it is gone already (settled, or taken over as stale). */
export async function deletePayment(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM creator_invoice_payments WHERE id = $1 AND status = 'PENDING'`, [id]);
  return (rowCount ?? 0) > 0;
}

/** Marks a pending attempt as alive (a same-key retry is driving it), so it is not taken for stale. */
export async function touchPayment(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE creator_invoice_payments SET updated_at = now() WHERE id = $1 AND status = 'PENDING'`, [id]);
}

/**
 * Replaces the invoice's pending attempt when it has not moved for `staleMinutes` (its process
 * died between claim and settle) by a new attempt under the caller's key. The new attempt keeps
 * the old provider key and amount, so a charge the old one made is found, never made twice.
 * Null when no attempt is that old. Runs with the invoice locked.
 */
export async function takeOverStalePayment(
  db: Queryable,
  input: { invoiceId: string; staleMinutes: number; method: "CARD" | "PAYPAL"; payer: "STORE" | "PUBLIC"; idempotencyKey: string },
): Promise<PaymentRow | null> {
  const { rows } = await db.query(
    `WITH stale AS (
       DELETE FROM creator_invoice_payments
        WHERE invoice_id = $1 AND status = 'PENDING' AND updated_at < now() - make_interval(mins => $2)
        RETURNING store_id, provider_key, amount_cents
     )
     INSERT INTO creator_invoice_payments (invoice_id, store_id, method, payer, idempotency_key, provider_key, amount_cents)
     SELECT $1, store_id, $3, $4, $5, provider_key, amount_cents FROM stale RETURNING *`,
    [input.invoiceId, input.staleMinutes, input.method, input.payer, input.idempotencyKey],
  );
  return rows[0] ? toPayment(rows[0]) : null;
}

/** The attempt that owns a provider key now (the original, or the one that took it over), locked. */
export async function lockPaymentByProviderKey(db: Queryable, invoiceId: string, providerKey: string): Promise<PaymentRow | null> {
  const { rows } = await db.query(`SELECT * FROM creator_invoice_payments WHERE invoice_id = $1 AND provider_key = $2 FOR UPDATE`, [invoiceId, providerKey]);
  return rows[0] ? toPayment(rows[0]) : null;
}

/**
 * When an invoice's public payment page opens again after `declines` declined public cards within
 * `lockHours`: the time the oldest of those declines ages out; null when it is open.
 */
export async function publicPaymentLockedUntil(db: Queryable, invoiceId: string, declines: number, lockHours: number): Promise<Date | null> {
  const { rows } = await db.query<{ until: Date }>(
    `SELECT created_at + make_interval(hours => $3) AS until FROM creator_invoice_payments
     WHERE invoice_id = $1 AND payer = 'PUBLIC' AND status = 'INSTRUMENT_DECLINED' AND created_at > now() - make_interval(hours => $3)
     ORDER BY created_at DESC OFFSET $2 - 1 LIMIT 1`,
    [invoiceId, declines, lockHours],
  );
  return rows[0]?.until ?? null;
}
