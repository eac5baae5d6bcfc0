import type { Queryable } from "../../db/pool";

// SQL of the fulfilment center's fees (migration 0280). Every statement is scoped to one store,
// except the renewal sweep, which reads across stores and writes each renewal under its own store.

export type FeeKind = "FULFILMENT" | "STORAGE";
export type FeeStatus = "PENDING" | "PAID" | "DUE" | "DEDUCTED";

export type FeeRow = {
  id: string;
  storeId: string;
  kind: FeeKind;
  orderNumber: number | null;
  receivingNumber: number | null;
  sku: string | null;
  bin: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  planType: string;
  amountCents: number;
  description: string;
  status: FeeStatus;
  chargeId: string | null;
  payoutId: string | null;
  /** The balance payment holding the fee while its charge runs (migration 0330). */
  balancePaymentId: string | null;
  createdAt: Date;
};

const COLUMNS = `id, store_id AS "storeId", kind, order_number AS "orderNumber", receiving_number AS "receivingNumber", sku, bin,
  period_start AS "periodStart", period_end AS "periodEnd", plan_type AS "planType", amount_cents AS "amountCents", description, status,
  charge_id AS "chargeId", payout_id AS "payoutId", balance_payment_id AS "balancePaymentId", created_at AS "createdAt"`;

/** The store's plan now (the fee follows the plan at the time it is earned). */
export async function planOf(db: Queryable, storeId: string): Promise<string> {
  const { rows } = await db.query<{ plan: string }>("SELECT plan_type AS plan FROM stores WHERE id = $1", [storeId]);
  return rows[0]?.plan ?? "TIER_1";
}

/** The order's fulfilment fee, written once: null when the order already has one. */
export async function insertFulfilmentFee(db: Queryable, storeId: string, fee: { orderId: string; orderNumber: number; planType: string; amountCents: number; description: string }): Promise<FeeRow | null> {
  const { rows } = await db.query<FeeRow>(
    `INSERT INTO store_fees (store_id, kind, order_id, order_number, plan_type, amount_cents, description)
     VALUES ($1, 'FULFILMENT', $2, $3, $4, $5, $6)
     ON CONFLICT (store_id, order_number) WHERE kind = 'FULFILMENT' DO NOTHING RETURNING ${COLUMNS}`,
    [storeId, fee.orderId, fee.orderNumber, fee.planType, fee.amountCents, fee.description],
  );
  return rows[0] ?? null;
}

/** Whether the SKU's bin is secured now (a storage period covers `at`). */
export async function storageSecured(db: Queryable, storeId: string, sku: string, bin: string, at: Date): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM store_fees WHERE store_id = $1 AND kind = 'STORAGE' AND sku = $2 AND bin = $3 AND period_start <= $4 AND period_end > $4 LIMIT 1`,
    [storeId, sku, bin, at],
  );
  return rows.length > 0;
}

/** One storage period of a SKU's bin, written once per period start: null when it exists. */
export async function insertStorageFee(
  db: Queryable,
  storeId: string,
  fee: { sku: string; bin: string; receivingId: string | null; receivingNumber: number | null; periodStart: Date; periodEnd: Date; planType: string; amountCents: number; description: string },
): Promise<FeeRow | null> {
  const { rows } = await db.query<FeeRow>(
    `INSERT INTO store_fees (store_id, kind, sku, bin, receiving_id, receiving_number, period_start, period_end, plan_type, amount_cents, description)
     VALUES ($1, 'STORAGE', $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (store_id, sku, bin, period_start) WHERE kind = 'STORAGE' DO NOTHING RETURNING ${COLUMNS}`,
    [storeId, fee.sku, fee.bin, fee.receivingId, fee.receivingNumber, fee.periodStart, fee.periodEnd, fee.planType, fee.amountCents, fee.description],
  );
  return rows[0] ?? null;
}

/**
 * Storage periods that ran out by `now` with nothing after them, whose bin still holds units of
 * the SKU: each is renewed from where it ended (so a late or repeated sweep renews once).
 */
export async function expiredStorage(db: Queryable, now: Date, limit: number): Promise<{ storeId: string; sku: string; bin: string; periodEnd: Date }[]> {
  const { rows } = await db.query<{ storeId: string; sku: string; bin: string; periodEnd: Date }>(
    `SELECT f.store_id AS "storeId", f.sku, f.bin, f.period_end AS "periodEnd"
       FROM store_fees f
      WHERE f.kind = 'STORAGE' AND f.period_end <= $1
        AND NOT EXISTS (SELECT 1 FROM store_fees n WHERE n.store_id = f.store_id AND n.kind = 'STORAGE' AND n.sku = f.sku AND n.bin = f.bin AND n.period_start >= f.period_end)
        AND EXISTS (SELECT 1 FROM inventory_levels l JOIN inventory_items i ON i.id = l.item_id
                     WHERE i.store_id = f.store_id AND i.sku = f.sku AND l.bin = f.bin AND l.on_hand > 0)
      ORDER BY f.period_end LIMIT $2`,
    [now, limit],
  );
  return rows;
}

export async function getFee(db: Queryable, id: string, lock = false): Promise<FeeRow | null> {
  const { rows } = await db.query<FeeRow>(`SELECT ${COLUMNS} FROM store_fees WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [id]);
  return rows[0] ?? null;
}

export async function settleFee(db: Queryable, storeId: string, id: string, status: "PAID" | "DUE", chargeId: string | null): Promise<void> {
  await db.query(`UPDATE store_fees SET status = $3, charge_id = COALESCE($4, charge_id), updated_at = now() WHERE store_id = $1 AND id = $2`, [storeId, id, status, chargeId]);
}

/** The balance due, oldest first (a payout takes what it can cover in this order). */
export async function dueFees(db: Queryable, storeId: string, before: Date, lock = false): Promise<FeeRow[]> {
  const { rows } = await db.query<FeeRow>(`SELECT ${COLUMNS} FROM store_fees WHERE store_id = $1 AND status = 'DUE' AND created_at <= $2 ORDER BY created_at, id${lock ? " FOR UPDATE" : ""}`, [storeId, before]);
  return rows;
}

export async function markDeducted(db: Queryable, storeId: string, ids: string[], payoutId: string): Promise<void> {
  if (ids.length === 0) return;
  await db.query(`UPDATE store_fees SET status = 'DEDUCTED', payout_id = $3, updated_at = now() WHERE store_id = $1 AND id = ANY($2::uuid[]) AND status = 'DUE'`, [storeId, ids, payoutId]);
}

export async function feesOfCharge(db: Queryable, storeId: string, chargeId: string): Promise<FeeRow[]> {
  const { rows } = await db.query<FeeRow>(`SELECT ${COLUMNS} FROM store_fees WHERE store_id = $1 AND charge_id = $2 ORDER BY created_at`, [storeId, chargeId]);
  return rows;
}

export async function feesOfPayout(db: Queryable, storeId: string, payoutId: string): Promise<FeeRow[]> {
  const { rows } = await db.query<FeeRow>(`SELECT ${COLUMNS} FROM store_fees WHERE store_id = $1 AND payout_id = $2 ORDER BY created_at`, [storeId, payoutId]);
  return rows;
}
