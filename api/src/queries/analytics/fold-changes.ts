import type pg from "pg";
import type { Queryable } from "../../db/pool";
import { isEmbeddedServer } from "../../db/prepared";

// The analytics rollups' deferred maintenance (migration 0420): order writes only note which orders
// changed; these fold the notes into order_facts (and through its triggers the daily and customer rollups).

/**
 * A fold of this many orders (an import, a seed, a store's first fold of its history) changes the
 * rollups enough that the planner's picture of them misleads it: on Postgres at 100,000 orders a
 * report took 13 s instead of 0.1 s until the rollups were analysed (docs/benchmarks.md). Autovacuum
 * comes later, and the embedded database has none.
 */
export const ANALYZE_AFTER_ORDERS = 5_000;
/** The tables a fold writes and the reports read. */
const ROLLUPS = ["order_facts", "order_daily", "customer_metrics", "customer_months", "product_months", "product_pair_months", "customer_follow_ups",
  "order_band_months", "customer_month_steps", "cohort_days", "customer_personas",
  "order_value_months", "customer_activity_months", "customer_activity_steps", "product_days",
  "channel_months", "customer_channels", "order_gap_counts", "order_value_month_sums"];

/**
 * Folds one store's noted order changes into its rollups and answers how many orders were refreshed;
 * after a large fold (`analyzeAfter` orders or more) the rollups' statistics are gathered again.
 */
export async function foldChangedOrders(db: Queryable, storeId: string, analyzeAfter = ANALYZE_AFTER_ORDERS): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT analytics_fold_changes($1) AS n`, [storeId]);
  const folded = rows[0]?.n ?? 0;
  if (folded >= analyzeAfter) {
    await db.query(`ANALYZE ${ROLLUPS.join(", ")}`);
    rollupsRewritten = true;
  }
  return folded;
}

/** Whether a large fold in this process (the job's or a report's own) has rewritten the rollups since they were last vacuumed. */
let rollupsRewritten = false;

/**
 * Vacuums the rollups (and the orders screens' tables, below) on the embedded database after a large fold, and answers whether it did. The fold updates a
 * customer's rows once per order, so a seed or an import leaves most of each rollup's pages dead (customer_metrics:
 * 1,659 pages for 17,801 customers at 100,000 orders), and the embedded database has no autovacuum to reclaim them:
 * every report that reads the rollup read them all, and its index-only scans went to the heap. Postgres's autovacuum
 * does this there. VACUUM cannot run inside a transaction, and a report may fold inside one, so the fold job calls
 * this on the pool after its folds, whichever fold was the large one.
 */
export async function vacuumRollupsIfEmbedded(pool: pg.Pool): Promise<boolean> {
  if (!rollupsRewritten) return false;
  rollupsRewritten = false;
  if (!(await isEmbeddedServer(pool))) return false;
  await pool.query(`VACUUM ${[...ROLLUPS, ...ORDER_READ_TABLES].join(", ")}`);
  return true;
}

/**
 * The orders screens' own tables, vacuumed with the rollups: a large fold follows a large batch of order writes (an
 * import, a seed), which leave these tables' pages not yet marked all-visible, and without a vacuum the list's and
 * the search's index-only scans visit the heap for every entry (a first-name search: about 2,300 heap visits per
 * request at 100,000 orders, docs/benchmarks.md, osearch14). On Postgres autovacuum marks them.
 */
const ORDER_READ_TABLES = ["orders", "order_summaries", "order_search_texts", "order_search_words"];

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
