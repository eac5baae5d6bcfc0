// `npm run bench:orders:import`: a 10,000-row Shopify orders export (Shopify's own header, several
// lines per order, some SKUs short of stock, a few bad rows) imported on a fresh database (embedded
// unless DATABASE_URL is set) through the real path: the multipart upload that reads and checks the
// file, then the import job until it has finished. Target: ≤ 20 s for the whole (issue 16).
// BENCH_IMPORT_ROWS and BENCH_IMPORT_SKUS scale it.
import os from "node:os";
import pg from "pg";
import { salesChannels } from "@atelier/contracts";
import { shopifyOrdersCsv, stockSku, type ExportLine, type ExportOrder } from "../../test/factories";
import { startBenchStore } from "../lib/bench-store";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const SKUS = Number(process.env.BENCH_IMPORT_SKUS ?? 200);
const TARGET_S = 20;

const { config, database, api, client, session, factoryApi } = await startBenchStore();
const token = session.token;
const tag = Date.now().toString(36).toUpperCase();
const sku = (n: number) => `IMP-${tag}-${String(n).padStart(4, "0")}`;

// Every tenth SKU holds 3 units, so the orders that reach it after its stock is gone are held as
// short of stock (the placement's full path: reserve what there is, hold the rest).
for (let n = 0; n < SKUS; n++) await stockSku(factoryApi, token, sku(n), n % 10 === 0 ? 3 : 100_000, { title: `Bench item ${n}` });

// Orders of 1 to 4 lines until the file has ROWS data rows; a deterministic spread so runs compare.
// About one order in 200 is bad: an unknown SKU, no street, or a quantity that is not a number.
const exportOrders: ExportOrder[] = [];
let rows = 0;
let bad = 0;
for (let i = 0; rows < ROWS; i++) {
  const count = Math.min(ROWS - rows, 1 + (i % 4));
  const lines: ExportLine[] = Array.from({ length: count }, (_, j) => ({ sku: sku((i * 7 + j * 13) % SKUS), quantity: 1 + ((i + j) % 3), price: 12 + ((i * 3 + j) % 40) }));
  const order: ExportOrder = { id: `#${10_000 + i}`, name: `Buyer ${i}`, lines };
  if (i % 200 === 199) {
    bad++;
    const kind = (i / 200) % 3;
    if (kind < 1) lines[0]!.sku = `GONE-${tag}-${i}`;
    else if (kind < 2) order.address1 = "";
    else lines[0]!.quantity = "two";
  }
  exportOrders.push(order);
  rows += count;
}
const file = shopifyOrdersCsv(exportOrders);
const bytes = Buffer.byteLength(file);

const t0 = performance.now();
const form = new FormData();
form.append("file", new Blob([file]), "orders_export_1.csv");
const res = await fetch(`${api.url}/rest/main/web/orders/import-files`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
const uploaded = (await res.json()) as { id: string; rowCount: number; orderCount: number; message?: string };
if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${uploaded.message ?? ""}`);
const t1 = performance.now();
// Every SQL statement the API sends while the job runs (the 100 ms polls' few reads included): a
// figure the machine's load does not move.
let statements = 0;
let polls = 0;
// The process's CPU (all its threads, PGlite's included) while the job runs: what the job costs on
// a quiet machine, where the wall clock is about this when the work is on one thread.
const cpu0 = process.cpuUsage();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
await client.call(salesChannels.startOrderImport, { body: { importId: uploaded.id } }, { token, idempotencyKey: crypto.randomUUID() });
let result = await client.call(salesChannels.getOrderImport, { params: { id: uploaded.id } }, { token });
// Polled every 100 ms: the poll's own cost is a few reads against thousands of inserts.
while (result.status !== "COMPLETED" && result.status !== "FAILED") {
  await new Promise((r) => setTimeout(r, 100));
  result = await client.call(salesChannels.getOrderImport, { params: { id: uploaded.id } }, { token });
  polls++;
}
const t2 = performance.now();
pg.Client.prototype.query = query;
const cpu = process.cpuUsage(cpu0);

const held = await database.pool.query<{ n: string }>("SELECT count(*) n FROM orders WHERE store_id = $1 AND processing_status = 'ON_HOLD'", [session.store.id]);
const seconds = (t2 - t0) / 1000;
console.log(`\n${uploaded.rowCount.toLocaleString("en-US")} rows, ${uploaded.orderCount.toLocaleString("en-US")} orders (${bad} bad), ${SKUS} SKUs, ${(bytes / 1024 / 1024).toFixed(1)} MB; database: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : "embedded PGlite"}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`);
console.table([
  { step: "upload and check", seconds: ((t1 - t0) / 1000).toFixed(2) },
  { step: "import job to completion", seconds: ((t2 - t1) / 1000).toFixed(2) },
  { step: "total", seconds: seconds.toFixed(2) },
]);
console.log(`outcome: ${result.status}, ${result.importedCount} imported (${held.rows[0]!.n} held short of stock), ${result.skippedCount} skipped, ${result.failedCount} could not be imported — ${result.summary}`);
console.log(`SQL statements while the job ran: ${statements.toLocaleString("en-US")} (${polls} progress polls included), ${(statements / Math.max(1, result.importedCount)).toFixed(2)} per imported order`);
console.log(`CPU of this process while the job ran: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)}, system ${(cpu.system / 1e6).toFixed(1)})`);
console.log(`10,000-row import: ${seconds.toFixed(1)} s (target ≤ ${TARGET_S} s) ${seconds <= TARGET_S ? "✓" : "✗"}`);

await api.close();
await database.close();
