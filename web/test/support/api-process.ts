// Run as a child process by `startRealApi` (real-api.ts): the API on a free port against an
// in-memory embedded Postgres of its own, migrated. It runs apart from the jsdom test so the
// test's fake timers and DOM globals never reach the server, and prints one JSON line when ready.
import { loadConfig } from "../../../api/src/config";
import { openDatabase } from "../../../api/src/db/pool";
import { migrate } from "../../../api/src/db/migrate";
import { startApi } from "../../../api/src/server";

const config = loadConfig({ ...process.env, NODE_ENV: "test", PORT: "0", ATELIER_LOG_LEVEL: "silent" }, { authRateLimitPerMinute: 10_000 });
const database = await openDatabase({ dataDir: null, poolSize: 5 });
await migrate(database.pool);
const api = await startApi({ config, database, migrate: false });
process.stdout.write(`${JSON.stringify({ url: api.url, databaseUrl: database.url })}\n`);

// The parent closing stdin (or dying) ends the server and the database.
const stop = () => void api.close().then(() => database.close()).finally(() => process.exit(0));
process.stdin.on("end", stop);
process.stdin.resume();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, stop);
