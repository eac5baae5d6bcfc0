import type { Queryable } from "../../db/pool";

// What supplier scorecards read from purchases: each paid purchase from a marketplace supplier,
// with the day it was paid and the day it shipped (the promised day comes from the marketplace's
// production times, composed by the scorecard service).

export type SupplierPurchaseRow = {
  id: string;
  supplierId: string;
  catalogItemId: string | null;
  paidOn: string;
  shippedOn: string | null;
  paidAt: Date;
};

export async function paidPurchasesBySupplier(db: Queryable, storeId: string): Promise<SupplierPurchaseRow[]> {
  const { rows } = await db.query<SupplierPurchaseRow>(
    `SELECT id, supplier_id AS "supplierId", catalog_item_id AS "catalogItemId",
            to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "paidOn",
            to_char(shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "shippedOn",
            paid_at AS "paidAt"
       FROM creator_order_items
      WHERE store_id = $1 AND supplier_id IS NOT NULL AND paid_at IS NOT NULL AND status IN ('IN_PRODUCTION', 'IN_SUBSCRIPTION', 'SHIPPED')`,
    [storeId],
  );
  return rows;
}
