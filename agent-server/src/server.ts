import http from "node:http";
import type { AddressInfo } from "node:net";
import type pg from "pg";
import type { Logger } from "pino";
import { type Config, createLogger, createTokenService, resolveJwtSecret, type TokenService } from "@atelier/api/platform";
import { createAgentApp } from "./app";
import { AtelierCheckpointer } from "./checkpointer";
import { createGraphRegistry, type GraphSource } from "./graphs";
import { createRunner } from "./runner";
import { agentLimitsFromEnv, type AgentLimits } from "./limits";
import type { RealtimePublisher } from "./realtime-publisher";

export type AgentServerOptions = {
  config: Config;
  pool: pg.Pool;
  graphs: GraphSource;
  /** Where tools reach the REST API (default: this machine's API port). */
  apiBaseUrl?: string;
  port?: number;
  tokens?: TokenService;
  log?: Logger;
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
  anonymousRunsPerMinute?: number;
  /** Caps on what callers store (default: the environment's, else DEFAULT_AGENT_LIMITS). */
  limits?: Partial<AgentLimits>;
  /** Where run events go to the users' open tabs: the API's `publish` in one process, `postgresPublisher` apart. */
  publish?: RealtimePublisher;
};

export type AgentServer = { url: string; port: number; close(): Promise<void>; runner: ReturnType<typeof createRunner> };

/** Serves the agent HTTP API and runs the worker loop on the shared database. */
export async function startAgentServer(options: AgentServerOptions): Promise<AgentServer> {
  const { config, pool } = options;
  const log = options.log ?? createLogger(config.logLevel, "agent-server");
  const tokens =
    options.tokens ??
    createTokenService(resolveJwtSecret(config.jwtSecret, config.databaseUrl || config.env === "test" ? null : config.dataDir), config.tokenTtlHours * 3600);
  // Checkpoint writes carry the writing run's unstored events (the runner is created just below).
  const checkpointer = new AtelierCheckpointer(pool, {
    take: (runId) => runner.pendingRows.take(runId),
    restore: (rows) => runner.pendingRows.restore(rows),
  });
  const graphs = createGraphRegistry(options.graphs, checkpointer, log);
  const pollMs = options.pollMs ?? 250;
  const apiBaseUrl = options.apiBaseUrl ?? `http://127.0.0.1:${config.port}`;
  const runner = createRunner({
    pool,
    graphs,
    tokens,
    log,
    apiBaseUrl,
    leaseMs: options.leaseMs ?? 15_000,
    pollMs,
    concurrency: options.concurrency ?? 8,
    drainCheckpoints: (threadId) => checkpointer.drain(threadId),
    finishWithLastBatch: (run) => checkpointer.finishWithLastBatch(run),
    publish: options.publish,
  });
  const app = createAgentApp({ pool, tokens, graphs, runner, log, pollMs, anonymousRunsPerMinute: options.anonymousRunsPerMinute ?? 20, limits: { ...agentLimitsFromEnv(), ...options.limits }, trustProxy: config.trustProxy, startedAt: new Date().toISOString() });
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? config.agentPort, config.host, resolve);
  });
  runner.start();
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    runner,
    async close() {
      await runner.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
