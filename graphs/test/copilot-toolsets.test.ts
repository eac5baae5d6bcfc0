import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { buildScreenContext } from "@atelier/contracts/agent-context";
import { createTools, runContextOf, toolDefinition } from "@atelier/tools";
import { buildGraph, createModelFactoryFromEnv } from "../src/index";
import { COPILOT_CORE, screenDomains } from "../src/copilot/toolsets";
import { pendingToolResult, startFakeOpenAiServer, type FakeOpenAiServer, type FakeReply } from "../../eval/fake-openai-server";

// The copilot sends a language model the screen's toolset, not every tool; find_tools brings in
// the rest. Proven on the wire, against a local OpenAI-compatible server that records requests.

let fake: FakeOpenAiServer;
const replies: FakeReply[] = [];
beforeAll(async () => {
  fake = await startFakeOpenAiServer(() => replies.shift() ?? { text: "done" });
});
afterAll(async () => {
  await fake.close();
});

const toolNames = (i: number) => (fake.requests[i]?.tools ?? []).map((t) => t.function.name);

async function ask(text: string, route: string, entity: { type: "supplier" | "order"; id: string } | null = null) {
  const modelFactory = createModelFactoryFromEnv({ OPENAI_BASE_URL: fake.baseUrl, ATELIER_MODEL: "fake-model" });
  const graph = buildGraph("copilot", { modelFactory, apiBaseUrl: "http://127.0.0.1:1" });
  const first = fake.requests.length;
  const state = await graph.invoke({ messages: [new HumanMessage(text)] }, { configurable: { thread_id: crypto.randomUUID() }, context: runContextOf({ screen: buildScreenContext({ route, entity }) }) });
  return { first, state };
}

describe("copilot toolsets", () => {
  it("maps screens to product areas by entity and route, the marketplace by default", () => {
    // The orders list also offers the exports (its Returns tab exports a period).
    expect(screenDomains(buildScreenContext({ route: "/orders" }))).toEqual(["orders", "exports"]);
    expect(screenDomains(buildScreenContext({ route: "/x", entity: { type: "supplier", id: "s1" } }))).toEqual(["marketplace"]);
    expect(screenDomains(buildScreenContext({ route: "/account-info" }))).toEqual(["billing"]);
    expect(screenDomains(null)).toEqual(["marketplace"]);
  });

  it("sends the core tools and the screen's area, never every tool", async () => {
    const { first } = await ask("hello", "/orders");
    const names = toolNames(first);
    expect(names).toEqual(expect.arrayContaining([...COPILOT_CORE, "list_orders", "hold_order"]));
    expect(names).not.toContain("search_suppliers");
    expect(names).not.toContain("invite_team_member");
    expect(names.length).toBeLessThan(20);
  });

  it("binds what find_tools found on the next call, so a tool of another area can be used", async () => {
    replies.push({ toolCalls: [{ name: "find_tools", args: { need: "invite a team member" } }] });
    replies.push({ text: "I can invite them: who should it be?" });
    const { first } = await ask("add someone to my team", "/orders");
    expect(toolNames(first)).not.toContain("invite_team_member");
    const found = pendingToolResult(fake.requests[first + 1]!);
    expect(found?.name).toBe("find_tools");
    expect((found?.value as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain("invite_team_member");
    expect(toolNames(first + 1)).toContain("invite_team_member");
  });

  it("writes compact definitions: no uuid pattern, a description on every argument", () => {
    const definitions = createTools({ apiBaseUrl: "http://127.0.0.1:1" }).map((t) => toolDefinition(t));
    expect(JSON.stringify(definitions)).not.toContain("[0-9a-fA-F]{8}-");
    const undescribed = definitions.flatMap((d) => Object.entries((d.parameters as { properties?: Record<string, { description?: string }> }).properties ?? {}).filter(([, p]) => !p.description).map(([k]) => `${d.name}.${k}`));
    expect(undescribed).toEqual([]);
  });
});
