// Requests forwarded from the web app's own origin to another process (the API, the agent
// server): no CORS, one address for the browser, bodies streamed both ways (uploads, SSE).
import http from "node:http";
import type express from "express";

export type ForwardOptions = {
  /** The process's base URL, read per request (a test's agent server starts after the app). */
  target: () => string;
  /** The path sent upstream: the mount kept (the API's own paths) or cut off (the agent server's). */
  keepMount: boolean;
  /** The 502 message when the target does not answer: what to start or check. */
  unreachable: string;
};

/** Forwards each request to the same path on the target, headers and body as they are. */
export function forwardTo({ target, keepMount, unreachable }: ForwardOptions): express.RequestHandler {
  return (req, res) => {
    const base = new URL(target());
    const headers = { ...req.headers, host: base.host };
    delete headers.connection;
    const upstream = http.request(
      { protocol: base.protocol, hostname: base.hostname, port: base.port, method: req.method, path: keepMount ? req.originalUrl : req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (res.headersSent) return void res.end();
      res.status(502).json({ code: "BAD_GATEWAY", message: unreachable, requestId: "" });
    });
    // A closed browser tab stops the upstream request (or stream) too.
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  };
}
