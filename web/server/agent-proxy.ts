// The agent server reached through the web app's own origin: no CORS, one address for the
// browser, and streamed (SSE) responses piped through as they arrive.
import type express from "express";
import { forwardTo } from "./forward";

export const AGENT_PROXY_PATH = "/agent-api";

/**
 * Forwards /agent-api/* to the agent server. With the forwarder's key (the API's `tokens.forwarderKey`)
 * the agent server learns each visitor's address, so its per-visitor limits are not one shared budget.
 */
export function mountAgentProxy(app: express.Express, target: string, resolveTarget?: () => string, visitorKey?: string): void {
  app.use(
    AGENT_PROXY_PATH,
    forwardTo({
      target: () => resolveTarget?.() || target,
      keepMount: false,
      visitorKey,
      unreachable: "The agent server is not reachable. Start it with npm start, or check AGENT_PORT.",
    }),
  );
}
