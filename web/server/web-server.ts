// The web app as its own process (the compose `web` service): the built files, with the API and
// the agent server forwarded under the page's own origin, so the browser needs no CORS and one address.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import { z } from "zod";
import { API_BASE_PATH } from "@atelier/contracts";
import { WEB_DIST, mountWebApp, webRuntimeConfig } from "./serve-web";
import { mountAgentProxy } from "./agent-proxy";
import { forwardTo } from "./forward";
import { parseTrustProxy, type TrustProxy } from "../../api/src/config";
import { forwarderKeyFor } from "../../api/src/auth/forwarder";

/** Answered by the web process itself: 200 once the built app is there to serve. */
export const WEB_HEALTH_PATH = "/healthz";

const envSchema = z.object({
  HOST: z.string().default("127.0.0.1"),
  WEB_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // The defaults are where `npm start` puts the API (PORT) and the agent server (AGENT_PORT).
  ATELIER_API_URL: z.string().url().default("http://127.0.0.1:3000"),
  ATELIER_AGENT_URL: z.string().url().default("http://127.0.0.1:3001"),
  // Same meaning as the API's (README): which proxy in front of this one is believed.
  TRUST_PROXY: z.string().default(""),
  // With the API's and agent server's secret, the agent server can trust the visitor addresses this
  // process forwards (api/src/auth/forwarder.ts); without it they see this process's address.
  ATELIER_JWT_SECRET: z.string().min(32).optional(),
});

export type WebServerConfig = { host: string; port: number; apiUrl: string; agentUrl: string; distDir: string; trustProxy?: TrustProxy; visitorKey?: string };

/** Parses the web process's environment once; a bad value stops it with the variable and the reason. */
export function loadWebServerConfig(env: Record<string, string | undefined> = process.env): WebServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (err) {
    throw new Error(`Invalid environment: TRUST_PROXY: ${(err as Error).message}`);
  }
  const visitorKey = e.ATELIER_JWT_SECRET ? forwarderKeyFor(new TextEncoder().encode(e.ATELIER_JWT_SECRET)) : undefined;
  return { host: e.HOST, port: e.WEB_PORT, apiUrl: e.ATELIER_API_URL, agentUrl: e.ATELIER_AGENT_URL, distDir: WEB_DIST, trustProxy, visitorKey };
}

export type WebServer = { url: string; port: number; close(): Promise<void> };

/** Serves the built app on config.port; /rest/main goes to the API, /agent-api to the agent server. */
export async function startWebServer(config: WebServerConfig, env: Record<string, string | undefined> = process.env): Promise<WebServer> {
  const index = path.join(config.distDir, "index.html");
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy ?? false);
  app.get(WEB_HEALTH_PATH, (_req, res) => {
    const built = fs.existsSync(index);
    res.status(built ? 200 : 503).json({ status: built ? "ok" : "the web app is not built (npm run build --workspace web)" });
  });
  app.use(API_BASE_PATH, forwardTo({ target: () => config.apiUrl, keepMount: true, unreachable: "The API is not reachable. Check that it runs and ATELIER_API_URL." }));
  // Realtime (socket.io) lives on the API: HTTP long-polling passes through here; WebSocket
  // upgrades are not forwarded, so the client stays on polling behind this server.
  app.use("/socket.io", forwardTo({ target: () => config.apiUrl, keepMount: true, unreachable: "Live updates are unavailable: the API is not reachable." }));
  mountAgentProxy(app, config.agentUrl, undefined, config.visitorKey);
  mountWebApp(app, { distDir: config.distDir, runtime: await webRuntimeConfig(env) });
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
