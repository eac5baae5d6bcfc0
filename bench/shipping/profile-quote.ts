// `npm run bench:shipping:profile`: where one rate quote's CPU goes. The quote endpoint alone at 10
// connections under the V8 sampling profiler, beside an authenticated read and the bare handler, and
// the hottest functions by self time (the profile is written to BENCH_PROFILE_DIR when set).
import fs from "node:fs";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { labelAddressSchema } from "@atelier/contracts/shipping";
import { createApiClient } from "@atelier/contracts";
import { loadConfig } from "../../api/src/config";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { signUp } from "../../test/factories/accounts";
import { measure, probe, type Target } from "../lib/load";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const from = labelAddressSchema.parse({ name: "Atelier Fulfilment Center", addressLine1: "500 Howard St", city: "San Francisco", stateCode: "CA", zipCode: "94105" });
const to = labelAddressSchema.parse({ name: "Grace Hopper", addressLine1: "1 Main St", addressLine2: "Apt 4", city: "Brooklyn", stateCode: "NY", zipCode: "11201" });

const config = loadConfig({ ...process.env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "warn", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: config.poolSize });
await migrate(database.pool);
const api = await startApi({ config, database, migrate: false });
const client = createApiClient({ baseUrl: api.url });
const session = await signUp(client, database.pool, { email: `bench-qprof-${Date.now()}@example.com`, password: "bench-password-123", storeName: "Bench store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
const auth = { authorization: `Bearer ${session.token}` };
const quote: Target = {
  label: "POST …/standalone-label/quote",
  url: `${api.url}/rest/main/web/standalone-label/quote`,
  method: "POST",
  body: JSON.stringify({ fromAddress: from, toAddress: to, parcel: { weight: 2, length: 10, width: 8, height: 4 } }),
  headers: { ...auth, "content-type": "application/json" },
};
const me: Target = { label: "GET …/web/stores/me (an authenticated read)", url: `${api.url}/rest/main/web/stores/me`, headers: auth };
for (const t of [quote, me]) {
  await probe(t);
  await measure(t, 10, 2);
}
const plain = [await measure(me, 10, DURATION_S), await measure(quote, 10, DURATION_S)];

const inspector = new Session();
inspector.connect();
await inspector.post("Profiler.enable");
await inspector.post("Profiler.setSamplingInterval", { interval: 200 });
await inspector.post("Profiler.start");
const profiled = await measure(quote, 10, DURATION_S);
const { profile } = await inspector.post("Profiler.stop");
await api.close();
await database.close();

console.table([...plain, { ...profiled, label: `${profiled.label} (profiled)` }].map((f) => ({ endpoint: f.label, "req/s": Math.round(f.rps), "p50 ms": f.p50, "p99 ms": f.p99, "cpu µs/req": f.cpuUsPerRequest })));

// Self time per function, grouped by where it lives (our code by file, packages by name).
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
const samples = profile.samples ?? [];
for (const id of samples) self.set(id, (self.get(id) ?? 0) + 1);
const total = samples.length;
const groups = new Map<string, number>();
const fns = new Map<string, number>();
for (const [id, n] of self) {
  const node = byId.get(id)!;
  const url = node.callFrame.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  const where = pkg ?? (url.startsWith("node:") || url === "" ? `(node) ${url || node.callFrame.functionName || "?"}` : path.relative(process.cwd(), url.replace("file://", "")));
  groups.set(where, (groups.get(where) ?? 0) + n);
  const fn = `${node.callFrame.functionName || "(anonymous)"} ${where}:${node.callFrame.lineNumber + 1}`;
  fns.set(fn, (fns.get(fn) ?? 0) + n);
}
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, n]) => ({ name, share: `${((100 * n) / total).toFixed(1)} %` }));
console.log("\nSelf time by module:");
console.table(top(groups, 20));
console.log("\nSelf time by function:");
console.table(top(fns, 25));
if (process.env.BENCH_PROFILE_DIR) fs.writeFileSync(path.join(process.env.BENCH_PROFILE_DIR, "quote.cpuprofile"), JSON.stringify(profile));
process.exit(0);
