// The agent server reached through the web app's own origin: no CORS, one address for the
// browser, and streamed (SSE) responses piped through as they arrive.
import http from "node:http";
import type express from "express";

export const AGENT_PROXY_PATH = "/agent-api";

/** Forwards /agent-api/* to the agent server, headers and body as they are. */
export function mountAgentProxy(app: express.Express, target: string, resolveTarget?: () => string): void {
  app.use(AGENT_PROXY_PATH, (req, res) => {
    const base = new URL(resolveTarget?.() || target);
    const headers = { ...req.headers, host: base.host };
    delete headers.connection;
    const upstream = http.request(
      { protocol: base.protocol, hostname: base.hostname, port: base.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (res.headersSent) return void res.end();
      res.status(502).json({ code: "BAD_GATEWAY", message: "The agent server is not reachable. Start it with npm start, or check AGENT_PORT.", requestId: "" });
    });
    // A closed browser tab stops the upstream stream too.
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
}
