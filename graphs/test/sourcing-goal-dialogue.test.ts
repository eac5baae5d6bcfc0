import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { Command, MemorySaver } from "@langchain/langgraph";
import { HumanMessage, type AIMessage, type BaseMessage } from "@langchain/core/messages";
import { runContextOf } from "@atelier/tools";
import { registerUser, setPlan, startTestApi, type TestApi } from "../../api/test/harness";
import { seedCatalog, uniq } from "../../api/test/marketplace-fixtures";
import { buildGraph, createModelFactoryFromEnv, createScriptedModelFactory } from "../src/index";

// The design-sourcing agent builds the goal with the user, through the real graph, tools and API:
// every turn is merged into the goal saved for the thread, only missing facts are asked for, the
// tech pack is written from the whole conversation and shown, and sending names what is sent to whom.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/i;
const calls = (messages: unknown) => (messages as BaseMessage[]).flatMap((m) => (m.getType() === "ai" ? ((m as AIMessage).tool_calls ?? []).map((c) => ({ name: c.name, args: c.args })) : []));
const answer = (messages: unknown) => String((messages as BaseMessage[]).at(-1)?.content);
const lastResult = (messages: unknown, name: string) => JSON.parse(String([...(messages as BaseMessage[])].reverse().find((m) => m.getType() === "tool" && m.name === name)?.content));

async function savedGoal(token: string, thread: string) {
  const res = await fetch(`${api.url}/rest/main/web/sourcing-agent-goals?conversationSid=${encodeURIComponent(thread)}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { goal: Record<string, unknown>; validation: { missing: string[]; valid: boolean } } };
}

function offlineChat(token: string) {
  const thread = `thread-${crypto.randomUUID()}`;
  const config = { configurable: { thread_id: thread }, context: runContextOf({ apiToken: token, apiBaseUrl: api.url }) };
  const graph = buildGraph("sourcing-agent", { modelFactory: createModelFactoryFromEnv({}), checkpointer: new MemorySaver(), apiBaseUrl: api.url });
  let seen = 0;
  return {
    thread,
    config,
    graph,
    /** One user turn; returns this turn's tool calls, the answer and the state. */
    async say(text: string) {
      const out = await graph.invoke({ messages: [new HumanMessage(text)] }, config);
      const all = calls(out.messages);
      const turn = all.slice(seen);
      seen = all.length;
      const state = await graph.getState(config);
      return { out, calls: turn, answer: answer(out.messages), interrupt: state.tasks[0]?.interrupts[0]?.value as { summary?: string; tool?: string; args?: Record<string, unknown> } | undefined };
    },
  };
}

describe("the offline sourcing agent builds the goal with the user (real graph, tools and API)", () => {
  it("merges each turn into the saved goal, asks only what is missing, writes the tech pack from the conversation and names product, factories and quantity in the approval", async () => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    const tag = uniq();
    await seedCatalog(api.deps.pool, [
      { name: `Tote Works ${tag}`, countryCode: "IN", region: "AS", moq: 200, capabilities: ["organic cotton tote bags", "screen printing"] },
      { name: `Canvas Bag Co ${tag}`, countryCode: "VN", region: "AS", moq: 250, capabilities: ["canvas tote bags", "logo printing"] },
    ]);
    const chat = offlineChat(user.token);

    const first = await chat.say("I want to make 300 organic cotton tote bags with a two-colour logo, target $4 per unit, by 2031-03-01");
    expect(first.calls.map((c) => c.name)).toEqual(["save_sourcing_goal"]);
    let saved = await savedGoal(user.token, chat.thread);
    expect(saved.status).toBe(200);
    expect(saved.body.goal).toMatchObject({ quantity: 300, targetUnitPrice: 4, targetDate: "2031-03-01", materials: ["organic cotton"], printDetails: "two-colour logo" });
    // Only the destination is missing, so only the destination is asked.
    expect(saved.body.validation.missing).toEqual(["destinationCountryCode"]);
    expect(first.answer).toContain("300");
    expect(first.answer).toMatch(/which country/i);
    expect(first.answer).not.toMatch(/how many units/i);
    expect(first.out.goal).toMatchObject({ quantity: 300 });

    // A bare answer fills the pending question; the complete goal is matched to factories.
    const second = await chat.say("the US");
    expect(second.answer).not.toMatch(/couldn't/);
    expect(second.calls.map((c) => c.name)).toEqual(["update_sourcing_goal", "match_factories"]);
    expect(second.calls[0]!.args).toEqual({ goal: { destinationCountryCode: "US" } });
    expect(second.calls[1]!.args).toMatchObject({ filters: { moqMax: 300 } });
    saved = await savedGoal(user.token, chat.thread);
    expect(saved.body.validation.valid).toBe(true);
    expect(saved.body.goal).toMatchObject({ quantity: 300, destinationCountryCode: "US" });
    const matched = lastResult(second.out.messages, "match_factories") as { inNetwork: { id: string; name: string; moq: number | null }[] };
    expect(matched.inNetwork.length).toBeGreaterThan(1);
    for (const f of matched.inNetwork) expect(f.moq ?? 0).toBeLessThanOrEqual(300);

    // "write up the tech pack": written from the whole conversation and shown for confirmation.
    const third = await chat.say("great, write up the tech pack");
    expect(third.calls.map((c) => c.name)).toEqual(["create_tech_pack"]);
    const pack = lastResult(third.out.messages, "create_tech_pack");
    expect(pack).toMatchObject({ productName: "Organic cotton tote bags", totalQuantity: 300, targetUnitPrice: 4, targetDate: "2031-03-01", materials: ["organic cotton"], printDetails: "two-colour logo", conversationSid: chat.thread });
    expect(pack.description).toContain("United States");
    expect(third.answer).toMatch(/Quantity: 300 units/);
    expect(third.answer).toMatch(/look right\?/);
    expect(third.out.techPackId).toBe(pack.id);

    // "the first two" sends to two, behind an approval that names the product, quantity and factories.
    const fourth = await chat.say("send it to the first two");
    expect(fourth.interrupt?.tool).toBe("send_messages_in_network");
    expect(fourth.interrupt?.args).toEqual({ techPackId: pack.id, companyIds: matched.inNetwork.slice(0, 2).map((f) => f.id) });
    const summary = String(fourth.interrupt?.summary);
    expect(summary).toContain("Organic cotton tote bags");
    expect(summary).toContain("300 units");
    for (const f of matched.inNetwork.slice(0, 2)) expect(summary).toContain(f.name);
    expect(summary).not.toMatch(UUID);
    const done = await chat.graph.invoke(new Command({ resume: true }), chat.config);
    expect(lastResult(done.messages, "send_messages_in_network").sent).toHaveLength(2);
    for (const f of matched.inNetwork.slice(0, 2)) expect(answer(done.messages)).toContain(f.name);
    // Five turns through the real API on a shared machine: more than the default 30 s is allowed.
  }, 120_000);

  it("answers from the saved goal, and asks what to make before anything is saved", async () => {
    const user = await registerUser(api);
    const chat = offlineChat(user.token);
    const recapFirst = await chat.say("what have you got so far?");
    expect(recapFirst.calls).toEqual([]);
    expect(recapFirst.answer).toMatch(/haven't set a goal/);
    expect((await savedGoal(user.token, chat.thread)).status).toBe(404);

    const hoodies = await chat.say("I want to make hoodies");
    expect(hoodies.calls.map((c) => c.name)).toEqual(["save_sourcing_goal"]);
    expect(hoodies.answer).toMatch(/how many units/i);
    const count = await chat.say("500");
    expect(count.calls).toEqual([{ name: "update_sourcing_goal", args: { goal: { quantity: 500 } } }]);
    expect(count.answer).not.toMatch(/how many units/i);
    const more = await chat.say("$12 each, by 2031-03-15, shipped to Canada");
    expect(more.calls).toEqual([{ name: "update_sourcing_goal", args: { goal: { targetUnitPrice: 12, targetDate: "2031-03-15", destinationCountryCode: "CA" } } }]);
    // Every required fact is there, but "hoodies" alone is too little for a quote: that is what it asks now.
    expect(more.answer).toMatch(/too short/);
    expect(more.answer).not.toMatch(/which country|how many units|by when/i);
    const recap = await chat.say("what's the goal so far?");
    expect(recap.calls.map((c) => c.name)).toEqual(["get_sourcing_goal"]);
    expect(recap.answer).toContain("500 × hoodies");
    expect(recap.answer).toContain("$12.00 per unit");
    expect(recap.answer).toContain("2031-03-15");
    expect(recap.answer).toContain("Canada");
  }, 120_000);
});

describe("sending approvals name what is sent to whom (scripted model, real tools, real API)", () => {
  it("a model's send_messages_in_network call is summarised with the tech pack's product and the factories' names", async () => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    const tag = uniq();
    const f = await seedCatalog(api.deps.pool, [{ name: `Lisbon Ceramics ${tag}`, countryCode: "PT", region: "EU", moq: 100, capabilities: ["ceramic mugs"] }]);
    const thread = `thread-${crypto.randomUUID()}`;
    const config = { configurable: { thread_id: thread }, context: runContextOf({ apiToken: user.token, apiBaseUrl: api.url }) };
    const model = createScriptedModelFactory([
      { toolCalls: [{ name: "save_sourcing_goal", args: { agentType: "default", goal: { productDescription: "Speckled stoneware mugs, 350 ml", quantity: 400 } } }] },
      { toolCalls: [{ name: "update_sourcing_goal", args: { goal: { targetUnitPrice: 5.5 } } }] },
      { toolCalls: [{ name: "create_tech_pack", args: { productName: "Speckled mug", quantities: [{ quantity: 400 }], targetUnitPrice: 5.5 } }] },
      { toolCalls: [{ name: "send_messages_in_network", args: (m) => ({ techPackId: lastResult(m, "create_tech_pack").id, companyIds: [f.supplierIds[0]] }) }] },
      "Sent.",
    ]);
    const graph = buildGraph("sourcing-agent", { modelFactory: model, checkpointer: new MemorySaver(), apiBaseUrl: api.url });
    await graph.invoke({ messages: [new HumanMessage("400 speckled mugs at $5.50, send the pack to Lisbon Ceramics")] }, config);
    const saved = await savedGoal(user.token, thread);
    expect(saved.body.goal).toMatchObject({ productDescription: "Speckled stoneware mugs, 350 ml", quantity: 400, targetUnitPrice: 5.5 });
    const state = await graph.getState(config);
    const summary = String((state.tasks[0]?.interrupts[0]?.value as { summary?: string }).summary);
    expect(summary).toBe(`Send the tech pack for Speckled mug (400 units, target $5.50 per unit) to Lisbon Ceramics ${tag}, in their Atelier inboxes, asking for a quote`);
  });
});
