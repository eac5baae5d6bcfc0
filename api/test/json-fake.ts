import http from "node:http";
import type { AddressInfo } from "node:net";

// The HTTP part every local fake of a third-party JSON API shares: a server on a free loopback
// port that reads the whole body and hands the handler a way to answer JSON. What each API says
// (its routes, auth and error shapes) stays in its own fake.

export type FakeRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; raw: string };
export type FakeReply = (status: number, body: unknown) => void;
export type JsonFake = { /** http://127.0.0.1:<port> */ origin: string; close(): Promise<void> };

export async function startJsonFake(handle: (req: FakeRequest, reply: FakeReply) => void | Promise<void>): Promise<JsonFake> {
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const reply: FakeReply = (status, body) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      void handle({ method: req.method ?? "", path: url.pathname, query: url.searchParams, headers: req.headers, raw }, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
