import type { Queryable } from "../db/pool";
import type {
  ChargeOutcome,
  Invoice,
  InvoiceBehavior,
  NewInvoice,
  PaymentMethod,
  PromotionCode,
  Subscription,
  SubscriptionPatch,
} from "../providers/payments/types";

const METHOD_COLUMNS = `pm.id, pm.type, pm.brand, pm.last4, pm.exp_month, pm.exp_year, pm.fingerprint, pm.created_at,
  (c.default_payment_method_id IS NOT DISTINCT FROM pm.id) AS is_default`;

type MethodRow = {
  id: string;
  type: "card";
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  created_at: Date;
  is_default: boolean;
};

function toMethod(r: MethodRow): PaymentMethod {
  return { id: r.id, type: r.type, brand: r.brand, last4: r.last4, expMonth: r.exp_month, expYear: r.exp_year, fingerprint: r.fingerprint, isDefault: r.is_default, createdAt: r.created_at };
}

/** The store's customer record, created on first use. */
export async function ensureCustomer(db: Queryable, storeId: string): Promise<{ id: string; defaultPaymentMethodId: string | null }> {
  const { rows } = await db.query<{ id: string; default_payment_method_id: string | null }>(
    `INSERT INTO payment_customers (store_id) VALUES ($1)
     ON CONFLICT (store_id) DO UPDATE SET store_id = EXCLUDED.store_id
     RETURNING id, default_payment_method_id`,
    [storeId],
  );
  return { id: rows[0]!.id, defaultPaymentMethodId: rows[0]!.default_payment_method_id };
}

export async function insertPaymentMethod(
  db: Queryable,
  m: { storeId: string; customerId: string; brand: string; last4: string; expMonth: number; expYear: number; fingerprint: string; chargeOutcome: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO payment_methods (store_id, customer_id, brand, last4, exp_month, exp_year, fingerprint, charge_outcome)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [m.storeId, m.customerId, m.brand, m.last4, m.expMonth, m.expYear, m.fingerprint, m.chargeOutcome],
  );
  return rows[0]!.id;
}

export async function setCustomerDefault(db: Queryable, storeId: string, paymentMethodId: string | null): Promise<void> {
  await db.query("UPDATE payment_customers SET default_payment_method_id = $2, updated_at = now() WHERE store_id = $1", [storeId, paymentMethodId]);
}

export async function listMethods(db: Queryable, storeId: string, limit: number): Promise<PaymentMethod[]> {
  const { rows } = await db.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM payment_methods pm JOIN payment_customers c ON c.id = pm.customer_id
      WHERE pm.store_id = $1 AND pm.detached_at IS NULL ORDER BY pm.created_at DESC, pm.id LIMIT $2`,
    [storeId, limit],
  );
  return rows.map(toMethod);
}

export async function getMethod(db: Queryable, storeId: string, id: string): Promise<(PaymentMethod & { chargeOutcome: ChargeOutcome["result"] }) | null> {
  const { rows } = await db.query<MethodRow & { charge_outcome: ChargeOutcome["result"] }>(
    `SELECT ${METHOD_COLUMNS}, pm.charge_outcome FROM payment_methods pm JOIN payment_customers c ON c.id = pm.customer_id
      WHERE pm.store_id = $1 AND pm.id = $2 AND pm.detached_at IS NULL`,
    [storeId, id],
  );
  const row = rows[0];
  return row ? { ...toMethod(row), chargeOutcome: row.charge_outcome } : null;
}

export async function markMethodDetached(db: Queryable, storeId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query("UPDATE payment_methods SET detached_at = now() WHERE store_id = $1 AND id = $2 AND detached_at IS NULL", [storeId, id]);
  return (rowCount ?? 0) > 0;
}

export async function getPromotionCodeRow(db: Queryable, code: string): Promise<PromotionCode | null> {
  const { rows } = await db.query<{ code: string; percent_off: number; applies_to: PromotionCode["appliesTo"]; active: boolean }>(
    "SELECT code, percent_off, applies_to, active FROM payment_promotion_codes WHERE code = $1",
    [code],
  );
  const r = rows[0];
  return r ? { code: r.code, percentOff: r.percent_off, appliesTo: r.applies_to, active: r.active } : null;
}

type ChargeRow = { id: string; result: ChargeOutcome["result"]; amount_cents: number; discount_cents: number };

/** Records a charge once per (store, idempotency key); a repeat returns the first charge untouched. */
export async function insertChargeOnce(
  db: Queryable,
  c: {
    storeId: string;
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    discountCents: number;
    promotionCode: string | null;
    description: string;
    result: ChargeOutcome["result"];
    idempotencyKey: string;
  },
): Promise<ChargeOutcome> {
  const { rows } = await db.query<ChargeRow>(
    `WITH ins AS (
       INSERT INTO payment_charges (store_id, customer_id, payment_method_id, amount_cents, discount_cents, promotion_code, description, result, status, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $8 = 'COMPLETED' THEN 'succeeded' ELSE 'failed' END, $9)
       ON CONFLICT (store_id, idempotency_key) DO NOTHING
       RETURNING id, result, amount_cents, discount_cents)
     SELECT * FROM ins
     UNION ALL
     SELECT id, result, amount_cents, discount_cents FROM payment_charges WHERE store_id = $1 AND idempotency_key = $9 AND NOT EXISTS (SELECT 1 FROM ins)`,
    [c.storeId, c.customerId, c.paymentMethodId, c.amountCents, c.discountCents, c.promotionCode, c.description, c.result, c.idempotencyKey],
  );
  const r = rows[0];
  // A concurrent first insert commits after this statement's snapshot: read it again.
  if (!r) return (await findChargeByKey(db, c.storeId, c.idempotencyKey))!;
  return { result: r.result, chargeId: r.id, amountCents: r.amount_cents, discountCents: r.discount_cents };
}

/** The charge an idempotency key already made, if any. */
export async function findChargeByKey(db: Queryable, storeId: string, key: string): Promise<ChargeOutcome | null> {
  const { rows } = await db.query<ChargeRow>(
    "SELECT id, result, amount_cents, discount_cents FROM payment_charges WHERE store_id = $1 AND idempotency_key = $2",
    [storeId, key],
  );
  const r = rows[0];
  return r ? { result: r.result, chargeId: r.id, amountCents: r.amount_cents, discountCents: r.discount_cents } : null;
}

export async function countCharges(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_charges WHERE store_id = $1", [storeId]);
  return rows[0]!.n;
}

const SUB_COLUMNS = `id, store_id, plan_type, status, pause_behavior, paused_at, resumes_at, discount_percent, discount_ends_at,
  current_period_start, current_period_end, canceled_at, created_at, scheduled_plan_type`;

type SubRow = {
  id: string;
  store_id: string;
  plan_type: Subscription["planType"];
  status: Subscription["status"];
  pause_behavior: InvoiceBehavior | null;
  paused_at: Date | null;
  resumes_at: Date | null;
  discount_percent: number;
  discount_ends_at: Date | null;
  current_period_start: Date | null;
  current_period_end: Date | null;
  canceled_at: Date | null;
  created_at: Date;
  scheduled_plan_type: Subscription["planType"] | null;
};

function toSub(r: SubRow): Subscription {
  return {
    id: r.id,
    storeId: r.store_id,
    planType: r.plan_type,
    status: r.status,
    pauseBehavior: r.pause_behavior,
    pausedAt: r.paused_at,
    resumesAt: r.resumes_at,
    discountPercent: r.discount_percent,
    discountEndsAt: r.discount_ends_at,
    currentPeriodStart: r.current_period_start,
    currentPeriodEnd: r.current_period_end,
    canceledAt: r.canceled_at,
    createdAt: r.created_at,
    scheduledPlanType: r.scheduled_plan_type,
  };
}

export async function insertSubscription(db: Queryable, storeId: string, customerId: string, planType: Subscription["planType"]): Promise<Subscription> {
  const { rows } = await db.query<SubRow>(
    `INSERT INTO payment_subscriptions (store_id, customer_id, plan_type, status) VALUES ($1, $2, $3, 'INCOMPLETE') RETURNING ${SUB_COLUMNS}`,
    [storeId, customerId, planType],
  );
  return toSub(rows[0]!);
}

export async function getSubscription(db: Queryable, storeId: string, id: string): Promise<Subscription | null> {
  const { rows } = await db.query<SubRow>(`SELECT ${SUB_COLUMNS} FROM payment_subscriptions WHERE store_id = $1 AND id = $2`, [storeId, id]);
  return rows[0] ? toSub(rows[0]) : null;
}

export async function getLatestSubscription(db: Queryable, storeId: string): Promise<Subscription | null> {
  const { rows } = await db.query<SubRow>(`SELECT ${SUB_COLUMNS} FROM payment_subscriptions WHERE store_id = $1 ORDER BY created_at DESC, id LIMIT 1`, [storeId]);
  return rows[0] ? toSub(rows[0]) : null;
}

const PATCH_COLUMNS: Record<keyof SubscriptionPatch, string> = {
  planType: "plan_type",
  status: "status",
  pauseBehavior: "pause_behavior",
  pausedAt: "paused_at",
  resumesAt: "resumes_at",
  discountPercent: "discount_percent",
  discountEndsAt: "discount_ends_at",
  currentPeriodStart: "current_period_start",
  currentPeriodEnd: "current_period_end",
  canceledAt: "canceled_at",
  scheduledPlanType: "scheduled_plan_type",
};

export async function patchSubscription(db: Queryable, storeId: string, id: string, patch: SubscriptionPatch): Promise<Subscription | null> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof SubscriptionPatch, unknown][];
  const sets = entries.map(([k], i) => `${PATCH_COLUMNS[k]} = $${i + 3}`);
  const { rows } = await db.query<SubRow>(
    `UPDATE payment_subscriptions SET ${[...sets, "updated_at = now()"].join(", ")} WHERE store_id = $1 AND id = $2 RETURNING ${SUB_COLUMNS}`,
    [storeId, id, ...entries.map(([, v]) => v)],
  );
  return rows[0] ? toSub(rows[0]) : null;
}

/** Moves a subscription's invoices from one status to another (pause and resume behaviour). */
export async function moveInvoices(db: Queryable, storeId: string, subscriptionId: string, from: Invoice["status"], to: Invoice["status"]): Promise<void> {
  await db.query(
    "UPDATE payment_invoices SET status = $4, updated_at = now() WHERE store_id = $1 AND subscription_id = $2 AND status = $3",
    [storeId, subscriptionId, from, to],
  );
}

const INVOICE_COLUMNS = "id, store_id, subscription_id, plan_type, reason, description, amount_cents, status, period_start, period_end, attempt_count, charge_id, paid_at, created_at";

type InvoiceRow = {
  id: string;
  store_id: string;
  subscription_id: string;
  plan_type: Invoice["planType"];
  reason: Invoice["reason"];
  description: string;
  amount_cents: number;
  status: Invoice["status"];
  period_start: Date;
  period_end: Date;
  attempt_count: number;
  charge_id: string | null;
  paid_at: Date | null;
  created_at: Date;
};

function toInvoice(r: InvoiceRow): Invoice {
  return {
    id: r.id,
    storeId: r.store_id,
    subscriptionId: r.subscription_id,
    planType: r.plan_type,
    reason: r.reason,
    description: r.description,
    amountCents: r.amount_cents,
    status: r.status,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    attemptCount: r.attempt_count,
    chargeId: r.charge_id,
    paidAt: r.paid_at,
    createdAt: r.created_at,
  };
}

export async function insertInvoice(
  db: Queryable,
  i: NewInvoice,
): Promise<Invoice> {
  const { rows } = await db.query<InvoiceRow>(
    `INSERT INTO payment_invoices (store_id, subscription_id, plan_type, reason, description, amount_cents, status, period_start, period_end)
     VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8) RETURNING ${INVOICE_COLUMNS}`,
    [i.storeId, i.subscriptionId, i.planType, i.reason, i.description, i.amountCents, i.periodStart, i.periodEnd],
  );
  return toInvoice(rows[0]!);
}

export async function getInvoice(db: Queryable, storeId: string, id: string): Promise<Invoice | null> {
  const { rows } = await db.query<InvoiceRow>(`SELECT ${INVOICE_COLUMNS} FROM payment_invoices WHERE store_id = $1 AND id = $2`, [storeId, id]);
  return rows[0] ? toInvoice(rows[0]) : null;
}

export async function getOpenInvoice(db: Queryable, storeId: string, subscriptionId: string): Promise<Invoice | null> {
  const { rows } = await db.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM payment_invoices WHERE store_id = $1 AND subscription_id = $2 AND status = 'open' ORDER BY created_at DESC, id LIMIT 1`,
    [storeId, subscriptionId],
  );
  return rows[0] ? toInvoice(rows[0]) : null;
}

export async function listInvoiceRows(db: Queryable, storeId: string, limit: number, offset: number): Promise<{ list: Invoice[]; total: number }> {
  const { rows } = await db.query<InvoiceRow & { total: number }>(
    `SELECT ${INVOICE_COLUMNS}, count(*) OVER ()::int AS total FROM payment_invoices WHERE store_id = $1
      ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
    [storeId, limit, offset],
  );
  const total = rows[0]?.total ?? (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_invoices WHERE store_id = $1", [storeId])).rows[0]!.n;
  return { list: rows.map(toInvoice), total };
}

/** One payment attempt on an invoice: counts it, and marks it paid with the charge when it succeeded. */
export async function recordInvoiceAttempt(db: Queryable, storeId: string, id: string, outcome: ChargeOutcome): Promise<Invoice> {
  const paid = outcome.result === "COMPLETED";
  const { rows } = await db.query<InvoiceRow>(
    `UPDATE payment_invoices SET attempt_count = attempt_count + 1, updated_at = now(),
            status = CASE WHEN $3 THEN 'paid' ELSE status END,
            charge_id = CASE WHEN $3 THEN $4 ELSE charge_id END,
            paid_at = CASE WHEN $3 THEN now() ELSE paid_at END
      WHERE store_id = $1 AND id = $2 RETURNING ${INVOICE_COLUMNS}`,
    [storeId, id, paid, outcome.chargeId],
  );
  return toInvoice(rows[0]!);
}

/**
 * Refunds part or all of a succeeded charge once per (store, idempotency key); null when the
 * charge is not the store's, did not succeed, or has less than `amountCents` left to refund.
 */
export async function insertRefundOnce(db: Queryable, r: { storeId: string; chargeId: string; amountCents: number; reason: string; idempotencyKey: string }): Promise<{ refundId: string; amountCents: number } | null> {
  const earlier = await db.query<{ id: string; amount_cents: number }>("SELECT id, amount_cents FROM payment_refunds WHERE store_id = $1 AND idempotency_key = $2", [r.storeId, r.idempotencyKey]);
  if (earlier.rows[0]) return { refundId: earlier.rows[0].id, amountCents: earlier.rows[0].amount_cents };
  const { rows } = await db.query<{ id: string; amount_cents: number }>(
    `INSERT INTO payment_refunds (store_id, charge_id, amount_cents, reason, idempotency_key)
     SELECT $1, c.id, $3::int, $4, $5 FROM payment_charges c
      WHERE c.store_id = $1 AND c.id = $2 AND c.status = 'succeeded'
        AND c.amount_cents - coalesce((SELECT sum(amount_cents) FROM payment_refunds WHERE charge_id = c.id), 0) >= $3::int
     ON CONFLICT (store_id, idempotency_key) DO NOTHING
     RETURNING id, amount_cents`,
    [r.storeId, r.chargeId, r.amountCents, r.reason, r.idempotencyKey],
  );
  return rows[0] ? { refundId: rows[0].id, amountCents: rows[0].amount_cents } : null;
}
