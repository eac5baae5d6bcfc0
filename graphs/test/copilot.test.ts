import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { Command, MemorySaver } from "@langchain/langgraph";
import { HumanMessage, type AIMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import { runContextOf } from "@atelier/tools";
import { buildScreenContext } from "@atelier/contracts/agent-context";
import { registerUser, setPlan, startTestApi, type TestApi } from "../../api/test/harness";
import { buildGraph, createScriptedModelFactory } from "../src/index";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

function runConfig(token: string, extra: Record<string, unknown> = {}) {
  return { configurable: { thread_id: crypto.randomUUID() }, context: runContextOf({ apiToken: token, apiBaseUrl: api.url, ...extra }) };
}

const msgs = (state: unknown) => (state as { messages: BaseMessage[] }).messages;
const toolCalls = (messages: unknown[]) => (messages as AIMessage[]).flatMap((m) => (m.getType() === "ai" ? (m.tool_calls ?? []).map((c) => c.name) : []));
const toolResults = (messages: unknown[]) => (messages as ToolMessage[]).filter((m) => m.getType() === "tool").map((m) => JSON.parse(String(m.content)));

describe("copilot graph (scripted model, real tools, real API)", () => {
  it("reads the plan, asks approval to invite, and writes the invite once approved", async () => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    const model = createScriptedModelFactory([
      { toolCalls: [{ name: "get_plan", args: {} }] },
      { toolCalls: [{ name: "invite_team_member", args: { email: "Sam@Example.com", role: "ADMIN" } }] },
      "Sam is invited as an admin.",
    ]);
    const graph = buildGraph("copilot", { modelFactory: model, checkpointer: new MemorySaver(), apiBaseUrl: "http://unused.invalid" });
    const config = runConfig(user.token, { screen: buildScreenContext({ route: "/account-info" }) });

    await graph.invoke({ messages: [new HumanMessage("invite sam@example.com as admin")] }, config);
    const paused = await graph.getState(config);
    expect(paused.next).toEqual(["tools"]);
    const interrupt = paused.tasks[0]?.interrupts[0]?.value as { type: string; tool: string; args: Record<string, unknown>; summary: string };
    expect(interrupt).toMatchObject({ type: "approval", tool: "invite_team_member", args: { email: "sam@example.com", role: "ADMIN" } });
    expect(interrupt.summary).toContain("sam@example.com");
    const before = await api.deps.pool.query("SELECT count(*)::int AS n FROM store_team_member_invites WHERE store_id = $1", [user.store.id]);
    expect(before.rows[0].n).toBe(0);

    const final = await graph.invoke(new Command({ resume: { approved: true } }), config);
    expect(toolCalls(msgs(final))).toEqual(["get_plan", "invite_team_member"]);
    const [plan, invite] = toolResults(msgs(final));
    expect(plan.planType).toBe("TIER_3");
    expect(invite).toMatchObject({ email: "sam@example.com", role: "ADMIN", status: "PENDING" });
    expect(msgs(final).at(-1)?.content).toBe("Sam is invited as an admin.");
    const rows = await api.deps.pool.query("SELECT email, role, status FROM store_team_member_invites WHERE store_id = $1", [user.store.id]);
    expect(rows.rows).toEqual([{ email: "sam@example.com", role: "ADMIN", status: "PENDING" }]);
    expect(model.remaining()).toBe(0);
    // The screen reaches the system prompt, so "this" can mean the entity on screen.
    expect(String(model.seen[0]?.[0]?.content)).toContain("/account-info");
  });

  it("respects a rejected approval: nothing is written and the model sees the decline", async () => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    const model = createScriptedModelFactory([{ toolCalls: [{ name: "invite_team_member", args: { email: "kim@example.com", role: "CX" } }] }, "Okay, I did not invite Kim."]);
    const graph = buildGraph("copilot", { modelFactory: model, checkpointer: new MemorySaver(), apiBaseUrl: api.url });
    const config = runConfig(user.token);
    await graph.invoke({ messages: [new HumanMessage("invite kim@example.com")] }, config);
    const final = await graph.invoke(new Command({ resume: { approved: false, reason: "wrong person" } }), config);
    const [result] = toolResults(msgs(final));
    expect(result.declined).toBe(true);
    expect(result.message).toContain("wrong person");
    expect(String(model.seen[1]?.at(-1)?.content)).toContain("declined");
    const rows = await api.deps.pool.query("SELECT count(*)::int AS n FROM store_team_member_invites WHERE store_id = $1", [user.store.id]);
    expect(rows.rows[0].n).toBe(0);
  });

  it("turns API errors into tool results the model can explain", async () => {
    const user = await registerUser(api);
    const model = createScriptedModelFactory([
      { toolCalls: [{ name: "get_team_member", args: { id: crypto.randomUUID() } }] },
      { toolCalls: [{ name: "get_plan", args: {} }] },
      "done",
    ]);
    const graph = buildGraph("copilot", { modelFactory: model, checkpointer: new MemorySaver(), apiBaseUrl: api.url });
    const final = await graph.invoke({ messages: [new HumanMessage("show that invite")] }, runConfig(user.token));
    const [missing] = toolResults(msgs(final));
    expect(missing.error).toMatchObject({ status: 404, code: "NOT_FOUND" });
    // Without a token the API answers 401, and that too is a result, not a crash.
    const anonymous = createScriptedModelFactory([{ toolCalls: [{ name: "get_plan", args: {} }] }, "done"]);
    const graph2 = buildGraph("copilot", { modelFactory: anonymous, apiBaseUrl: api.url });
    const out = await graph2.invoke({ messages: [new HumanMessage("my plan")] }, { context: runContextOf({ apiBaseUrl: api.url }) });
    expect(toolResults(msgs(out))[0].error).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });

  it("rejects bad tool arguments before any HTTP call", async () => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    const model = createScriptedModelFactory([{ toolCalls: [{ name: "list_team_members", args: { size: 5000 } }] }, "sorry"]);
    const graph = buildGraph("copilot", { modelFactory: model, apiBaseUrl: api.url });
    const final = await graph.invoke({ messages: [new HumanMessage("team")] }, runConfig(user.token));
    const tool = msgs(final).find((m: BaseMessage) => m.getType() === "tool") as ToolMessage;
    expect(tool.status).toBe("error");
    expect(String(tool.content)).toMatch(/size/);
  });
});
