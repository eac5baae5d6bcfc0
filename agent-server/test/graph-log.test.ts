import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pino } from "pino";
import { HumanMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { createScriptedModelFactory } from "@atelier/graphs";
import { productGraphs } from "../src/product-graphs";

// What a product graph tells operators (a model calling a tool its assistant does not have) goes
// to the agent server's own logger, as one of its lines (service, level, message), not to stderr
// as a second, differently shaped JSON.

/** Nothing listens here; the unknown tool is answered without calling the API. */
const NO_API = "http://127.0.0.1:9";

describe("the product graphs' log", () => {
  it("writes an unknown tool's call through the server's logger", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>); done(); } });
    const log = pino({ name: "agent-server", base: { service: "agent-server" } }, sink);
    const model = createScriptedModelFactory([{ toolCalls: [{ name: "teleport_store", args: { to: "moon" } }] }, "That action does not exist here."]);
    const graph = productGraphs(NO_API, model).build("copilot", new MemorySaver(), log) as unknown as { invoke(input: unknown, config: unknown): Promise<unknown> };
    await graph.invoke({ messages: [new HumanMessage("Teleport my store to the moon")] }, { configurable: { thread_id: "graph-log" } });
    const line = lines.find((l) => JSON.stringify(l).includes("teleport_store"));
    expect(line).toMatchObject({ service: "agent-server", level: 40 });
    expect(line).toMatchObject({ msg: "model called a tool this graph does not have", graph: expect.any(String), threadId: "graph-log" });
  });
});
