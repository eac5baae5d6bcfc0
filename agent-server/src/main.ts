// The agent server alone (containers run it apart from the API): `node --import tsx agent-server/src/main.ts`.
// It shares Postgres and the token secret with the API; tools reach the API at ATELIER_API_URL.
import { loadConfig, migrate, openDatabase } from "@atelier/api/platform";
import { productGraphs } from "./product-graphs";
import { startAgentServer } from "./server";
import { postgresPublisher } from "./realtime-publisher";

const config = loadConfig();
// The embedded database belongs to one process, and a random per-process secret would refuse the
// API's tokens: alone, this server needs the shared Postgres and the shared secret (`npm start`
// runs everything in one process when neither is set).
const missing = [!config.databaseUrl && "DATABASE_URL", !config.jwtSecret && "ATELIER_JWT_SECRET"].filter(Boolean);
if (missing.length) {
  console.error(`The agent server alone needs ${missing.join(" and ")} (the same values as the API's). To run everything on one machine without them, use \`npm start\`.`);
  process.exit(1);
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: config.poolSize });
// migrate() holds an advisory lock, so starting next to the API (which migrates too) is safe; and
// the run tables must exist before the worker loop polls them.
await migrate(database.pool);
const apiBaseUrl = process.env.ATELIER_API_URL ?? `http://127.0.0.1:${config.port}`;
// Run events reach the users' tabs through the API processes, which LISTEN on the shared Postgres.
const publish = postgresPublisher(database.pool, (err) => console.error("agent-server: publishing a realtime event failed", err));
const agent = await startAgentServer({ config, pool: database.pool, graphs: productGraphs(apiBaseUrl), apiBaseUrl, publish });
console.log(`Atelier agent server on ${agent.url} (API at ${apiBaseUrl})`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down the agent server…`);
  // Runs in flight get a few seconds to finish; any cut short are reclaimed by the next process.
  await agent.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
