import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics } from "@atelier/contracts";
import { as, registerUser, startPrivateTestApi, type TestApi } from "./harness";
import type { Database } from "../src/db/pool";
import { createOrder, setAnalyticsFlags } from "../../test/factories";
import { foldChangedOrders, storesWithChangedOrders, vacuumRollupsIfEmbedded } from "../src/queries/analytics/fold-changes";

// The fold's bookkeeping (migrations 0420, 0440): a report folds its own store's noted order changes
// and no other store's, and the notes' index serves that read when notes pile up. The file has a
// database of its own and an API that runs no jobs: on the shared database any test process's fold
// job folds every store's notes at any moment, which is exactly what these tests must see not happen.

let db: Database;
let api: TestApi;
beforeAll(async () => {
  ({ db, api } = await startPrivateTestApi());
}, 120_000);
afterAll(async () => {
  await api?.close();
  await db?.close();
});

const notes = async (storeId: string) =>
  (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_changed_orders WHERE store_id = $1`, [storeId])).rows[0]!.n;

const estimatedRows = async (table: string) =>
  (await db.pool.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = $1::regclass`, [table])).rows[0]!.n;

describe("the analytics fold", () => {
  it("gathers the rollups' statistics again after a large fold, not after a small one", async () => {
    const u = await registerUser(api);
    await setAnalyticsFlags(api, u.token, { analytics: true, fulfillmentMetrics: false }, "UTC");
    const placedAt = "2026-09-10T12:00:00Z";
    for (const n of [1, 2, 3]) await createOrder(api, u.store.id, { orderNumber: 9_000 + n, totalCents: 700, placedAt });
    // Three orders are a small fold: the planner's picture stays as it was (never analysed).
    expect(await foldChangedOrders(db.pool, u.store.id)).toBe(3);
    const before = await estimatedRows("order_facts");
    const facts = (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM order_facts`)).rows[0]!.n;
    expect(before).not.toBe(facts);
    // The same fold counted as large (the threshold lowered for the test) analyses the rollups.
    for (const n of [4, 5]) await createOrder(api, u.store.id, { orderNumber: 9_000 + n, totalCents: 700, placedAt });
    expect(await foldChangedOrders(db.pool, u.store.id, 2)).toBe(2);
    expect(await estimatedRows("order_facts")).toBe(facts + 2);
    expect(await estimatedRows("product_months")).toBe((await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM product_months`)).rows[0]!.n);
  });

  it("vacuums the rollups on the embedded database after a large fold, once, so their index-only scans stay off the heap", async () => {
    const u = await registerUser(api);
    await setAnalyticsFlags(api, u.token, { analytics: true, fulfillmentMetrics: false }, "UTC");
    const order = (n: number) => createOrder(api, u.store.id, { orderNumber: 6_000 + n, totalCents: 900, email: `vac-${n}-${u.store.id}@example.com`, placedAt: "2026-09-12T12:00:00Z" });
    // The store's customers read by the rollup's (store, last order) index alone: pages the fold wrote are not all-visible
    // until a vacuum marks them, so an index-only scan fetches their rows from the heap.
    const heapFetchesOf = async (sql: string, index: string) => {
      const client = await db.pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("SET LOCAL enable_seqscan = off");
        await client.query("SET LOCAL enable_bitmapscan = off");
        const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS false) ${sql}`, [u.store.id]);
        await client.query("COMMIT");
        const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(plan).toContain(`Index Only Scan using ${index}`);
        return Number(/Heap Fetches: (\d+)/.exec(plan)![1]);
      } finally {
        client.release();
      }
    };
    const heapFetches = () => heapFetchesOf(`SELECT last_order_at FROM customer_metrics WHERE store_id = $1 AND last_order_at > '-infinity'`, "customer_metrics_store_last_idx");
    const searchWalkHeapFetches = () =>
      heapFetchesOf(`SELECT search_text FROM order_search_texts WHERE store_id = $1 ORDER BY placed_at DESC, order_id DESC`, "order_search_texts_walk_idx");
    await vacuumRollupsIfEmbedded(db.pool); // the first test's large fold
    // A small fold leaves the vacuum to autovacuum's absence: nothing runs.
    for (const n of [1, 2]) await order(n);
    expect(await foldChangedOrders(db.pool, u.store.id)).toBe(2);
    expect(await vacuumRollupsIfEmbedded(db.pool)).toBe(false);
    // A large one (the threshold lowered for the test) is vacuumed after, once.
    for (const n of [3, 4]) await order(n);
    expect(await foldChangedOrders(db.pool, u.store.id, 2)).toBe(2);
    expect(await heapFetches()).toBeGreaterThan(0);
    expect(await searchWalkHeapFetches()).toBeGreaterThan(0);
    expect(await vacuumRollupsIfEmbedded(db.pool)).toBe(true);
    expect(await heapFetches()).toBe(0);
    // The orders search's walk of the kept texts too (the orders written with the large batch).
    expect(await searchWalkHeapFetches()).toBe(0);
    expect(await vacuumRollupsIfEmbedded(db.pool)).toBe(false);
  });

  it("folds only the reading store's notes, and the job finds the stores still waiting", async () => {
    const [a, b] = [await registerUser(api), await registerUser(api)];
    for (const u of [a, b]) await setAnalyticsFlags(api, u.token, { analytics: true, fulfillmentMetrics: false }, "UTC");
    const placedAt = "2026-10-10T12:00:00Z";
    for (const n of [1, 2]) await createOrder(api, a.store.id, { orderNumber: 7_000 + n, totalCents: 1_000 * n, placedAt });
    for (const n of [1, 2, 3]) await createOrder(api, b.store.id, { orderNumber: 8_000 + n, totalCents: 500, placedAt });
    const waitingB = await notes(b.store.id);
    expect([await notes(a.store.id) > 0, waitingB > 0]).toEqual([true, true]);

    const report = await as(api, a.token, analytics.runReport, { params: { reportId: "analytics" }, query: { from: "2026-10-01", to: "2026-11-01", asOf: "2026-11-01T00:00:00Z" } });
    expect(report.totals).toMatchObject({ orders: 2, revenue: 3_000 });
    // The read took its store's notes and left the other store's where they were.
    expect([await notes(a.store.id), await notes(b.store.id)]).toEqual([0, waitingB]);
    expect(await storesWithChangedOrders(db.pool)).toEqual([b.store.id]);

    // What the job does with them: each waiting store folded, then none left.
    for (const store of await storesWithChangedOrders(db.pool)) expect(await foldChangedOrders(db.pool, store)).toBe(3);
    expect(await storesWithChangedOrders(db.pool)).toEqual([]);
    const other = await as(api, b.token, analytics.runReport, { params: { reportId: "analytics" }, query: { from: "2026-10-01", to: "2026-11-01", asOf: "2026-11-01T00:00:00Z" } });
    expect(other.totals).toMatchObject({ orders: 3, revenue: 1_500 });
  });

  it("reads a store's notes through the index when another store's have piled up", async () => {
    const [busy, quiet] = [crypto.randomUUID(), crypto.randomUUID()];
    // A backlog of one store (the job stopped), and one note of another.
    await db.pool.query(`INSERT INTO analytics_changed_orders (store_id, order_id) SELECT $1, gen_random_uuid() FROM generate_series(1, 20000)`, [busy]);
    await db.pool.query(`INSERT INTO analytics_changed_orders (store_id, order_id) VALUES ($1, gen_random_uuid())`, [quiet]);
    await db.pool.query(`ANALYZE analytics_changed_orders`);
    const { rows } = await db.pool.query<{ "QUERY PLAN": string }>(`EXPLAIN DELETE FROM analytics_changed_orders WHERE store_id = '${quiet}'`);
    expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/Index (Only )?Scan using analytics_changed_orders_store_idx|Bitmap Index Scan on analytics_changed_orders_store_idx/);
    expect((await storesWithChangedOrders(db.pool)).sort()).toEqual([busy, quiet].sort());
    // Notes of orders that no longer exist fold to nothing and are cleared.
    expect(await foldChangedOrders(db.pool, quiet)).toBe(1);
    expect([await notes(quiet), await notes(busy)]).toEqual([0, 20_000]);
  });
  it("reads the orders a fold adds to the product months by their key and pairs products within each order, whatever the store holds", async () => {
    // product_months_fill runs these functions planned without the array's value (a SQL function's plan):
    // each fact, each line and each pair of the store was compared with the orders folded (0557).
    const client = await db.pool.connect();
    try {
      // A store's real size, not the test's few rows: with a sequential scan still allowed, the planner of a
      // near-empty table reads it whole whatever the filter, and the plan would say nothing.
      await client.query("SET plan_cache_mode = force_generic_plan; SET enable_seqscan = off");
      for (const fn of ["product_order_lines", "product_order_pairs"]) {
        await client.query(`PREPARE fold_${fn}(uuid, uuid[]) AS SELECT * FROM ${fn}($1, '-infinity', 'infinity', 'UTC', $2)`);
        const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN EXECUTE fold_${fn}(gen_random_uuid(), ARRAY[gen_random_uuid()])`);
        const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
        // The fold's branch (the reports' branch, `$2 IS NULL`, reads the store's range as before): the orders
        // by their key, their lines by the order, not every fact and line of the store for each.
        const folds = plan.slice(plan.indexOf("One-Time Filter: ($2 IS NOT NULL)"));
        expect(folds, fn).toMatch(/Index Scan using order_facts_pkey on order_facts/);
        expect(folds, fn).not.toMatch(/ANY \(\$2\)|order_line_items_store_sku_idx/);
        // The pairs within each order, not a join of every order's products with every other's.
        expect(plan, fn).not.toMatch(/CTE Scan/);
        await client.query(`DEALLOCATE fold_${fn}`);
      }
    } finally {
      await client.query("RESET plan_cache_mode; RESET enable_seqscan");
      client.release();
    }
  });
});
