// `npm run bench:shipping`: one 4×6 PDF label (target p50 ≤ 50 ms), a batch of 100 labels in one
// PDF (≤ 3 s), and the rate quote over HTTP at 10 connections (p99 ≤ 20 ms).
import { performance } from "node:perf_hooks";
import { createApiClient } from "@atelier/contracts";
import { labelAddressSchema } from "@atelier/contracts/shipping";
import { loadConfig } from "../../api/src/config";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { signUp } from "../../test/factories/accounts";
import { renderLabelsPdf } from "../../api/src/services/shipping/documents/render-pdf";
import { newTrackingNumber } from "../../api/src/providers/shipping/local-carrier";
import { measure, probe, type Target } from "../lib/load";
import { benchBatchEndpoints } from "./batch";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const from = labelAddressSchema.parse({ name: "Atelier Fulfilment Center", addressLine1: "500 Howard St", city: "San Francisco", stateCode: "CA", zipCode: "94105" });
const to = labelAddressSchema.parse({ name: "Grace Hopper", addressLine1: "1 Main St", addressLine2: "Apt 4", city: "Brooklyn", stateCode: "NY", zipCode: "11201" });
const label = () => ({ carrier: "Atelier Post", serviceName: "Ground", trackingNumber: newTrackingNumber(), fromAddress: from, toAddress: to, billedWeightLb: 2, zone: "Zone 8", deliveryDate: "2026-12-01", isReturn: false, orderNumber: 1042, notes: "Handle with care", createdAt: new Date() });

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

// Warm up pdfkit's fonts and bwip-js's encoder.
for (let i = 0; i < 5; i++) await renderLabelsPdf([label()], "4x6");
const single: number[] = [];
for (let i = 0; i < 100; i++) {
  const t = performance.now();
  await renderLabelsPdf([label()], "4x6");
  single.push(performance.now() - t);
}
const batches: number[] = [];
let batchBytes = 0;
for (let i = 0; i < 3; i++) {
  const labels = Array.from({ length: 100 }, label);
  const t = performance.now();
  batchBytes = (await renderLabelsPdf(labels, "4x6")).length;
  batches.push(performance.now() - t);
}

const config = loadConfig({ ...process.env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "warn", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: config.poolSize });
await migrate(database.pool);
const api = await startApi({ config, database, migrate: false });
const client = createApiClient({ baseUrl: api.url });
const session = await signUp(client, database.pool, { email: `bench-ship-${Date.now()}@example.com`, password: "bench-password-123", storeName: "Bench store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
const quote: Target = {
  label: "POST /rest/main/web/standalone-label/quote",
  url: `${api.url}/rest/main/web/standalone-label/quote`,
  method: "POST",
  body: JSON.stringify({ fromAddress: from, toAddress: to, parcel: { weight: 2, length: 10, width: 8, height: 4 } }),
  headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
};
await probe(quote);
await measure(quote, CONNECTIONS, 2);
const r = await measure(quote, CONNECTIONS, DURATION_S);
// The batch endpoints (labels for 100 orders at once) on the same API, beside the bare handler.
const batchRows = await benchBatchEndpoints({ config, database, api, client, session, factoryApi: { client, deps: { pool: database.pool } } }, DURATION_S);
await api.close();
await database.close();

const rows = [
  { figure: "one 4×6 PDF label", p50: `${pct(single, 50).toFixed(1)} ms`, p99: `${pct(single, 99).toFixed(1)} ms`, target: "p50 ≤ 50 ms", met: pct(single, 50) <= 50 },
  { figure: "batch of 100 labels, one PDF", p50: `${pct(batches, 50).toFixed(0)} ms (${(batchBytes / 1024).toFixed(0)} KB)`, p99: `${Math.max(...batches).toFixed(0)} ms`, target: "≤ 3 s", met: pct(batches, 50) <= 3000 },
  { figure: `rate quote, ${CONNECTIONS} connections (${r.rps.toFixed(0)} req/s, ${r.non2xx} non-2xx)`, p50: `${r.p50} ms`, p99: `${r.p99} ms`, target: "p99 ≤ 20 ms", met: r.p99 <= 20 && r.non2xx === 0 },
];
console.table(rows);
console.table(batchRows);
process.exit(rows.every((x) => x.met) ? 0 : 1);
