// `npm run bench:orders:api`: the orders screens' reads at 100,000 orders and 2,000 SKUs
// (BENCH_ORDERS / BENCH_SKUS scale them), through the real API at 10 connections, beside the bare
// primary-key handler in the same run: the orders list with each filter and a search, one order's
// detail and the inventory counts. Target: each ≥ 0.6× the bare handler's req/s.
import os from "node:os";
import { orders } from "@atelier/contracts";
import { seedAnalyticsHistory } from "../../test/factories/analytics";
import { drain, measure, probe, row, startBarePrimaryKeyServer, usable, type Figures, type Target } from "../lib/load";
import { startBenchStore } from "../lib/bench-store";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SKUS = Number(process.env.BENCH_SKUS ?? 2_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET = 0.6;
const ANCHOR = new Date("2026-11-01T00:00:00Z");

const { config, database, api, client, session } = await startBenchStore();
const storeId = session.store.id;

// The demo generator's orders (every state, origin and customer), and SKUs in two bins each.
const started = performance.now();
const seed = await seedAnalyticsHistory({ client, deps: { pool: database.pool } }, storeId, { anchor: ANCHOR, orders: ORDERS, customers: Math.round(ORDERS / 5) });
await database.pool.query(
  `WITH items AS (
     INSERT INTO inventory_items (store_id, sku, title) SELECT $1, 'BENCH-' || lpad(n::text, 5, '0'), 'Bench item ' || n FROM generate_series(1, $2::int) n RETURNING id, sku)
   INSERT INTO inventory_levels (store_id, item_id, bin, on_hand, reserved, incoming)
   SELECT $1, i.id, b.bin, (hashtext(i.sku || b.bin) & 255), (hashtext(i.sku || b.bin) & 255) / 4, CASE WHEN b.bin = 'B-02' THEN 12 ELSE 0 END
     FROM items i CROSS JOIN (VALUES ('A-01'), ('B-02')) b(bin)`,
  [storeId, SKUS],
);
await database.pool.query("ANALYZE orders; ANALYZE order_line_items; ANALYZE customers; ANALYZE inventory_items; ANALYZE inventory_levels");
console.log(`seeded ${seed.orders.length} orders and ${SKUS} SKUs in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const auth = { authorization: `Bearer ${session.token}` };
const base = `${api.url}/rest/main/web`;
const someOrder = seed.orders[Math.floor(seed.orders.length / 2)]!;
const customer = seed.customers[7]!;
const targets: Target[] = [
  ...orders.ORDER_LIST_FILTERS.map((f) => ({ label: `orders list ${f}`, url: `${base}/orders?filter=${f}&size=25`, headers: auth })),
  { label: "orders list, search by name", url: `${base}/orders?search=${encodeURIComponent(customer.name.split(" ")[0]!)}&size=25`, headers: auth },
  { label: "orders list, search by number", url: `${base}/orders?search=${someOrder.orderNumber}&size=25`, headers: auth },
  { label: "order detail", url: `${base}/orders/${someOrder.id}`, headers: auth },
  { label: "inventory counts", url: `${base}/inventory?size=25`, headers: auth },
];
const bare = await startBarePrimaryKeyServer(database.pool, storeId);
for (const t of [...targets, bare.target]) await probe(t);

async function load(t: Target): Promise<Figures> {
  const r = await measure(t, CONNECTIONS, DURATION_S);
  await drain(database.pool);
  return r;
}
console.log(`warming up (${CONNECTIONS} connections)…`);
await load(bare.target);
// The bare handler is measured before and after the endpoints; each endpoint is compared with the slower of the two, so drift in the machine's load does not flatter a figure.
const bareBefore = await load(bare.target);
const figures: Figures[] = [];
for (const t of targets) figures.push(await load(t));
const bareAfter = await load(bare.target);
const bareRps = Math.min(bareBefore.rps, bareAfter.rps);

console.log(`\n${ORDERS} orders, ${SKUS} SKUs; ${DURATION_S}s per target, ${CONNECTIONS} connections, pool ${config.poolSize}, database: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : "embedded PGlite"}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`);
console.table([...figures, bareBefore, bareAfter].map((f) => ({ ...row(f), "× bare": f === bareBefore || f === bareAfter ? "" : (f.rps / bareRps).toFixed(2) })));
for (const f of figures) console.log(`${f.label}: ${(f.rps / bareRps).toFixed(2)}× bare (target ≥ ${TARGET}) ${f.rps / bareRps >= TARGET ? "✓" : "✗"}`);
if (![...figures, bareBefore, bareAfter].every(usable)) console.log("warning: some requests failed or none completed; the figures are not comparable");

await bare.close();
await api.close();
await database.close();
