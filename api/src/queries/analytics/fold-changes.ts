import type { Queryable } from "../../db/pool";

// The analytics rollups' deferred maintenance (migration 0420): order writes only note which orders
// changed; these fold the notes into order_facts (and through its triggers the daily and customer rollups).

/** Folds one store's noted order changes into its rollups; answers how many orders were refreshed. */
export async function foldChangedOrders(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT analytics_fold_changes($1) AS n`, [storeId]);
  return rows[0]?.n ?? 0;
}

/**
 * The stores with notes waiting to be folded. A skip scan over the notes' store index (migration 0440):
 * one index probe per store with notes, however many notes have piled up, where DISTINCT would read
 * every note.
 */
export async function storesWithChangedOrders(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ store_id: string }>(
    `WITH RECURSIVE s AS (
       (SELECT store_id FROM analytics_changed_orders ORDER BY store_id LIMIT 1)
       UNION ALL
       SELECT (SELECT n.store_id FROM analytics_changed_orders n WHERE n.store_id > s.store_id ORDER BY n.store_id LIMIT 1) FROM s WHERE s.store_id IS NOT NULL
     )
     SELECT store_id FROM s WHERE store_id IS NOT NULL`,
  );
  return rows.map((r) => r.store_id);
}
