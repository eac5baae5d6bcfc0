import http from "node:http";
import type { AddressInfo } from "node:net";

export type EmbeddingsRequest = { model: string; dimensions: number; input: string[] };

export type EmbeddingsStub = {
  /** The base URL to give the OpenAI client (ends in /v1). */
  baseURL: string;
  /** Every request body received, oldest first. */
  requests: EmbeddingsRequest[];
  /** From now on answer every request with this status, as a server in an outage does (null: answer again). */
  setOutage(status: number | null): void;
  close(): Promise<void>;
};

/**
 * A local server that speaks the OpenAI embeddings API: the only stand-in is the model itself.
 * `embed` turns one input into its vector; when it throws, the server answers 400 with its
 * message, as a server whose model refuses does.
 */
export async function startEmbeddingsStub(embed: (input: string) => number[] | Promise<number[]>): Promise<EmbeddingsStub> {
  const requests: EmbeddingsRequest[] = [];
  let outage: number | null = null;
  const server = http.createServer((req, res) => {
    if (outage !== null) {
      req.resume();
      res.writeHead(outage, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "The server is overloaded.", type: "server_error" } }));
      return;
    }
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", async () => {
      const parsed = JSON.parse(body) as EmbeddingsRequest;
      requests.push(parsed);
      res.setHeader("content-type", "application/json");
      try {
        const data = await Promise.all(parsed.input.map(async (input, index) => ({ object: "embedding", index, embedding: await embed(input) })));
        res.end(JSON.stringify({ object: "list", data, model: parsed.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
      } catch (err) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { message: (err as Error).message, type: "invalid_request_error" } }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    setOutage: (status) => {
      outage = status;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
