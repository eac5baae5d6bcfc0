import type pg from "pg";

/**
 * A paid order item of the store from the supplier (a sample in production): the real relationship a
 * store needs before its review of the supplier counts. Its id, for review links.
 */
export async function paidOrderFrom(pool: pg.Pool, storeId: string, supplierId: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO creator_order_items (store_id, supplier_id, kind, status, title, quantity, unit_price_cents, paid_at)
     VALUES ($1, $2, 'SAMPLE', 'IN_PRODUCTION', 'Sample', 1, 2500, now()) RETURNING id`,
    [storeId, supplierId],
  );
  return rows[0]!.id;
}
