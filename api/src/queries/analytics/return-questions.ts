import type { Queryable } from "../../db/pool";

// What a question about a product's returns needs from the store's order lines: the product's SKUs
// (to find who supplied them) and the latest order with a return of it (what a warehouse ticket is
// about). A product is the line title before " — ", as the product reports read it.

export async function productSkus(db: Queryable, storeId: string, product: string): Promise<string[]> {
  const { rows } = await db.query<{ sku: string }>(
    `SELECT DISTINCT sku FROM order_line_items WHERE store_id = $1 AND split_part(title, ' — ', 1) = $2 ORDER BY sku`,
    [storeId, product],
  );
  return rows.map((r) => r.sku);
}

export async function latestReturnedOrder(db: Queryable, storeId: string, product: string, asOf: string): Promise<{ id: string; orderNumber: number } | null> {
  const { rows } = await db.query<{ id: string; orderNumber: number }>(
    `SELECT o.id, o.order_number AS "orderNumber"
       FROM order_line_items li JOIN orders o ON o.id = li.order_id
      WHERE li.store_id = $1 AND o.store_id = $1 AND split_part(li.title, ' — ', 1) = $2 AND li.returned_quantity > 0
        AND o.placed_at < $3::timestamptz AND o.cancellation_state <> 'CANCELED'
      ORDER BY o.placed_at DESC, o.id DESC LIMIT 1`,
    [storeId, product, asOf],
  );
  return rows[0] ?? null;
}
