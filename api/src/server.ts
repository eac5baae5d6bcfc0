import http from "node:http";
import type { AddressInfo } from "node:net";
import type express from "express";
import { loadConfig, type Config } from "./config";
import { openDatabase, type Database } from "./db/pool";
import { migrate } from "./db/migrate";
import { createTokenService, resolveJwtSecret } from "./auth/tokens";
import { createProviders, type Providers } from "./providers";
import { resolveQueryEmbeddings } from "./embeddings";
import { createLogger } from "./logger";
import { flushSearchLogs } from "./services/marketplace/search-log";
import { createApp } from "./http/app";
import { allRoutes } from "./routes";
import type { AppDeps } from "./context";

export type ApiServer = {
  url: string;
  port: number;
  deps: AppDeps;
  app: express.Express;
  server: http.Server;
  close(): Promise<void>;
};

export type StartApiOptions = {
  config?: Config;
  /** Use this database instead of opening one (the product's start script shares one with the agent server). */
  database?: Database;
  providers?: Partial<Providers>;
  /** Mount more handlers before the API (the web app's static files). */
  extend?: (app: express.Express) => void;
  /** Run migrations at start (default true). */
  migrate?: boolean;
};

/** Opens the database (unless given), migrates, and serves the API. */
export async function startApi(options: StartApiOptions = {}): Promise<ApiServer> {
  const config = options.config ?? loadConfig();
  const log = createLogger(config.logLevel);
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir, poolSize: config.poolSize }));
  try {
    if (options.migrate !== false) await migrate(database.pool);
    const deps: AppDeps = {
      pool: database.pool,
      config,
      tokens: createTokenService(resolveJwtSecret(config.jwtSecret, config.databaseUrl || config.env === "test" ? null : config.dataDir), config.tokenTtlHours * 3600),
      providers: createProviders(config, options.providers),
      log,
    };
    if (!options.providers?.embeddings) {
      deps.providers.embeddings = await resolveQueryEmbeddings(deps.pool, deps.providers.embeddings, (m) => log.warn(m));
    }
    const app = createApp(deps, allRoutes);
    options.extend?.(app);
    const server = http.createServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, resolve);
    });
    const port = (server.address() as AddressInfo).port;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      deps,
      app,
      server,
      async close() {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await flushSearchLogs(deps.pool);
        if (ownsDatabase) await database.close();
      },
    };
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }
}
