// Requests forwarded from the web app's own origin to another process (the API, the agent
// server): no CORS, one address for the browser, bodies streamed both ways (uploads, SSE).
import http from "node:http";
import type express from "express";
import { FORWARDER_KEY_HEADER, VISITOR_ADDRESS_HEADER } from "../../api/src/auth/forwarder";

export type ForwardOptions = {
  /** The process's base URL, read per request (a test's agent server starts after the app). */
  target: () => string;
  /** The path sent upstream: the mount kept (the API's own paths) or cut off (the agent server's). */
  keepMount: boolean;
  /** The 502 message when the target does not answer: what to start or check. */
  unreachable: string;
  /** The forwarder's key (api/src/auth/forwarder.ts): when set, the visitor's address is sent in a header the target can trust. */
  visitorKey?: string;
};

/** Forwarding headers a client may send; the forwarder writes its own instead of relaying them. */
const CLIENT_FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", VISITOR_ADDRESS_HEADER, FORWARDER_KEY_HEADER];

/**
 * Forwards each request to the same path on the target, headers and body as they are, except the
 * forwarding headers: X-Forwarded-For is set to the client's address as this app resolved it (its
 * "trust proxy" setting decides whether a proxy in front is believed), never relayed from the client.
 */
export function forwardTo({ target, keepMount, unreachable, visitorKey }: ForwardOptions): express.RequestHandler {
  return (req, res) => {
    const base = new URL(target());
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: base.host };
    delete headers.connection;
    for (const name of CLIENT_FORWARDING_HEADERS) delete headers[name];
    const client = req.ip ?? req.socket.remoteAddress ?? "";
    headers["x-forwarded-for"] = client;
    headers["x-forwarded-proto"] = req.protocol;
    if (req.headers.host) headers["x-forwarded-host"] = req.headers.host;
    if (visitorKey) {
      headers[VISITOR_ADDRESS_HEADER] = client;
      headers[FORWARDER_KEY_HEADER] = visitorKey;
    }
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
