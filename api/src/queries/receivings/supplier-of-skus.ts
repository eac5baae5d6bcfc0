import type { Queryable } from "../../db/pool";

// Who supplied a product's stock, for a question about its returns: the latest live receiving of
// any of its SKUs that names a marketplace supplier, through its purchase or else by the supplier's
// exact name (the same tie the supplier scorecards use).

export type SkuSupplierRow = { supplierId: string; name: string };

export async function supplierOfSkus(db: Queryable, storeId: string, skus: string[]): Promise<SkuSupplierRow | null> {
  if (skus.length === 0) return null;
  const { rows } = await db.query<SkuSupplierRow>(
    `SELECT s.id AS "supplierId", s.name
       FROM receivings r
       JOIN receiving_lines rl ON rl.receiving_id = r.id
       JOIN inventory_items i ON i.id = rl.item_id
       LEFT JOIN creator_order_items p ON p.id = r.order_item_id AND p.store_id = r.store_id
       JOIN suppliers s ON s.id = p.supplier_id OR (p.supplier_id IS NULL AND r.supplier_name <> '' AND s.name = r.supplier_name)
      WHERE r.store_id = $1 AND r.canceled_at IS NULL AND i.store_id = $1 AND i.sku = ANY($2::text[])
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT 1`,
    [storeId, skus],
  );
  return rows[0] ?? null;
}
