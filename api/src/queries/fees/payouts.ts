import type { Queryable } from "../../db/pool";

// SQL of storefront payouts (migration 0280): the week's storefront sales (orders placed through
// the platform's own storefront, origin SHOPIFY_CREATOR, not canceled) not yet paid out.

export type PayoutRow = {
  id: string;
  periodStart: Date;
  periodEnd: Date;
  orderCount: number;
  grossCents: number;
  processingCents: number;
  feesCents: number;
  netCents: number;
  createdAt: Date;
};

export type PayableOrder = { orderId: string; orderNumber: number; placedAt: Date; amountCents: number };

const COLUMNS = `id, period_start AS "periodStart", period_end AS "periodEnd", order_count AS "orderCount", gross_cents AS "grossCents",
  processing_cents AS "processingCents", fees_cents AS "feesCents", net_cents AS "netCents", created_at AS "createdAt"`;

/** Stores with storefront sales placed in [since, before) and not yet paid out, with the first such week. */
export async function storesWithUnpaidSales(db: Queryable, since: Date, before: Date): Promise<{ storeId: string; weekStart: Date }[]> {
  const { rows } = await db.query<{ storeId: string; weekStart: Date }>(
    `SELECT o.store_id AS "storeId", date_trunc('week', min(o.placed_at) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "weekStart"
       FROM orders o
      WHERE o.origin = 'SHOPIFY_CREATOR' AND o.cancellation_state <> 'CANCELED' AND o.placed_at >= $1 AND o.placed_at < $2
        AND NOT EXISTS (SELECT 1 FROM store_payout_orders p WHERE p.order_id = o.id)
      GROUP BY o.store_id`,
    [since, before],
  );
  return rows;
}

/** The store's unpaid storefront sales placed in [from, to), locked so two runs cannot pay one twice. */
export async function payableOrders(db: Queryable, storeId: string, from: Date, to: Date): Promise<PayableOrder[]> {
  const { rows } = await db.query<PayableOrder>(
    `SELECT o.id AS "orderId", o.order_number AS "orderNumber", o.placed_at AS "placedAt", o.total_cents AS "amountCents"
       FROM orders o
      WHERE o.store_id = $1 AND o.origin = 'SHOPIFY_CREATOR' AND o.cancellation_state <> 'CANCELED' AND o.placed_at >= $2 AND o.placed_at < $3
        AND NOT EXISTS (SELECT 1 FROM store_payout_orders p WHERE p.order_id = o.id)
      ORDER BY o.placed_at, o.order_number FOR UPDATE OF o`,
    [storeId, from, to],
  );
  return rows;
}

/** The week's payout, or null when that week was paid already (a re-run). */
export async function insertPayout(
  db: Queryable,
  storeId: string,
  p: { paidAt: Date; periodStart: Date; periodEnd: Date; orderCount: number; grossCents: number; processingCents: number; feesCents: number; netCents: number },
): Promise<PayoutRow | null> {
  const { rows } = await db.query<PayoutRow>(
    `INSERT INTO store_payouts (store_id, period_start, period_end, order_count, gross_cents, processing_cents, fees_cents, net_cents, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (store_id, period_start) DO NOTHING RETURNING ${COLUMNS}`,
    [storeId, p.periodStart, p.periodEnd, p.orderCount, p.grossCents, p.processingCents, p.feesCents, p.netCents, p.paidAt],
  );
  return rows[0] ?? null;
}

export async function insertPayoutOrders(db: Queryable, storeId: string, payoutId: string, lines: (PayableOrder & { processingCents: number })[]): Promise<void> {
  if (lines.length === 0) return;
  await db.query(
    `INSERT INTO store_payout_orders (payout_id, store_id, order_id, order_number, placed_at, amount_cents, processing_cents)
     SELECT $1, $2, * FROM unnest($3::uuid[], $4::int[], $5::timestamptz[], $6::int[], $7::int[])`,
    [payoutId, storeId, lines.map((l) => l.orderId), lines.map((l) => l.orderNumber), lines.map((l) => l.placedAt), lines.map((l) => l.amountCents), lines.map((l) => l.processingCents)],
  );
}

export async function getPayout(db: Queryable, storeId: string, id: string): Promise<PayoutRow | null> {
  const { rows } = await db.query<PayoutRow>(`SELECT ${COLUMNS} FROM store_payouts WHERE store_id = $1 AND id = $2`, [storeId, id]);
  return rows[0] ?? null;
}

export async function ordersOfPayout(db: Queryable, storeId: string, payoutId: string, limit: number): Promise<(PayableOrder & { processingCents: number })[]> {
  const { rows } = await db.query<PayableOrder & { processingCents: number }>(
    `SELECT order_id AS "orderId", order_number AS "orderNumber", placed_at AS "placedAt", amount_cents AS "amountCents", processing_cents AS "processingCents"
       FROM store_payout_orders WHERE store_id = $1 AND payout_id = $2 ORDER BY placed_at, order_number LIMIT $3`,
    [storeId, payoutId, limit],
  );
  return rows;
}
