// `npm run bench:orders` (after the rule evaluation): the orders screens' reads at 100,000 orders and 2,000 SKUs
// (BENCH_ORDERS / BENCH_SKUS scale them), through the real API at 10 connections, beside the bare
// primary-key handler in the same run: the orders list with each filter and a search, one order's
// detail and the inventory counts. Target: each ≥ 0.6× the bare handler's req/s, as the median of
// BENCH_ROUNDS rounds, each endpoint against the bare windows measured just before and after it.
import os from "node:os";
import pg from "pg";
import { orders } from "@atelier/contracts";
import { drain, measure, probe, row, startBarePrimaryKeyServer, usable, type Figures, type Target } from "../lib/load";
import { startBenchStore } from "../lib/bench-store";
import { seedOrdersAtScale, type SeededOrders } from "./seed-orders";
import { foldChangedOrders } from "../../api/src/queries/analytics/fold-changes";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SKUS = Number(process.env.BENCH_SKUS ?? 2_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET = 0.6;
const ANCHOR = new Date("2026-11-01T00:00:00Z");

// BENCH_REUSE=1 keeps the seeded store in the database for the next run with BENCH_REUSE=1 (found by
// its owner's e-mail, which names the scale), sparing the seed (90–120 s on Postgres); off, every run
// seeds a new store.
const REUSE = process.env.BENCH_REUSE === "1";
const kept = REUSE ? { email: `orders-bench-${ORDERS}-${SKUS}@example.com`, storeName: `Orders bench, ${ORDERS} orders and ${SKUS} SKUs` } : undefined;
const { config, database, api, session, reused } = await startBenchStore(kept);
const storeId = session.store.id;

const seed = reused ? await keptSamples() : await seedStore();

/**
 * Every state, holds, returns and lines over 2,000 SKUs with stock, generated set-wise in SQL; then the
 * analytics fold of what the job has not folded yet, so it does not run in the middle of the measures
 * (a fold of tens of thousands of orders holds the embedded database's one session for minutes).
 */
async function seedStore(): Promise<SeededOrders> {
  const started = performance.now();
  const seeded = await seedOrdersAtScale(database.pool, storeId, { orders: ORDERS, skus: SKUS, customers: Math.round(ORDERS / 5), anchor: ANCHOR });
  const seededAt = performance.now();
  // With the job worker off (ATELIER_JOB_CONCURRENCY=0) nothing folds during the measures, and the notes are left as they are.
  const folded = config.jobs.concurrency > 0 ? await foldChangedOrders(database.pool, storeId) : 0;
  // Vacuumed as well as analysed: Postgres's autovacuum would mark the new pages all-visible, and on the embedded
  // database the fold job does after a large fold (vacuumRollupsIfEmbedded), which a run with the worker off skips.
  await database.pool.query(
    "VACUUM (ANALYZE) orders, order_line_items, customers, order_holds, inventory_items, inventory_levels, order_summaries, order_search_texts, order_search_words",
  );
  const s = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  const fold = config.jobs.concurrency > 0 ? `the ${folded} orders the job left folded and the tables vacuumed and analysed` : "the notes left unfolded (job worker off), the tables vacuumed and analysed";
  console.log(`seeded ${ORDERS} orders and ${SKUS} SKUs in ${s(started, seededAt)} s; ${fold} in ${s(seededAt, performance.now())} s; load ${os.loadavg()[0]!.toFixed(2)}`);
  return seeded;
}

/** The kept store's samples, chosen as the seed chooses them (the middle order by number and its customer). */
async function keptSamples(): Promise<SeededOrders> {
  const { rows } = await database.pool.query<{ n: number; id: string; order_number: number; name: string; email: string }>(
    `SELECT (SELECT count(*) FROM orders WHERE store_id = $1) AS n, o.id, o.order_number, c.name, c.email::text AS email
       FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE o.store_id = $1 ORDER BY o.order_number LIMIT 1 OFFSET (SELECT count(*) / 2 FROM orders WHERE store_id = $1)`,
    [storeId],
  );
  const r = rows[0];
  if (!r || r.n !== ORDERS) throw new Error(`the kept bench store (${kept!.email}) has ${r?.n ?? 0} orders, not ${ORDERS}: an earlier seed did not finish; delete that store or run without BENCH_REUSE`);
  console.log(`reusing the kept store of ${ORDERS} orders and ${SKUS} SKUs (${kept!.email})`);
  return { middleOrder: { id: r.id, orderNumber: r.order_number }, customer: { name: r.name, email: r.email } };
}

const auth = { authorization: `Bearer ${session.token}` };
const base = `${api.url}/rest/main/web`;
const { middleOrder, customer } = seed;
const targets: Target[] = [
  ...orders.ORDER_LIST_FILTERS.map((f) => ({ label: `orders list ${f}`, url: `${base}/orders?filter=${f}&size=25`, headers: auth })),
  { label: "orders list, search by name", url: `${base}/orders?search=${encodeURIComponent(customer.name.split(" ")[0]!)}&size=25`, headers: auth },
  { label: "orders list, search by e-mail", url: `${base}/orders?search=${encodeURIComponent(customer.email.split("@")[0]!)}&size=25`, headers: auth },
  { label: "orders list, search by number", url: `${base}/orders?search=${middleOrder.orderNumber}&size=25`, headers: auth },
  { label: "order detail", url: `${base}/orders/${middleOrder.id}`, headers: auth },
  { label: "inventory counts", url: `${base}/inventory?size=25`, headers: auth },
];
const bare = await startBarePrimaryKeyServer(database.pool, storeId);
for (const t of [...targets, bare.target]) await probe(t);

// Statements sent per answered request (the caller's read included): every client of the process
// counts, the API's pool and the bare handler's. Requests cut off at the window's end still send
// theirs, so the figure is a little high (10 requests over thousands).
let statementsSent = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statementsSent++;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

type Measured = Figures & { statementsPerRequest: number };

async function load(t: Target): Promise<Measured> {
  const before = statementsSent;
  const r = await measure(t, CONNECTIONS, DURATION_S);
  await drain(database.pool);
  return { ...r, statementsPerRequest: r.completed ? (statementsSent - before) / r.completed : 0 };
}
console.log(`warming up (${CONNECTIONS} connections)…`);
await load(bare.target);
// Each endpoint warmed too (its route's code compiled, its statement prepared on every pooled client):
// without it the first endpoint measured, the ALL tab, read 0.28–0.34× in every run while its statement
// costs what ON_HOLD's does (docs/benchmarks.md, the lead's sections of 2026-12-07).
for (const t of targets) await measure(t, CONNECTIONS, 1);

// The bare handler moved by up to 70 % within one run on an idle machine (docs/benchmarks.md, the lead's
// sections of 2026-12-07), so one bare figure per run made a ratio as much the machine's drift as the
// endpoint's cost. Each endpoint is measured between two bare windows and compared with their mean; the
// run repeats that BENCH_ROUNDS times and an endpoint's verdict is its median ratio (docs/decisions.md).
type Sample = { endpoint: Measured; bareBefore: Measured; bareAfter: Measured; ratio: number };
const samples = new Map<string, Sample[]>(targets.map((t) => [t.label, []]));
const bares: Measured[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  let bareBefore = await load(bare.target);
  bares.push(bareBefore);
  for (const t of targets) {
    const endpoint = await load(t);
    const bareAfter = await load(bare.target);
    bares.push(bareAfter);
    samples.get(t.label)!.push({ endpoint, bareBefore, bareAfter, ratio: endpoint.rps / ((bareBefore.rps + bareAfter.rps) / 2) });
    bareBefore = bareAfter;
  }
  console.log(`round ${round} of ${ROUNDS} measured (load ${os.loadavg()[0]!.toFixed(2)})`);
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** The round whose ratio is the median (the lower middle one for an even count), so its row's figures belong together. */
const medianSample = (xs: Sample[]) => [...xs].sort((a, b) => a.ratio - b.ratio)[(xs.length - 1) >> 1]!;
const bareRps = bares.map((b) => b.rps);

console.log(`\n${ORDERS} orders, ${SKUS} SKUs; ${ROUNDS} rounds of ${DURATION_S} s per window, ${CONNECTIONS} connections, pool ${config.poolSize}, database: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : "embedded PGlite"}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`);
console.log(`bare handler: ${bares.length} windows, ${Math.round(Math.min(...bareRps))}–${Math.round(Math.max(...bareRps))} req/s (median ${Math.round(median(bareRps))}), ${Math.round(median(bares.map((b) => b.cpuUsPerRequest)))} cpu µs/req`);
console.table(
  targets.map((t) => {
    const xs = samples.get(t.label)!;
    const m = medianSample(xs);
    return {
      ...row(m.endpoint),
      "bare beside": Math.round((m.bareBefore.rps + m.bareAfter.rps) / 2),
      "× bare, each round": xs.map((x) => x.ratio.toFixed(2)).join(" "),
      "× bare, median": median(xs.map((x) => x.ratio)).toFixed(2),
      "statements/req": m.endpoint.statementsPerRequest.toFixed(2),
    };
  }),
);
for (const t of targets) {
  const ratio = median(samples.get(t.label)!.map((x) => x.ratio));
  console.log(`${t.label}: ${ratio.toFixed(2)}× bare, median of ${ROUNDS} (target ≥ ${TARGET}) ${ratio >= TARGET ? "✓" : "✗"}`);
}
const all = [...bares, ...[...samples.values()].flat().map((x) => x.endpoint)];
if (!all.every(usable)) console.log("warning: some requests failed or none completed; the figures are not comparable");

await bare.close();
await api.close();
await database.close();
