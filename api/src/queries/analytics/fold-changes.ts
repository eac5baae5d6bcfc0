import type { Queryable } from "../../db/pool";

// The analytics rollups' deferred maintenance (migration 0420): order writes only note which orders
// changed; these fold the notes into order_facts (and through its triggers the daily and customer rollups).

/** Folds one store's noted order changes into its rollups; answers how many orders were refreshed. */
export async function foldChangedOrders(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT analytics_fold_changes($1) AS n`, [storeId]);
  return rows[0]?.n ?? 0;
}

/** The stores with notes waiting to be folded. */
export async function storesWithChangedOrders(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ store_id: string }>(`SELECT DISTINCT store_id FROM analytics_changed_orders`);
  return rows.map((r) => r.store_id);
}
