import type { Queryable } from "../../db/pool";

// What supplier scorecards read from purchases: each paid purchase from a marketplace supplier
// with the day it was promised by (paid day + the longest production time the item, else the
// supplier, advertised when it was bought) and the day it shipped.

export type SupplierPurchaseRow = {
  id: string;
  supplierId: string;
  paidOn: string;
  promisedBy: string;
  shippedOn: string | null;
  paidAt: Date;
};

export async function paidPurchasesBySupplier(db: Queryable, storeId: string): Promise<SupplierPurchaseRow[]> {
  const { rows } = await db.query<SupplierPurchaseRow>(
    `SELECT oi.id, oi.supplier_id AS "supplierId",
            to_char(oi.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "paidOn",
            to_char((oi.paid_at AT TIME ZONE 'UTC')::date + coalesce(ci.production_days_max, s.production_days_max), 'YYYY-MM-DD') AS "promisedBy",
            to_char(oi.shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "shippedOn",
            oi.paid_at AS "paidAt"
       FROM creator_order_items oi
       JOIN suppliers s ON s.id = oi.supplier_id
       LEFT JOIN catalog_items ci ON ci.id = oi.catalog_item_id
      WHERE oi.store_id = $1 AND oi.paid_at IS NOT NULL AND oi.status IN ('IN_PRODUCTION', 'IN_SUBSCRIPTION', 'SHIPPED')`,
    [storeId],
  );
  return rows;
}
