// `npm start`: the whole product on one machine: the database (embedded unless DATABASE_URL is
// set), the API and web app on PORT (3000), the agent server on AGENT_PORT (3001).
import { loadConfig } from "../api/src/config";
import { openDatabase } from "../api/src/db/pool";
import { migrate } from "../api/src/db/migrate";
import { startApi } from "../api/src/server";
import { startAgentServer } from "../agent-server/src/server";
import { productGraphs } from "../agent-server/src/product-graphs";

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? null : config.dataDir,
  poolSize: config.poolSize,
});
await migrate(database.pool);
if (!config.skipDemoSeed) await (await import("../api/src/demo/seed")).seedDemoDataIfEmpty(database.pool, { log: (m) => console.log(m) });

// Web app (web/): built when web/dist is missing or older than its sources, served by the API
// process with the agent server forwarded under /agent-api (one origin for the browser).
const { ensureWebBuild, mountWebApp, webRuntimeConfig } = await import("../web/server/serve-web");
const { mountAgentProxy } = await import("../web/server/agent-proxy");
await ensureWebBuild();
const webRuntime = await webRuntimeConfig(process.env);

const api = await startApi({
  config,
  database,
  migrate: false,
  extend: (app) => {
    mountAgentProxy(app, config.agentUrl ?? `http://127.0.0.1:${config.agentPort}`);
    mountWebApp(app, { runtime: webRuntime });
  },
});
console.log(`Atelier API and web app on http://localhost:${api.port}`);
// Containers run the agent server apart (ATELIER_AGENT_URL); one machine runs it here.
const agent = config.agentUrl ? null : await startAgentServer({ config, pool: database.pool, graphs: productGraphs(api.url), apiBaseUrl: api.url });
console.log(agent ? `Atelier agent server on http://localhost:${agent.port}` : `Agent server at ${config.agentUrl}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: shutting down…`);
  // Runs in flight get a few seconds to finish; any cut short are reclaimed on the next start.
  await agent?.close();
  await api.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
