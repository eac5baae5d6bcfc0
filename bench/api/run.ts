// `npm run bench:api`: the API's overhead over a bare Express handler doing the same one-row
// query through the same pool. Target: the API serves at least 0.8 of the bare handler's req/s.
import os from "node:os";
import { createApiClient } from "@atelier/contracts";
import { loadConfig } from "../../api/src/config";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { signUp } from "../../test/factories/accounts";
import { drain, measure, probe, row, startBarePrimaryKeyServer, usable, type Figures, type Target } from "../lib/load";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function load(t: Target, duration = DURATION_S): Promise<Figures> {
  const r = await measure(t, CONNECTIONS, duration);
  await drain(database.pool);
  return r;
}

// Production semantics: no response validation, warnings only.
const config = loadConfig({ ...process.env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "warn", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: config.poolSize });
await migrate(database.pool);
const api = await startApi({ config, database, migrate: false });

const client = createApiClient({ baseUrl: api.url });
const email = `bench-${Date.now()}@example.com`;
const session = await signUp(client, database.pool, { email, password: "bench-password-123", storeName: "Bench store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
const storeId = session.store.id;

const bare = await startBarePrimaryKeyServer(database.pool, storeId);
const apiTarget: Target = { label: "GET /rest/main/web/stores/me", url: `${api.url}/rest/main/web/stores/me`, headers: { authorization: `Bearer ${session.token}` } };
const bareTarget = bare.target;
await probe(apiTarget);
await probe(bareTarget);
console.log(`warming up (${CONNECTIONS} connections)…`);
await load(apiTarget, 2);
await load(bareTarget, 2);

// Rounds alternate which target goes first, so a drift of the machine's load during the run falls
// on both; each target's median round is reported.
const rounds: { api: Figures; bare: Figures }[] = [];
for (let n = 0; n < ROUNDS; n++) {
  if (n % 2 === 0) rounds.push({ api: await load(apiTarget), bare: await load(bareTarget) });
  else {
    const bareRun = await load(bareTarget);
    rounds.push({ api: await load(apiTarget), bare: bareRun });
  }
}
const median = (runs: Figures[]): Figures => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
const results = [median(rounds.map((r) => r.api)), median(rounds.map((r) => r.bare))];
console.log(`\n${ROUNDS} rounds of ${DURATION_S}s each, ${CONNECTIONS} connections, pool ${config.poolSize}, database: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : "embedded PGlite"}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`);
console.log(`ratio per round: ${rounds.map((r) => (r.api.rps / r.bare.rps).toFixed(2)).join(", ")}`);
console.log("median round of each target:");
console.table(results.map(row));
const ratio = results[0]!.rps / results[1]!.rps;
console.log(`ratio api / bare (medians): ${ratio.toFixed(2)} (target ≥ 0.80) ${ratio >= 0.8 ? "✓" : "✗"}`);
if (!rounds.every((r) => usable(r.api) && usable(r.bare))) console.log("warning: some requests failed or none completed; the figures are not comparable");

await bare.close();
await api.close();
await database.close();
