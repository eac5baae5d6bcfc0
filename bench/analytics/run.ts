// `npm run bench:analytics`: every analytics report's latency at 100,000 orders and 20,000
// customers (BENCH_ORDERS / BENCH_CUSTOMERS scale it), sequential, through the real API; and what
// the analytics triggers (order facts, and through them the daily and customer rollups) add to writing one order (measured against the same writes with
// the triggers off). Targets: p95 ≤ 300 ms per report on the embedded database (≤ 100 ms on
// Postgres), rollup overhead ≤ 10%.
import os from "node:os";
import { analytics, orders } from "@atelier/contracts";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { seedAnalyticsHistory, setAnalyticsFlags } from "../../test/factories/analytics";
import { startBenchStore } from "../lib/bench-store";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
// REPORTS=<id,id> (or REPORTS=none) limits the reports timed, for a quick look at the write cost.
const ONLY = process.env.REPORTS?.split(",");
const ANCHOR = new Date("2026-11-01T00:00:00Z");

const { config, database, api, client, session, factoryApi } = await startBenchStore();
await setAnalyticsFlags(factoryApi, session.token, { analytics: true, fulfillmentMetrics: true }, "America/New_York");

let started = performance.now();
const seed = await seedAnalyticsHistory(factoryApi, session.store.id, { anchor: ANCHOR, customers: CUSTOMERS, orders: ORDERS });
const seedMs = performance.now() - started;
started = performance.now();
// The rollups of the whole seed, folded at once (migration 0420), as the first report would.
await database.pool.query(`SELECT analytics_fold_changes($1)`, [session.store.id]);
console.log(`folded the seed's orders into the rollups in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await database.pool.query("ANALYZE orders; ANALYZE order_line_items; ANALYZE customer_metrics; ANALYZE order_facts; ANALYZE customers");
console.log(`seeded ${seed.orders.length} orders, ${seed.lineItems.length} lines, ${seed.customers.length} customers in ${(seedMs / 1000).toFixed(1)} s (the triggers note the orders; folded below)`);

const params = { from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() };
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const rows: { report: string; p50: number; p95: number; ok: boolean }[] = [];
for (const def of analytics.REPORTS) {
  if (ONLY && !ONLY.includes(def.id)) continue;
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    started = performance.now();
    await client.call(analytics.runReport, { params: { reportId: def.id as "analytics" }, query: params }, { token: session.token });
    if (i > 0) times.push(performance.now() - started); // the first run warms caches and plans
  }
  times.sort((a, b) => a - b);
  rows.push({ report: def.id, p50: Math.round(pct(times, 0.5)), p95: Math.round(pct(times, 0.95)), ok: pct(times, 0.95) <= (config.databaseUrl ? 100 : 300) });
  console.log(`${def.id}: p50 ${rows.at(-1)!.p50} ms, p95 ${rows.at(-1)!.p95} ms`);
}

// Bare writes are placed from tomorrow on, after every seeded order and every order the API places
// during the run, so each is its customer's latest, as a live order is.
const WRITES_FROM = Date.now() + 86_400_000;
/** Writes one order with one line in its own transaction, as an order write does. */
async function writeOrder(n: number): Promise<number> {
  const c = seed.customers[n % seed.customers.length]!;
  const t0 = performance.now();
  const db = await database.pool.connect();
  try {
    await db.query("BEGIN");
    const { rows: [o] } = await db.query<{ id: string }>(
      `INSERT INTO orders (store_id, customer_id, order_number, origin, email, subtotal_cents, total_cents, placed_at)
       VALUES ($1, $2, $3, 'SHOPIFY_CREATOR', $4, 4200, 4200, $5) RETURNING id`,
      [session.store.id, c.id, 900_000 + n, c.email, new Date(WRITES_FROM + n * 60_000).toISOString()],
    );
    await db.query(`INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents) VALUES ($1, $2, 'TEE-ORG-BLK', 'Organic Cotton Tee — Black', 1, 4200)`, [o!.id, session.store.id]);
    await db.query("COMMIT");
  } finally {
    db.release();
  }
  return performance.now() - t0;
}

// The analytics triggers an order write fires: since migration 0420 the notes of which orders changed
// (before it, 0300's fact row and line's units, and through the fact row's own triggers the daily and
// customer rollups). Found by name, so the same bench measures the older triggers on an older tree.
const { rows: found } = await database.pool.query<{ t: string }>(
  `SELECT c.relname || ' ' || g.tgname AS t FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
    WHERE NOT g.tgisinternal AND c.relname IN ('orders', 'order_line_items') AND (g.tgname LIKE 'order_facts%' OR g.tgname LIKE 'customer_metrics%' OR g.tgname LIKE 'analytics_note%')`);
const TRIGGERS = found.map((r) => r.t);
console.log(`analytics triggers on order writes: ${TRIGGERS.join(", ")}`);
async function setTriggers(on: boolean) {
  for (const t of TRIGGERS) {
    const [table, name] = t.split(" ");
    await database.pool.query(`ALTER TABLE ${table} ${on ? "ENABLE" : "DISABLE"} TRIGGER ${name}`);
  }
}
/** Places one manual order with one line through the API, as a person does (stock reserved, rules applied). */
async function placeOrder(n: number): Promise<number> {
  const t0 = performance.now();
  // Fifty buyers of its own, so these orders (placed now) never land before a bare write's order
  // of the same customer (placed later, below): both paths stay the live append.
  await client.call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "BENCH-TEE", quantity: 1 }], `api-buyer-${n % 50}@example.com`) }, { token: session.token });
  return performance.now() - t0;
}
await stockSku(factoryApi, session.token, "BENCH-TEE", 100_000);
// Alternating blocks, so a drift in the machine's load falls on both.
const withRollup: number[] = [];
const without: number[] = [];
const apiWith: number[] = [];
const apiWithout: number[] = [];
for (let block = 0; block < 4; block++) {
  for (const on of block % 2 === 0 ? [true, false] : [false, true]) {
    await setTriggers(on);
    for (let i = 0; i < WRITES / 4; i++) (on ? withRollup : without).push(await writeOrder(block * 10_000 + (on ? 0 : 5_000) + i));
    for (let i = 0; i < WRITES / 8; i++) (on ? apiWith : apiWithout).push(await placeOrder(block * 1_000 + (on ? 0 : 500) + i));
  }
}
await setTriggers(true);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const median = (xs: number[]) => pct([...xs].sort((a, b) => a - b), 0.5);
const overhead = (mean(withRollup) / mean(without) - 1) * 100;
// The median too: on a shared machine one pause of another process can move a mean by a third.
const medianOverhead = (median(withRollup) / median(without) - 1) * 100;
console.log(`\n${ORDERS} orders, ${CUSTOMERS} customers, ${RUNS} timed runs per report, sequential; database: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : "embedded PGlite"}; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`);
console.table(rows);
const slow = rows.filter((r) => !r.ok);
console.log(`reports within the p95 target (${config.databaseUrl ? 100 : 300} ms): ${rows.length - slow.length} of ${rows.length}${slow.length ? `; over: ${slow.map((r) => `${r.report} ${r.p95} ms`).join(", ")}` : ""}`);
console.log(`order write with the rollup: mean ${mean(withRollup).toFixed(2)} ms, median ${median(withRollup).toFixed(2)} ms; without: mean ${mean(without).toFixed(2)} ms, median ${median(without).toFixed(2)} ms`);
console.log(`order placed through the API (POST manual order, one line): with the rollup median ${median(apiWith).toFixed(2)} ms, without ${median(apiWithout).toFixed(2)} ms, overhead ${((median(apiWith) / median(apiWithout) - 1) * 100).toFixed(1)}% of the median, ${((mean(apiWith) / mean(apiWithout) - 1) * 100).toFixed(1)}% of the mean`);
console.log(`rollup overhead on the bare SQL write: ${overhead.toFixed(1)}% of the mean, ${medianOverhead.toFixed(1)}% of the median (target ≤ 10%) ${Math.max(overhead, medianOverhead) <= 10 ? "✓" : "✗"}`);
await api.close();
await database.close();
