// A local OpenAI-compatible images server for tests: POST /v1/images/generations takes
// { model, prompt, n, size, response_format } and answers as OpenAI does,
// { created, data: [{ b64_json, revised_prompt }] }, or an error body { error: { message } } with
// the status a test asks for. The pictures are small real PNGs drawn by the test's policy.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeImagesRequest = { model: string; prompt: string; n?: number; size?: string; response_format?: string };
export type FakeImagesReply = { pngs: Buffer[] } | { status: number; error: string };
export type FakeImagesServer = { baseUrl: string; requests: FakeImagesRequest[]; close(): Promise<void> };

export async function startFakeOpenAiImagesServer(policy: (req: FakeImagesRequest) => FakeImagesReply): Promise<FakeImagesServer> {
  const requests: FakeImagesRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/images/generations") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found", type: "invalid_request_error" } }));
        return;
      }
      const request = JSON.parse(body) as FakeImagesRequest;
      requests.push(request);
      const reply = policy(request);
      if ("status" in reply) {
        res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: reply.error, type: "server_error" } }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ created: Math.floor(Date.now() / 1000), data: reply.pngs.map((png) => ({ b64_json: png.toString("base64"), revised_prompt: `${request.prompt}, studio lighting` })) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
