// Payouts and fees for tests of the payments screens: written in the database the way the weekly
// payout job writes them (api/src/services/fees/run-payouts.ts), so a screen test needs no week to pass.
import { poolOf, type FactoryApi } from "./accounts";

export type PayoutSeed = {
  orders: { orderId: string; orderNumber: number; amountCents: number }[];
  /** Fees due taken from the payout. */
  fees?: { orderNumber: number; amountCents: number }[];
  paidAt?: Date;
};

/** One payout of the store's storefront sales; returns its id. */
export async function createPayout(api: FactoryApi, storeId: string, seed: PayoutSeed): Promise<string> {
  const db = poolOf(api);
  const paidAt = seed.paidAt ?? new Date();
  const gross = seed.orders.reduce((n, o) => n + o.amountCents, 0);
  const processing = seed.orders.reduce((n, o) => n + Math.round(o.amountCents * 0.05), 0);
  const fees = (seed.fees ?? []).reduce((n, f) => n + f.amountCents, 0);
  const start = new Date(paidAt.getTime() - 8 * 86_400_000);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO store_payouts (store_id, period_start, period_end, order_count, gross_cents, processing_cents, fees_cents, net_cents, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [storeId, start, new Date(start.getTime() + 7 * 86_400_000), seed.orders.length, gross, processing, fees, gross - processing - fees, paidAt],
  );
  const id = rows[0]!.id;
  for (const o of seed.orders) {
    await db.query(
      `INSERT INTO store_payout_orders (payout_id, store_id, order_id, order_number, placed_at, amount_cents, processing_cents) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, storeId, o.orderId, o.orderNumber, start, o.amountCents, Math.round(o.amountCents * 0.05)],
    );
  }
  for (const f of seed.fees ?? []) {
    await db.query(
      `INSERT INTO store_fees (store_id, kind, order_number, plan_type, amount_cents, description, status, payout_id, created_at)
       VALUES ($1, 'FULFILMENT', $2, 'TIER_1', $3, $4, 'DEDUCTED', $5, $6)`,
      [storeId, f.orderNumber, f.amountCents, `Fulfilment fee for order #${f.orderNumber} ($1.50 per order on the Free plan)`, id, start],
    );
  }
  return id;
}

/** A storage fee already due (as after a declined or missing card), or still PENDING its charge; returns its id and description. */
export async function dueStorageFee(api: FactoryApi, storeId: string, amountCents: number, status: "DUE" | "PENDING" = "DUE"): Promise<{ id: string; description: string }> {
  const start = new Date();
  const { rows } = await poolOf(api).query<{ id: string; description: string }>(
    `INSERT INTO store_fees (store_id, kind, sku, bin, period_start, period_end, plan_type, amount_cents, description, status)
     VALUES ($1, 'STORAGE', $2, 'A-01', $3, $4, 'TIER_1', $5, 'Storage fee for a test bin', $6) RETURNING id, description`,
    [storeId, `DUE-${crypto.randomUUID().slice(0, 13)}`, start, new Date(start.getTime() + 365 * 86_400_000), amountCents, status],
  );
  return rows[0]!;
}
