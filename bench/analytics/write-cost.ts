// `npm run bench:analytics:write`: what the analytics triggers add to writing one order with one line
// (target: ≤ 10 % of the same write without them). Three measurements of the same writes, each in its
// own transaction like an order write:
//   1. inside the database: EXPLAIN ANALYZE's per-trigger times against the two statements' execution;
//   2. by the wall clock, a direct A/B: the same writes with the analytics triggers disabled
//      (ALTER TABLE … DISABLE TRIGGER), in alternating blocks so a drift in the machine's load falls on
//      both sides; each block's first writes are not counted (the toggle makes the triggers' plans anew);
//   3. the same A/B by the statements' execution inside the database (no round trips' waits), which
//      also counts what EXPLAIN puts on no trigger's line;
//   4. the same A/B on placing an order as the product places one: the manual retail order through the
//      API (the stock check, the order and its line, the settlement: rules, reservation, the ledger).
// Medians and p95 of both sides; the verdict is printed for each measurement, from the medians (on a
// shared machine one pause of another process moves a mean). The writes without the triggers are
// deleted again with the triggers still off: they never reached the rollups, and leave no note.
// Embedded PGlite unless DATABASE_URL is set. BENCH_ORDERS / BENCH_CUSTOMERS size the seeded store
// (default 2,000 / 400: a note's cost does not depend on the store's size), BENCH_WRITES the writes
// timed per side (default 200), BENCH_WARMUP the writes before them (default 20).
import os from "node:os";
import { orders as ordersApi } from "@atelier/contracts";
import { seedAnalyticsHistory, setAnalyticsFlags } from "../../test/factories/analytics";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { startBenchStore } from "../lib/bench-store";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 400);
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const BLOCK = 10; // writes counted per block of the A/B
const BLOCK_WARMUP = 2; // writes not counted after each toggle
const ANCHOR = new Date("2026-11-01T00:00:00Z");
const TARGET = 10;

const { config, database, api, client, session, factoryApi } = await startBenchStore();
await setAnalyticsFlags(factoryApi, session.token, { analytics: true, fulfillmentMetrics: true }, "America/New_York");
const seed = await seedAnalyticsHistory(factoryApi, session.store.id, { anchor: ANCHOR, customers: CUSTOMERS, orders: ORDERS });
// The seed's own notes folded first, so the fold timed below is the writes' alone.
await database.pool.query(`SELECT analytics_fold_changes($1)`, [session.store.id]);
await database.pool.query("ANALYZE");
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");
console.log(`database: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : "embedded PGlite"}; load average at the start ${load()}`);

// The analytics triggers an order write can fire, found by name (so the same bench measures an older tree's).
const { rows: found } = await database.pool.query<{ t: string }>(
  `SELECT c.relname || ' ' || g.tgname AS t FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
    WHERE NOT g.tgisinternal AND c.relname IN ('orders', 'order_line_items') AND (g.tgname LIKE 'order_facts%' OR g.tgname LIKE 'customer_metrics%' OR g.tgname LIKE 'analytics_note%')`);
console.log(`analytics triggers on order writes: ${found.map((r) => r.t).join(", ")}`);
async function setTriggers(on: boolean) {
  for (const [table, name] of found.map((r) => r.t.split(" "))) await database.pool.query(`ALTER TABLE ${table} ${on ? "ENABLE" : "DISABLE"} TRIGGER ${name}`);
}

const num = (line: string) => Number(/time=([0-9.]+)/.exec(line)?.[1] ?? /Time: ([0-9.]+)/.exec(line)?.[1] ?? 0);
const ORDER_SQL = `INSERT INTO orders (store_id, customer_id, order_number, origin, email, subtotal_cents, total_cents, placed_at)
  VALUES ($1, $2, $3, 'SHOPIFY_CREATOR', $4, 4200, 4200, $5)`;
const LINE_SQL = `INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents)
  VALUES ($1, $2, 'TEE-ORG-BLK', 'Organic Cotton Tee — Black', 1, 4200)`;
// Each write is its customer's latest order, as a live order is: placed from tomorrow on, a minute apart.
const WRITES_FROM = Date.now() + 86_400_000;
const orderArgs = (n: number) => {
  const c = seed.customers[n % 3]!;
  return [session.store.id, c.id, 900_000 + n, c.email, new Date(WRITES_FROM + n * 60_000).toISOString()];
};

/** One order and its line in one transaction under EXPLAIN ANALYZE: the analytics triggers' time and the statements'. */
async function explainedWrite(n: number): Promise<{ trig: number; exec: number }> {
  const db = await database.pool.connect();
  try {
    await db.query("BEGIN");
    const plan1 = await db.query(`EXPLAIN (ANALYZE, TIMING ON) ${ORDER_SQL}`, orderArgs(n));
    const { rows: [o] } = await db.query<{ id: string }>(`SELECT id FROM orders WHERE store_id = $1 AND order_number = $2`, [session.store.id, orderArgs(n)[2]]);
    const plan2 = await db.query(`EXPLAIN (ANALYZE, TIMING ON) ${LINE_SQL}`, [o!.id, session.store.id]);
    await db.query("COMMIT");
    const lines = [...plan1.rows, ...plan2.rows].map((r: Record<string, unknown>) => String(Object.values(r)[0]));
    return {
      trig: lines.filter((l) => /^Trigger (order_facts|customer_metrics|analytics_note)/.test(l)).reduce((s, l) => s + num(l), 0),
      exec: lines.filter((l) => l.startsWith("Execution")).reduce((s, l) => s + num(l), 0),
    };
  } finally {
    db.release();
  }
}

/** One order and its line in one transaction, as an order write does; answers its wall time in ms. */
async function timedWrite(n: number): Promise<number> {
  const t0 = performance.now();
  const db = await database.pool.connect();
  try {
    await db.query("BEGIN");
    const { rows: [o] } = await db.query<{ id: string }>(`${ORDER_SQL} RETURNING id`, orderArgs(n));
    await db.query(LINE_SQL, [o!.id, session.store.id]);
    await db.query("COMMIT");
  } finally {
    db.release();
  }
  return performance.now() - t0;
}

// The SKU the placed orders buy, stocked so that none runs out.
await stockSku(factoryApi, session.token, "BENCH-WRITE-TEE", 1_000_000, { title: "Organic Cotton Tee — Black" });

/** One order placed through the API as a store owner places a manual retail order; answers its wall time in ms. */
async function placedOrder(n: number): Promise<number> {
  const t0 = performance.now();
  await client.call(ordersApi.createManualRetailOrder, { body: manualOrderBody([{ sku: "BENCH-WRITE-TEE", quantity: 1, unitPriceCents: 4200 }], `write-${n}@example.com`) }, { token: session.token });
  return performance.now() - t0;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)]!;
const median = (xs: number[]) => pct(xs, 0.5);
const ms = (x: number) => `${x.toFixed(3)} ms`;
const verdict = (overhead: number) => `${overhead.toFixed(1)} % (target ≤ ${TARGET} %: ${overhead <= TARGET ? "met" : "missed"})`;

// 1. Inside the database.
const triggers: number[] = [];
const bare: number[] = [];
for (let k = 0; k < WARMUP + WRITES; k++) {
  const { trig, exec } = await explainedWrite(k);
  if (k < WARMUP) continue; // the first writes plan the triggers' statements and warm the caches
  triggers.push(trig);
  bare.push(exec - trig);
}

// 2. By the wall clock, with and without the triggers, in alternating blocks.
const withTriggers: number[] = [];
const withoutTriggers: number[] = [];
const blockRatios: number[] = [];
const execWith: number[] = [];
const execWithout: number[] = [];
const placedWith: number[] = [];
const placedWithout: number[] = [];
let n = 10_000;
const firstWithout = n;
try {
  // The warm-up writes of the A/B (the connection pool, the plans of plain INSERTs) count on neither side.
  for (let i = 0; i < WARMUP; i++) await timedWrite(n++);
  for (let i = 0; i < WARMUP; i++) await placedOrder(n++);
  const blocks = Math.ceil(WRITES / BLOCK);
  for (let b = 0; b < blocks; b++) {
    const medians: Record<string, number> = {};
    for (const on of b % 2 === 0 ? [true, false] : [false, true]) {
      await setTriggers(on);
      const times: number[] = [];
      // The writes without the triggers are numbered apart, to be deleted after.
      for (let i = 0; i < BLOCK_WARMUP + BLOCK; i++) times.push(await timedWrite(on ? n++ : 500_000 + n++));
      const counted = times.slice(BLOCK_WARMUP);
      (on ? withTriggers : withoutTriggers).push(...counted);
      medians[String(on)] = median(counted);
      // The same A/B inside the database: the two statements' whole execution, which also holds what
      // EXPLAIN does not put on a trigger's line (a WHEN clause, queueing the trigger's event).
      for (let i = 0; i < BLOCK; i++) (on ? execWith : execWithout).push((await explainedWrite(on ? n++ : 500_000 + n++)).exec);
      // And the whole placement. The orders placed without the triggers stay (their reservations and
      // ledger rows with them) and never reach the rollups: the fold times below do not read them.
      await placedOrder(n++);
      for (let i = 0; i < BLOCK; i++) (on ? placedWith : placedWithout).push(await placedOrder(n++));
    }
    blockRatios.push(medians.true! / medians.false! - 1);
  }
  // Still without the triggers: the writes that never noted anything leave no note when deleted either.
  await setTriggers(false);
  await database.pool.query(`DELETE FROM orders WHERE store_id = $1 AND order_number >= $2`, [session.store.id, 900_000 + 500_000 + firstWithout]);
} finally {
  await setTriggers(true);
}

const ratios = sorted(blockRatios);
console.log(`\n${ORDERS} orders, ${CUSTOMERS} customers; one order and one line per write, its own transaction; ${config.databaseUrl ? "Postgres" : "embedded PGlite"}; load average at the end ${load()}`);
console.log(`inside the database (EXPLAIN ANALYZE, ${WRITES} writes after ${WARMUP}): analytics triggers median ${ms(median(triggers))}, p95 ${ms(pct(triggers, 0.95))}; the statements without them median ${ms(median(bare))}, p95 ${ms(pct(bare, 0.95))}`);
console.log(`  overhead of the medians: ${verdict((100 * median(triggers)) / median(bare))}`);
console.log(`by the wall clock (${withTriggers.length} writes a side in ${ratios.length} pairs of alternating blocks): with the triggers median ${ms(median(withTriggers))}, p95 ${ms(pct(withTriggers, 0.95))}; disabled median ${ms(median(withoutTriggers))}, p95 ${ms(pct(withoutTriggers, 0.95))}`);
console.log(`  overhead of the medians: ${verdict(100 * (median(withTriggers) / median(withoutTriggers) - 1))}; of the p95: ${(100 * (pct(withTriggers, 0.95) / pct(withoutTriggers, 0.95) - 1)).toFixed(1)} %`);
console.log(`  per pair of blocks (median with / median without − 1): median ${(100 * median(ratios)).toFixed(1)} %, quartiles ${(100 * pct(ratios, 0.25)).toFixed(1)} % to ${(100 * pct(ratios, 0.75)).toFixed(1)} %`);
console.log(`the same A/B inside the database (the two statements' execution under EXPLAIN ANALYZE, ${execWith.length} writes a side): with the triggers median ${ms(median(execWith))}, p95 ${ms(pct(execWith, 0.95))}; disabled median ${ms(median(execWithout))}, p95 ${ms(pct(execWithout, 0.95))}`);
console.log(`  overhead of the medians: ${verdict(100 * (median(execWith) / median(execWithout) - 1))}`);

console.log(`placing an order through the API (a manual retail order, ${placedWith.length} a side in the same alternating blocks): with the triggers median ${ms(median(placedWith))}, p95 ${ms(pct(placedWith, 0.95))}; disabled median ${ms(median(placedWithout))}, p95 ${ms(pct(placedWithout, 0.95))}`);
console.log(`  overhead of the medians: ${verdict(100 * (median(placedWith) / median(placedWithout) - 1))}`);

// Since migration 0420 the rollups' own work runs when the notes are folded (a report's read, or the
// recurring job): timed here apart, outside the writes' transactions.
const foldMs = async () => num(String(Object.values((await database.pool.query(`EXPLAIN (ANALYZE, TIMING ON) SELECT analytics_fold_changes($1)`, [session.store.id])).rows.at(-1) as Record<string, unknown>)[0]));
// The writes with the triggers: the EXPLAINed ones, the A/B's warm-ups and its counted writes, and the
// orders placed through the API with the triggers on (their warm-up, one per block and the counted).
const folded = WARMUP + WRITES + WARMUP + withTriggers.length + execWith.length + Math.ceil(WRITES / BLOCK) * BLOCK_WARMUP + WARMUP + Math.ceil(WRITES / BLOCK) + placedWith.length;
const foldAll = await foldMs();
console.log(`fold of the ${folded} noted writes in one go: ${ms(foldAll)}, ${ms(foldAll / folded)} an order`);
// The product months (migrations 0470, 0471): a new order's rows are added, an edited order's month is
// recomputed whole. One order written into the seed's busiest month and folded alone, then one of its
// lines returned and folded again, shows both at this store's size.
const { rows: [busiest] } = await database.pool.query<{ at: Date; n: number }>(
  `SELECT max(placed_at) AS at, count(*)::int AS n FROM order_facts WHERE store_id = $1 AND order_number < 900000
    GROUP BY date_trunc('month', placed_at AT TIME ZONE 'America/New_York') ORDER BY count(*) DESC LIMIT 1`, [session.store.id]);
const { rows: [placed] } = await database.pool.query<{ id: string }>(`INSERT INTO orders (store_id, customer_id, order_number, origin, email, subtotal_cents, total_cents, placed_at)
   VALUES ($1, $2, 999999, 'SHOPIFY_CREATOR', $3, 4200, 4200, $4) RETURNING id`, [session.store.id, seed.customers[0]!.id, seed.customers[0]!.email, busiest!.at]);
await database.pool.query(LINE_SQL, [placed!.id, session.store.id]);
console.log(`fold of one new order placed in a month of ${busiest!.n} orders: ${ms(await foldMs())}`);
await database.pool.query(`UPDATE order_line_items SET returned_quantity = 1 WHERE order_id = $1`, [placed!.id]);
console.log(`fold of a return on that order (its month recomputed): ${ms(await foldMs())}`);

await api.close();
await database.close();
