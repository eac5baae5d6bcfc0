import type { PaymentKind, PaymentRow } from "@atelier/contracts/fees";
import type { Queryable } from "../../db/pool";

// SQL of the payments report and the card payment record. A card payment's kind is read from the
// key it was charged under: every paying use case prefixes its key (fee:fulfilment:, fee:storage:,
// fee:balance:, qc-inspection:, invoice:, shipping-label:, ai-credits:); a purchase's key is the buyer's own
// Idempotency-Key, so what no prefix names is a purchase.

export const CHARGE_KIND_SQL = `CASE
  WHEN c.idempotency_key LIKE 'fee:fulfilment:%' THEN 'FULFILMENT_FEE'
  WHEN c.idempotency_key LIKE 'fee:storage:%' THEN 'STORAGE_FEE'
  WHEN c.idempotency_key LIKE 'fee:balance:%' THEN 'BALANCE_PAYMENT'
  WHEN c.idempotency_key LIKE 'qc-inspection:%' THEN 'QC_FEE'
  WHEN c.idempotency_key LIKE 'invoice:%' THEN 'SUBSCRIPTION'
  WHEN c.idempotency_key LIKE 'shipping-label%' THEN 'SHIPPING_LABEL'
  WHEN c.idempotency_key LIKE 'ai-credits:%' THEN 'AI_CREDITS'
  ELSE 'PURCHASE' END`;

/**
 * A pending fee whose card charge already exists (its own, or the balance payment's holding it):
 * the charge commits before the fee is marked paid, so for that moment the fee is the charge's.
 */
const BEING_CHARGED = `f.status = 'PENDING' AND EXISTS (SELECT 1 FROM payment_charges pc WHERE pc.store_id = f.store_id AND pc.status <> 'failed'
  AND pc.idempotency_key IN ('fee:' || lower(f.kind) || ':' || f.id::text, 'fee:balance:' || f.balance_payment_id::text))`;

/**
 * Every money movement of the store in [from, to): card payments (a declined fee charge is left
 * out: the fee shows as a balance due), fees never charged (due, or taken from a payout), and
 * payouts. Each branch filters by the period itself, so each reads its own store index.
 */
const ROWS = `
  SELECT c.id, ${CHARGE_KIND_SQL} AS kind,
         CASE WHEN c.status = 'failed' THEN 'DECLINED' WHEN c.amount_cents > 0 AND coalesce(r.refunded, 0) >= c.amount_cents THEN 'REFUNDED' ELSE 'PAID' END AS status,
         c.created_at AS at, c.description, c.amount_cents AS amount, coalesce(r.refunded, 0)::int AS refunded,
         c.id AS payment_id, NULL::text AS payout_id, f.order_number, f.receiving_number
    FROM payment_charges c
    LEFT JOIN LATERAL (SELECT sum(amount_cents) AS refunded FROM payment_refunds WHERE charge_id = c.id) r ON true
    -- A fee's charge names the fee in its key (fee:<kind>:<fee id>), so the fee is found by its key
    -- from the moment the charge commits, before the job marks the fee paid.
    LEFT JOIN store_fees f ON f.store_id = c.store_id AND f.id = (CASE WHEN c.idempotency_key ~ '^fee:[a-z]+:[0-9a-f-]{36}$' THEN right(c.idempotency_key, 36)::uuid END)
   WHERE c.store_id = $1 AND c.created_at >= $2 AND c.created_at < $3 AND NOT (c.status = 'failed' AND c.idempotency_key LIKE 'fee:%')
  UNION ALL
  SELECT f.id::text, CASE f.kind WHEN 'FULFILMENT' THEN 'FULFILMENT_FEE' ELSE 'STORAGE_FEE' END,
         CASE f.status WHEN 'DEDUCTED' THEN 'DEDUCTED' ELSE 'DUE' END,
         f.created_at, f.description, f.amount_cents, 0, f.charge_id, f.payout_id::text, f.order_number, f.receiving_number
    FROM store_fees f
   WHERE f.store_id = $1 AND f.created_at >= $2 AND f.created_at < $3 AND f.status <> 'PAID'
     -- A fee being charged shows once, as its card payment: the charge commits before the fee is marked paid.
     AND NOT (${BEING_CHARGED})
  UNION ALL
  SELECT p.id::text, 'PAYOUT', 'PAID_OUT', p.created_at,
         'Payout of ' || p.order_count || CASE p.order_count WHEN 1 THEN ' storefront sale' ELSE ' storefront sales' END,
         p.net_cents, 0, NULL, p.id::text, NULL, NULL
    FROM store_payouts p
   WHERE p.store_id = $1 AND p.created_at >= $2 AND p.created_at < $3`;

type Raw = { id: string; kind: PaymentKind; status: PaymentRow["status"]; at: Date; description: string; amount: number; refunded: number; payment_id: string | null; payout_id: string | null; order_number: number | null; receiving_number: number | null };

/** A page of the period's rows, newest first (the report) or oldest first (the export, whose balance runs forward). */
export async function paymentRows(db: Queryable, storeId: string, q: { from: Date; to: Date; kind: PaymentKind | null; limit: number; offset: number; oldestFirst?: boolean }): Promise<{ rows: PaymentRow[]; total: number }> {
  const { rows } = await db.query<Raw & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM (${ROWS}) x WHERE ($4::text IS NULL OR kind = $4) ORDER BY ${q.oldestFirst ? "at, id" : "at DESC, id"} LIMIT $5 OFFSET $6`,
    [storeId, q.from, q.to, q.kind, q.limit, q.offset],
  );
  return {
    total: rows[0]?.total ?? (q.offset > 0 ? await countRows(db, storeId, q) : 0),
    rows: rows.map((r) => ({
      id: r.id, kind: r.kind, status: r.status, occurredAt: r.at.toISOString(), description: r.description, amountCents: r.amount, refundedCents: r.refunded,
      paymentRecordId: r.payment_id, payoutRecordId: r.payout_id, orderNumber: r.order_number, receivingSn: r.receiving_number === null ? null : `RCV-${r.receiving_number}`,
    })),
  };
}

async function countRows(db: Queryable, storeId: string, q: { from: Date; to: Date; kind: PaymentKind | null }): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${ROWS}) x WHERE ($4::text IS NULL OR kind = $4)`, [storeId, q.from, q.to, q.kind]);
  return rows[0]?.n ?? 0;
}

/** What each kind came to in the period: paid less refunded, due and deducted fees, payouts' net; declines count nothing. */
export async function paymentTotals(db: Queryable, storeId: string, from: Date, to: Date): Promise<Partial<Record<PaymentKind, number>>> {
  const { rows } = await db.query<{ kind: PaymentKind; cents: number }>(
    `SELECT kind, sum(CASE WHEN status = 'DECLINED' THEN 0 ELSE amount - refunded END)::int AS cents FROM (${ROWS}) x GROUP BY kind`,
    [storeId, from, to],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.cents]));
}

/**
 * The balance due now (fees due, and fees whose charge has not been made yet), left out a fee being
 * charged as the list leaves it out; and what paying it now would charge (the DUE fees alone).
 */
export async function balanceDue(db: Queryable, storeId: string): Promise<{ dueCents: number; payableCents: number }> {
  const { rows } = await db.query<{ due: number; payable: number }>(
    `SELECT coalesce(sum(amount_cents), 0)::int AS due, coalesce(sum(amount_cents) FILTER (WHERE status = 'DUE'), 0)::int AS payable
       FROM store_fees f WHERE f.store_id = $1 AND f.status IN ('DUE', 'PENDING') AND NOT (${BEING_CHARGED})`,
    [storeId],
  );
  return { dueCents: rows[0]?.due ?? 0, payableCents: rows[0]?.payable ?? 0 };
}

export type ChargeRecordRow = {
  id: string; kind: PaymentKind; description: string; createdAt: Date; amountCents: number; discountCents: number; succeeded: boolean; brand: string | null; last4: string | null;
};

export async function getChargeRecord(db: Queryable, storeId: string, id: string): Promise<ChargeRecordRow | null> {
  const { rows } = await db.query<ChargeRecordRow>(
    `SELECT c.id, ${CHARGE_KIND_SQL} AS kind, c.description, c.created_at AS "createdAt", c.amount_cents AS "amountCents", c.discount_cents AS "discountCents",
            c.status = 'succeeded' AS succeeded, m.brand, m.last4
       FROM payment_charges c LEFT JOIN payment_methods m ON m.id = c.payment_method_id AND m.store_id = c.store_id
      WHERE c.store_id = $1 AND c.id = $2`,
    [storeId, id],
  );
  return rows[0] ?? null;
}

export async function refundsOfCharge(db: Queryable, storeId: string, chargeId: string): Promise<{ id: string; amountCents: number; reason: string; createdAt: Date }[]> {
  const { rows } = await db.query<{ id: string; amountCents: number; reason: string; createdAt: Date }>(
    `SELECT id, amount_cents AS "amountCents", reason, created_at AS "createdAt" FROM payment_refunds WHERE store_id = $1 AND charge_id = $2 ORDER BY created_at`,
    [storeId, chargeId],
  );
  return rows;
}
