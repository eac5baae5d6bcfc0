import { FULFILMENT_FEE_CENTS, FULFILMENT_FEE_PROFESSIONAL_CENTS, STORAGE_FEE_CENTS } from "@atelier/contracts/fees";
import type { Queryable } from "../../db/pool";

// Demo fees (issue 16, 000 §9): the demo store has shipped through the fulfilment center for the
// last 90 days, so each order it shipped then has its fulfilment fee, and each bin holding stock
// was secured when the store moved in. The demo store has no card, so they were a balance due,
// which the weekly payouts (seeded after this, by the real payout code) take as far as they cover.

const FEE_DAYS = 90;

export async function seedDemoFeeRows(db: Queryable, storeId: string, anchor: Date): Promise<void> {
  const since = new Date(anchor.getTime() - FEE_DAYS * 86_400_000);
  await db.query(
    `INSERT INTO store_fees (store_id, kind, order_id, order_number, plan_type, amount_cents, description, status, created_at, updated_at)
     SELECT o.store_id, 'FULFILMENT', o.id, o.order_number, s.plan_type, CASE WHEN s.plan_type = 'TIER_3' THEN $3::int ELSE $4::int END,
            'Fulfilment fee for order #' || o.order_number || ' (' || CASE WHEN s.plan_type = 'TIER_3' THEN '$1.15' ELSE '$1.50' END || ' per order)', 'DUE', o.fulfilled_at, o.fulfilled_at
       FROM orders o JOIN stores s ON s.id = o.store_id
      WHERE o.store_id = $1 AND o.fulfillment_state = 'FULFILLED' AND o.fulfilled_at >= $2
     ON CONFLICT DO NOTHING`,
    [storeId, since, FULFILMENT_FEE_PROFESSIONAL_CENTS, FULFILMENT_FEE_CENTS],
  );
  await db.query(
    `INSERT INTO store_fees (store_id, kind, sku, bin, period_start, period_end, plan_type, amount_cents, description, status, created_at, updated_at)
     SELECT i.store_id, 'STORAGE', i.sku, l.bin, $2::timestamptz, $2::timestamptz + interval '12 months', s.plan_type, $3::int,
            'Storage fee for ' || i.sku || ' in bin ' || l.bin || ', secured until ' || to_char($2::timestamptz + interval '12 months', 'YYYY-MM-DD') || ' ($1.00 per bin per SKU for 12 months)',
            'DUE', $2::timestamptz, $2::timestamptz
       FROM inventory_levels l JOIN inventory_items i ON i.id = l.item_id JOIN stores s ON s.id = i.store_id
      WHERE i.store_id = $1 AND l.on_hand > 0
     ON CONFLICT DO NOTHING`,
    [storeId, since, STORAGE_FEE_CENTS],
  );
}
