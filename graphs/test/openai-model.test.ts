import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { HumanMessage, type AIMessageChunk } from "@langchain/core/messages";
import { buildGraph, createModelFactoryFromEnv } from "../src/index";

type Reply = { text?: string[]; toolCall?: { name: string; args: string[] } };

// A tiny OpenAI-compatible server: each POST /v1/chat/completions plays the next reply as an SSE stream.
const replies: Reply[] = [];
const requests: any[] = [];
let server: http.Server;
let baseUrl = "";

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "test-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      requests.push({ path: req.url, auth: req.headers.authorization, body: JSON.parse(body) });
      const reply = replies.shift() ?? { text: ["(no reply scripted)"] };
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(chunk({ role: "assistant", content: "" }));
      for (const piece of reply.text ?? []) res.write(chunk({ content: piece }));
      if (reply.toolCall) {
        res.write(chunk({ tool_calls: [{ index: 0, id: "call_abc", type: "function", function: { name: reply.toolCall.name, arguments: "" } }] }));
        for (const part of reply.toolCall.args) res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] }));
      }
      res.write(chunk({}, reply.toolCall ? "tool_calls" : "stop"));
      res.write("data: [DONE]\n\n");
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("openai model (AI SDK chat completions wrapped for LangChain)", () => {
  it("is chosen from the environment, and offline is the default", () => {
    expect(createModelFactoryFromEnv({}).kind).toBe("offline");
    expect(createModelFactoryFromEnv({ OPENAI_BASE_URL: baseUrl }).kind).toBe("openai");
    expect(createModelFactoryFromEnv({ OPENAI_API_KEY: "sk-x" }).kind).toBe("openai");
  });

  it("streams token deltas through LangGraph's messages mode", async () => {
    replies.push({ text: ["Hel", "lo ", "there"] });
    const factory = createModelFactoryFromEnv({ OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: "sk-test", ATELIER_MODEL: "test-model" });
    const graph = buildGraph("storefront-chat", { modelFactory: factory, apiBaseUrl: "http://127.0.0.1:1" });
    const deltas: string[] = [];
    for await (const [message] of await graph.stream({ messages: [new HumanMessage("hi")] }, { streamMode: "messages" })) {
      const content = (message as AIMessageChunk).content;
      if (typeof content === "string" && content) deltas.push(content);
    }
    expect(deltas.slice(0, 3)).toEqual(["Hel", "lo ", "there"]);
    const request = requests.at(-1);
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.auth).toBe("Bearer sk-test");
    expect(request.body).toMatchObject({ model: "test-model", stream: true });
    expect(request.body.messages[0].role).toBe("system");
    expect(request.body.tools.map((t: any) => t.function.name)).toContain("search_help_centre");
  });

  it("turns streamed tool-call chunks into a tool call with parsed arguments", async () => {
    replies.push({ toolCall: { name: "match_factories", args: ['{"query":"organic', ' cotton tees"}'] } });
    const model = createModelFactoryFromEnv({ OPENAI_BASE_URL: baseUrl }).create("sourcing-agent");
    const out = await model.invoke([new HumanMessage("find suppliers for organic cotton tees")]);
    expect((out as AIMessageChunk).tool_calls).toEqual([{ id: "call_abc", name: "match_factories", args: { query: "organic cotton tees" }, type: "tool_call" }]);
  });
});
