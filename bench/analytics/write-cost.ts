// `npm run bench:analytics:write`: what the analytics triggers cost inside the database when one
// order with one line is written, read from EXPLAIN ANALYZE's per-trigger times rather than from the
// wall clock (on a shared machine the round trips' waits swamp a millisecond). Prints, per write, the
// analytics triggers' time and the two statements' whole execution time, then their means and the
// overhead over the same statements without those triggers. BENCH_ORDERS / BENCH_CUSTOMERS size the
// seeded store (default 2,000 / 400: the cost of the append does not depend on the store's size),
// BENCH_WRITES the number of writes timed (default 20, after 2 that warm the plans).
import { seedAnalyticsHistory, setAnalyticsFlags } from "../../test/factories/analytics";
import { startBenchStore } from "../lib/bench-store";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 400);
const WRITES = Number(process.env.BENCH_WRITES ?? 20);
const ANCHOR = new Date("2026-11-01T00:00:00Z");

const { database, api, session, factoryApi } = await startBenchStore();
await setAnalyticsFlags(factoryApi, session.token, { analytics: true, fulfillmentMetrics: true }, "America/New_York");
const seed = await seedAnalyticsHistory(factoryApi, session.store.id, { anchor: ANCHOR, customers: CUSTOMERS, orders: ORDERS });
// The seed's own notes folded first, so the fold timed below is the writes' alone.
await database.pool.query(`SELECT analytics_fold_changes($1)`, [session.store.id]);
await database.pool.query("ANALYZE");

const num = (line: string) => Number(/time=([0-9.]+)/.exec(line)?.[1] ?? /Time: ([0-9.]+)/.exec(line)?.[1] ?? 0);
const triggers: number[] = [];
const executions: number[] = [];
for (let k = 0; k < WRITES + 2; k++) {
  // Each write is its customer's latest order, as a live order is.
  const c = seed.customers[k % 3]!;
  const db = await database.pool.connect();
  try {
    await db.query("BEGIN");
    const plan1 = await db.query(`EXPLAIN (ANALYZE, TIMING ON) INSERT INTO orders (store_id, customer_id, order_number, origin, email, subtotal_cents, total_cents, placed_at)
       VALUES ($1, $2, $3, 'SHOPIFY_CREATOR', $4, 4200, 4200, $5)`, [session.store.id, c.id, 900_000 + k, c.email, new Date(Date.now() + 86_400_000 + k * 60_000).toISOString()]);
    const { rows: [o] } = await db.query<{ id: string }>(`SELECT id FROM orders WHERE store_id = $1 AND order_number = $2`, [session.store.id, 900_000 + k]);
    const plan2 = await db.query(`EXPLAIN (ANALYZE, TIMING ON) INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents)
       VALUES ($1, $2, 'TEE-ORG-BLK', 'Organic Cotton Tee — Black', 1, 4200)`, [o!.id, session.store.id]);
    await db.query("COMMIT");
    const lines = [...plan1.rows, ...plan2.rows].map((r: Record<string, unknown>) => String(Object.values(r)[0]));
    const trig = lines.filter((l) => /^Trigger (order_facts|customer_metrics|analytics_note)/.test(l)).reduce((s, l) => s + num(l), 0);
    const exec = lines.filter((l) => l.startsWith("Execution")).reduce((s, l) => s + num(l), 0);
    if (k < 2) continue; // the first writes plan the triggers' statements
    triggers.push(trig);
    executions.push(exec);
    console.log(`write ${k - 1}: analytics triggers ${trig.toFixed(3)} ms of ${exec.toFixed(3)} ms`);
  } finally {
    db.release();
  }
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const base = mean(executions) - mean(triggers);
// Since migration 0420 the rollups' own work runs when the notes are folded (a report's read, or the
// recurring job): timed here apart, per order folded, for one order at a time and for the whole batch.
const foldOne = await database.pool.query(`EXPLAIN (ANALYZE, TIMING ON) SELECT analytics_fold_changes($1)`, [session.store.id]);
const foldMs = num(String(Object.values(foldOne.rows.at(-1) as Record<string, unknown>)[0]));
console.log(`fold of the ${WRITES + 2} writes' notes in one go: ${foldMs.toFixed(3)} ms, ${(foldMs / (WRITES + 2)).toFixed(3)} ms an order (outside the writes' transactions)`);
// The product months (migrations 0470, 0471): a new order's rows are added, an edited order's month is
// recomputed whole. One order written into the seed's busiest month and folded alone, then one of its
// lines returned and folded again, shows both at this store's size.
const { rows: [busiest] } = await database.pool.query<{ at: Date; n: number }>(
  `SELECT max(placed_at) AS at, count(*)::int AS n FROM order_facts WHERE store_id = $1
    GROUP BY date_trunc('month', placed_at AT TIME ZONE 'America/New_York') ORDER BY count(*) DESC LIMIT 1`, [session.store.id]);
const { rows: [placed] } = await database.pool.query<{ id: string }>(`INSERT INTO orders (store_id, customer_id, order_number, origin, email, subtotal_cents, total_cents, placed_at)
   VALUES ($1, $2, 999_999, 'SHOPIFY_CREATOR', $3, 4200, 4200, $4) RETURNING id`, [session.store.id, seed.customers[0]!.id, seed.customers[0]!.email, busiest!.at]);
await database.pool.query(`INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents) VALUES ($1, $2, 'TEE-ORG-BLK', 'Organic Cotton Tee — Black', 1, 4200)`, [placed!.id, session.store.id]);
const timeFold = async () => num(String(Object.values((await database.pool.query(`EXPLAIN (ANALYZE, TIMING ON) SELECT analytics_fold_changes($1)`, [session.store.id])).rows.at(-1) as Record<string, unknown>)[0]));
console.log(`fold of one new order placed in a month of ${busiest!.n} orders: ${(await timeFold()).toFixed(3)} ms`);
await database.pool.query(`UPDATE order_line_items SET returned_quantity = 1 WHERE order_id = $1`, [placed!.id]);
console.log(`fold of a return on that order (its month recomputed): ${(await timeFold()).toFixed(3)} ms`);
console.log(`\n${ORDERS} orders, ${CUSTOMERS} customers, ${WRITES} writes of one order and one line, inside the database (EXPLAIN ANALYZE)`);
console.log(`analytics triggers: mean ${mean(triggers).toFixed(3)} ms; the statements without them: ${base.toFixed(3)} ms; overhead ${(100 * mean(triggers) / base).toFixed(0)}%`);
await api.close();
await database.close();
