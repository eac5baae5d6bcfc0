// `npm run bench:analytics:profile`: a working tool beside `bench:analytics` for finding where a
// report's time goes. It keeps the seeded store in a data directory (BENCH_DATA_DIR, default
// /tmp/atelier-analytics-bench) so the 100,000-order seed is paid once, applies any new migration
// to it, times each report's computation (rows and totals, as the API runs them) without HTTP, and
// with EXPLAIN=<report id> prints the plans of that report's statements with their timings.
// REPORTS=<id,id> limits the run; BENCH_WORK_MEM=64MB tries a larger sort memory; BENCH_VACUUM=1 vacuums an embedded store first.
import { analytics } from "@atelier/contracts";
import { createApiClient } from "@atelier/contracts";
import { loadConfig } from "../../api/src/config";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { computeReport, factArgs, resolveParams, specOf } from "../../api/src/services/analytics/compute-report";
import { signUp } from "../../test/factories/accounts";
import { seedAnalyticsHistory, setAnalyticsFlags } from "../../test/factories/analytics";
import { explainReport } from "./explain";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? "/tmp/atelier-analytics-bench";
const ANCHOR = new Date("2026-11-01T00:00:00Z");
const STORE_NAME = `Profile store ${ORDERS}/${CUSTOMERS}`;

const config = loadConfig({ ...process.env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "warn", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : DATA_DIR, poolSize: config.poolSize });
await migrate(database.pool);
const pool = database.pool;

let { rows: [store] } = await pool.query<{ id: string }>("SELECT id FROM stores WHERE title = $1", [STORE_NAME]);
if (!store) {
  const api = await startApi({ config, database, migrate: false });
  const client = createApiClient({ baseUrl: api.url });
  const session = await signUp(client, pool, { email: `profile-${Date.now()}@example.com`, password: "bench-password-123", storeName: STORE_NAME, accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
  await setAnalyticsFlags({ client, deps: { pool } }, session.token, { analytics: true, fulfillmentMetrics: true }, "America/New_York");
  const t0 = performance.now();
  const seed = await seedAnalyticsHistory({ client, deps: { pool } }, session.store.id, { anchor: ANCHOR, customers: CUSTOMERS, orders: ORDERS });
  console.log(`seeded ${seed.orders.length} orders, ${seed.lineItems.length} lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await api.close();
  store = { id: session.store.id };
}
await pool.query("ANALYZE");
// BENCH_VACUUM=1 on the embedded database: the store's tables vacuumed once, as the fold job does after a
// large fold (fold-changes-job.ts; the embedded database has no autovacuum). A store kept from an earlier
// run was seeded by a process that never ran the job, so its rollups still carry the seed's dead rows.
if (process.env.BENCH_VACUUM === "1" && !config.databaseUrl) {
  const t0 = performance.now();
  await pool.query("VACUUM");
  console.log(`vacuumed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
// The embedded database is one backend behind every pooled connection: a SET here applies to all of them.
if (process.env.BENCH_WORK_MEM) await pool.query(`SET work_mem = '${process.env.BENCH_WORK_MEM.replace(/[^0-9A-Za-z]/g, "")}'`);

const p = resolveParams(analytics.reportParamsSchema.parse({ from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() }), "America/New_York", ANCHOR);
const only = process.env.REPORTS?.split(",");
const results: { report: string; min: number; max: number }[] = [];
for (const def of analytics.REPORTS) {
  if (only && !only.includes(def.id)) continue;
  if (process.env.EXPLAIN === def.id) await explainReport(pool, specOf(def, p), factArgs(store.id, p));
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const t0 = performance.now();
    await computeReport(pool, store.id, def, p);
    if (i > 0) times.push(performance.now() - t0);
  }
  results.push({ report: def.id, min: Math.round(Math.min(...times)), max: Math.round(Math.max(...times)) });
  console.log(`${def.id}: ${results.at(-1)!.min}–${results.at(-1)!.max} ms`);
}
console.table(results);
await database.close();
