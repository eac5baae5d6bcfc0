import crypto from "node:crypto";
import http from "node:http";

// Every 127.x.y.z is this machine on Linux: a test can be several real clients at once (the
// socket's local address), none of whose addresses a header can fake.

export type Reply = { status: number; body: any };

/** One JSON request from the given local address, with the given headers. */
export function send(url: string, body: unknown, headers: Record<string, string>, localAddress: string, method = "POST"): Promise<Reply> {
  const data = body === undefined ? "" : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, localAddress, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data), ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    req.on("error", reject);
    req.end(data);
  });
}

export const octet = () => 1 + crypto.randomInt(250);
/** A loopback address of its own for one simulated client. */
export const newClient = () => `127.${octet()}.${octet()}.${octet()}`;
/** An address from a documentation range, for headers a client makes up. */
export const fakeAddress = () => `203.0.113.${octet()}`;
