// A local OpenAI-compatible server for tests: POST /v1/chat/completions answers as OpenAI does
// when the app streams (server-sent `chat.completion.chunk` events: a role delta, content deltas,
// tool-call deltas with the arguments in pieces, a finish reason, a usage chunk, `[DONE]`), and
// without `stream` a single `chat.completion`. What it says is decided by a policy over the
// request, so a test scripts the model while the wire stays real.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeToolCall = { name: string; args: Record<string, unknown> };
/** `cutAfterText` drops the connection after the text, as a provider failing mid-answer does. */
export type FakeReply = { text?: string; toolCalls?: FakeToolCall[]; cutAfterText?: boolean } | { status: number; error: string };
/** The request as OpenAI receives it: messages (role, content, tool_calls, tool_call_id) and tools. */
export type FakeRequest = { model: string; stream?: boolean; messages: { role: string; content?: unknown; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[]; tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[] };
export type FakePolicy = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export type FakeOpenAiServer = { baseUrl: string; requests: FakeRequest[]; close(): Promise<void> };

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1, model: "fake-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** Splits text in a few pieces, as a model streams it. */
const pieces = (text: string, n = 3) => {
  const size = Math.max(1, Math.ceil(text.length / n));
  return Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
};

export async function startFakeOpenAiServer(policy: FakePolicy): Promise<FakeOpenAiServer> {
  const requests: FakeRequest[] = [];
  let calls = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const request = JSON.parse(body) as FakeRequest;
      requests.push(request);
      let reply: FakeReply;
      try {
        reply = await policy(request);
      } catch (err) {
        reply = { status: 500, error: err instanceof Error ? err.message : String(err) };
      }
      if ("status" in reply) {
        res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: reply.error, type: "server_error", code: null } }));
        return;
      }
      const toolCalls = (reply.toolCalls ?? []).map((c) => ({ id: `call_${++calls}`, name: c.name, arguments: JSON.stringify(c.args) }));
      const finish = toolCalls.length ? "tool_calls" : "stop";
      const usage = { prompt_tokens: Math.ceil(body.length / 4), completion_tokens: 10, total_tokens: Math.ceil(body.length / 4) + 10 };
      if (!request.stream) {
        const message = { role: "assistant", content: reply.text ?? null, ...(toolCalls.length ? { tool_calls: toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })) } : {}) };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion", created: 1, model: "fake-model", choices: [{ index: 0, message, finish_reason: finish }], usage }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.write(chunk({ role: "assistant", content: "" }));
      for (const piece of pieces(reply.text ?? "")) res.write(chunk({ content: piece }));
      if (reply.cutAfterText) {
        // Let the text reach the client first, then drop the connection without finishing.
        setTimeout(() => res.socket?.destroy(), 100);
        return;
      }
      toolCalls.forEach((c, index) => {
        res.write(chunk({ tool_calls: [{ index, id: c.id, type: "function", function: { name: c.name, arguments: "" } }] }));
        for (const part of pieces(c.arguments)) res.write(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
      });
      res.write(chunk({}, finish));
      res.write(`data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1, model: "fake-model", choices: [], usage })}\n\n`);
      res.write("data: [DONE]\n\n");
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

/** The text of the newest user message of a request. */
export function lastUserText(request: FakeRequest): string {
  const m = [...request.messages].reverse().find((x) => x.role === "user");
  return typeof m?.content === "string" ? m.content : Array.isArray(m?.content) ? m.content.map((p: { text?: string }) => p.text ?? "").join("") : "";
}

/** The newest message when it is a tool result (the model's turn after a tool ran), parsed. */
export function pendingToolResult(request: FakeRequest): { name: string; value: unknown } | undefined {
  const last = request.messages.at(-1);
  if (last?.role !== "tool") return undefined;
  const call = request.messages.flatMap((m) => m.tool_calls ?? []).find((c) => c.id === last.tool_call_id);
  const text = typeof last.content === "string" ? last.content : JSON.stringify(last.content);
  try {
    return { name: call?.function.name ?? "", value: JSON.parse(text) };
  } catch {
    return { name: call?.function.name ?? "", value: text };
  }
}
