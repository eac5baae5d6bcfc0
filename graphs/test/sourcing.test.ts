import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { Command, MemorySaver } from "@langchain/langgraph";
import { HumanMessage, type AIMessage, type BaseMessage } from "@langchain/core/messages";
import { runContextOf } from "@atelier/tools";
import { registerUser, setPlan, startTestApi, type TestApi } from "../../api/test/harness";
import { buildGraph, createScriptedModelFactory, createModelFactoryFromEnv } from "../src/index";

let api: TestApi;
// The sourcing REST endpoints are built by another engineer; their flow tests run once the routes are mounted.
let sourcingRoutesMounted = false;
beforeAll(async () => {
  api = await startTestApi();
  const probe = await api.raw("POST", "/web/sourcing-agent-goals/validate", { body: {} });
  sourcingRoutesMounted = probe.status !== 404;
});
afterAll(async () => {
  await api.close();
});

const toolCalls = (messages: unknown) => (messages as BaseMessage[]).flatMap((m) => (m.getType() === "ai" ? ((m as AIMessage).tool_calls ?? []).map((c) => c.name) : []));
const lastResult = (messages: unknown, name: string) => JSON.parse(String([...(messages as BaseMessage[])].reverse().find((m) => m.getType() === "tool" && m.name === name)?.content));

function setup(token: string) {
  const threadId = `thread-${crypto.randomUUID()}`;
  return { configurable: { thread_id: threadId }, context: runContextOf({ apiToken: token, apiBaseUrl: api.url }) };
}

describe("sourcing agent graph (scripted model, real tools, real API)", () => {
  it("validates the goal, writes a tech pack, matches factories, asks approval and sends", async (t) => {
    if (!sourcingRoutesMounted) t.skip();
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    // A vetted supplier with an embedding, so matching has an in-network candidate on a fresh database.
    const vector = `[${Array.from({ length: 384 }, (_, i) => (i % 7 === 0 ? 0.2 : 0.05)).join(",")}]`;
    await api.deps.pool.query(
      `INSERT INTO suppliers (name, slug, country_code, region, city, capabilities, capabilities_text, employee_count, moq, production_days_min, production_days_max, embedding)
       VALUES ('Green Thread Knits', $1, 'PT', 'EU', 'Porto', '{organic cotton,t-shirts}', 'organic cotton t-shirts', 80, 300, 20, 40, $2::vector)`,
      [`green-thread-${crypto.randomUUID()}`, vector],
    );
    const goal = { productDescription: "Organic cotton t-shirts, 180gsm, screen printed", quantity: 500, targetUnitPrice: 6, targetDate: "2031-03-01", destinationCountryCode: "US", materials: ["organic cotton"] };
    const model = createScriptedModelFactory([
      { toolCalls: [{ name: "validate_sourcing_goal", args: { agentGoal: goal, agentType: "default" } }] },
      { toolCalls: [{ name: "create_tech_pack", args: { productName: "Organic cotton tee", description: goal.productDescription, materials: ["organic cotton"], targetUnitPrice: 6, quantities: [{ size: "M", quantity: 500 }] } }] },
      { toolCalls: [{ name: "match_factories", args: (m) => ({ techPackId: lastResult(m, "create_tech_pack").id, limit: 3 }) }] },
      "Here are the matches. Shall I send the tech pack to them?",
    ]);
    // One saver for both turns: the second turn is the same thread, as in the agent server.
    const checkpointer = new MemorySaver();
    const graph = buildGraph("sourcing-agent", { modelFactory: model, checkpointer, apiBaseUrl: api.url });
    const config = setup(user.token);
    const first = await graph.invoke({ messages: [new HumanMessage("find suppliers for organic cotton tees under MOQ 500")] }, config);
    expect(toolCalls(first.messages)).toEqual(["validate_sourcing_goal", "create_tech_pack", "match_factories"]);
    const validation = lastResult(first.messages, "validate_sourcing_goal");
    expect(validation).toMatchObject({ agentType: "default" });
    const pack = lastResult(first.messages, "create_tech_pack");
    const match = lastResult(first.messages, "match_factories");
    expect(first.eventItemType).toBe("design-source");
    expect(first.techPackId).toBe(pack.id);
    expect(first.matchedFactories).toEqual({ inNetworkIds: match.inNetworkIds, expandedIds: match.expandedIds });
    const packs = await api.deps.pool.query("SELECT count(*)::int AS n FROM tech_packs WHERE id = $1 AND store_id = $2", [pack.id, user.store.id]);
    expect(packs.rows[0].n).toBe(1);

    // The user picks the matches; sending contacts people, so it waits for approval.
    const ids: string[] = match.inNetworkIds.length ? match.inNetworkIds.slice(0, 2) : [];
    expect(ids.length).toBeGreaterThan(0);
    const turn2 = createScriptedModelFactory([{ toolCalls: [{ name: "send_messages_in_network", args: { techPackId: pack.id, companyIds: ids } }] }, "Sent."]);
    const graph2 = buildGraph("sourcing-agent", { modelFactory: turn2, checkpointer, apiBaseUrl: api.url });
    await graph2.invoke({ messages: [new HumanMessage("send it to the first two")] }, config);
    const paused = await graph2.getState(config);
    expect(paused.tasks[0]?.interrupts[0]?.value).toMatchObject({ type: "approval", tool: "send_messages_in_network", args: { techPackId: pack.id, companyIds: ids } });
    const none = await api.deps.pool.query("SELECT count(*)::int AS n FROM sourcing_outreach WHERE tech_pack_id = $1", [pack.id]);
    expect(none.rows[0].n).toBe(0);
    const done = await graph2.invoke(new Command({ resume: true }), config);
    expect(lastResult(done.messages, "send_messages_in_network").sent).toHaveLength(ids.length);
    const rows = await api.deps.pool.query("SELECT network, status FROM sourcing_outreach WHERE tech_pack_id = $1", [pack.id]);
    expect(rows.rows).toEqual(ids.map(() => ({ network: "IN_NETWORK", status: "SENT" })));
  });

  it("tariff variant: the offline model looks up the tariff and states the as-of date; state holds the review fields", async (t) => {
    if (!sourcingRoutesMounted) t.skip();
    const user = await registerUser(api);
    const graph = buildGraph("tariff-rate-agent", { modelFactory: createModelFactoryFromEnv({}), checkpointer: new MemorySaver(), apiBaseUrl: api.url });
    const out = await graph.invoke({ messages: [new HumanMessage("what is the tariff on ceramic mugs from China at $2.50 per unit, MOQ 1000")] }, setup(user.token));
    expect(toolCalls(out.messages)).toEqual(["get_country_tariff"]);
    const tariff = lastResult(out.messages, "get_country_tariff");
    expect(tariff.error).toBeUndefined();
    expect(out.eventItemType).toBe("tariff-rate");
    expect(out.tariffCountry).toEqual({ code: "CN", name: tariff.originCountry.name });
    expect(out.perUnitPrice).toBe(2.5);
    expect(out.productMoq).toBe(1000);
    const answer = String((out.messages as BaseMessage[]).at(-1)?.content);
    expect(answer).toContain(tariff.asOf);
    expect(answer).toMatch(/offline assistant/);
  });

  it("packaging variant: shares the graph, sets its event item type, binds only its tools, and explains API errors", async () => {
    const user = await registerUser(api);
    const model = createScriptedModelFactory([
      { toolCalls: [{ name: "get_business_settings", args: {} }, { name: "get_tech_pack", args: { id: crypto.randomUUID() } }] },
      "Fulfilment is $1.50 per order.",
    ]);
    const graph = buildGraph("packaging-agent", { modelFactory: model, checkpointer: new MemorySaver(), apiBaseUrl: api.url });
    const out = await graph.invoke({ messages: [new HumanMessage("how much does fulfilment cost")] }, setup(user.token));
    expect(out.eventItemType).toBe("packaging");
    expect(toolCalls(out.messages)).toEqual(["get_business_settings", "get_tech_pack"]);
    expect(lastResult(out.messages, "get_business_settings").fees.fulfillmentPerOrderCents).toBe(150);
    // get_tech_pack is not a packaging tool: the model is told so instead of the graph crashing.
    const refused = (out.messages as BaseMessage[]).find((m) => m.getType() === "tool" && m.name === "get_tech_pack");
    expect(String(refused?.content)).toMatch(/not a valid tool|not found/i);
    expect(model.boundTools[0]).toContain("match_factories");
    expect(model.boundTools[0]).not.toContain("upgrade_plan");
    expect(String(model.seen[0]?.[0]?.content)).toMatch(/packaging agent/);
  });
});
