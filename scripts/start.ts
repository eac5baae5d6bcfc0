// `npm start`: the whole product on one machine: the database (embedded unless DATABASE_URL is
// set), the API and web app on PORT (3000), the agent server on AGENT_PORT (3001).
import { loadConfig } from "../api/src/config";
import { openDatabase } from "../api/src/db/pool";
import { migrate } from "../api/src/db/migrate";
import { fileStorageFor } from "../api/src/storage";
import { startApi } from "../api/src/server";
import { publish } from "../api/src/realtime";
import { startAgentServer } from "../agent-server/src/server";
import { productGraphs } from "../agent-server/src/product-graphs";

// Runs in flight get a few seconds in the agent server's close; past this the process gives up
// on a clean stop. Runs cut short are reclaimed on the next start, and a stale data-dir lock is
// taken over, so exiting here loses nothing that was committed.
const SHUTDOWN_TIMEOUT_MS = 20_000;

type Resource = { name: string; close(): Promise<void> };
/** What is open, in start order; shutdown closes it in reverse. */
const open: Resource[] = [];
let stopping = false;

async function shutdown(reason: string, exitCode = 0): Promise<never> {
  if (stopping) {
    // A second Ctrl-C: whatever hangs, the user wants the terminal back.
    console.error(`\n${reason} again: exiting without finishing the shutdown.`);
    process.exit(130);
  }
  stopping = true;
  console.log(`\n${reason}: shutting down… (Ctrl-C again to force)`);
  let closing = "";
  const timer = setTimeout(() => {
    const left = [closing, ...open.map((r) => r.name).reverse()].filter(Boolean).join(", ");
    console.error(`Shutdown did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s (still open: ${left}); exiting.`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  let failed = false;
  // Each step on its own: a failing agent server must not keep the database (and its lock) open.
  while (open.length) {
    const resource = open.pop()!;
    closing = resource.name;
    try {
      await resource.close();
    } catch (err) {
      failed = true;
      console.error(`Closing ${resource.name} failed:`, err);
    }
  }
  clearTimeout(timer);
  process.exit(failed ? 1 : exitCode);
}

process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.dataDir,
    poolSize: config.poolSize,
  });
  open.push({ name: "the database", close: () => database.close() });
  await migrate(database.pool);
  if (!config.skipDemoSeed) await (await import("../api/src/demo/seed")).seedDemoDataIfEmpty(database.pool, { log: (m) => console.log(m), storage: fileStorageFor(config) });

  // Web app (web/): built when web/dist is missing or older than its sources, served by the API
  // process with the agent server forwarded under /agent-api (one origin for the browser).
  // ATELIER_SKIP_WEB_BUILD=1 serves web/dist as it is (tests, an image that built it already).
  const { ensureWebBuild, mountWebApp, webRuntimeConfig } = await import("../web/server/serve-web");
  const { mountAgentProxy } = await import("../web/server/agent-proxy");
  if (process.env.ATELIER_SKIP_WEB_BUILD !== "1") await ensureWebBuild();
  const webRuntime = await webRuntimeConfig(process.env);

  const api = await startApi({
    config,
    database,
    migrate: false,
    extend: (app, deps) => {
      mountAgentProxy(app, config.agentUrl ?? `http://127.0.0.1:${config.agentPort}`, undefined, deps.tokens.forwarderKey);
      mountWebApp(app, { runtime: webRuntime });
    },
  });
  open.push({ name: "the API", close: () => api.close() });
  // The picture index for image search builds as a background job (about a minute for the demo
  // catalogue); searches meanwhile answer with the share done and the job to follow.
  // With an image model configured, pictures are indexed as searches go (no burst of model calls).
  if (!config.imageEmbeddings.model) {
    const { startImageIndexBuild } = await import("../api/src/services/marketplace/build-image-index");
    await startImageIndexBuild(api.deps);
  }
  console.log(`Atelier API and web app on http://localhost:${api.port}`);
  // Containers run the agent server apart (ATELIER_AGENT_URL); one machine runs it here.
  const agent = config.agentUrl ? null : await startAgentServer({ config, pool: database.pool, graphs: productGraphs(api.url), apiBaseUrl: api.url, publish });
  if (agent) open.push({ name: "the agent server", close: () => agent.close() });
  console.log(agent ? `Atelier agent server on http://localhost:${agent.port}` : `Agent server at ${config.agentUrl}`);
} catch (err) {
  // A signal during start closes what is open itself; anything else is a failed start.
  if (!stopping) {
    console.error("Atelier could not start:", err);
    await shutdown("Start failed", 1);
  }
}
