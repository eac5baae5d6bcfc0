import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@langchain/langgraph-sdk";
import { commons, createApiClient, plans } from "@atelier/contracts";
import { createModelFactoryFromEnv } from "@atelier/graphs";
import { openDatabase, type Database } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { as, registerUser, setPlan, testConfig, type TestApi, type TestUser } from "../../api/test/harness";
import { seedCatalog } from "../../api/test/marketplace-fixtures";
import { productGraphs } from "../src/product-graphs";
import { startAgentServer, type AgentServer } from "../src/server";

// The product's graphs on the offline model, driven by the official SDK client against the real API.
//
// Its own embedded database, not the run's shared one: every agent server on a database claims
// runs from the same queue (that is how several processes share the work), and the protocol tests'
// servers serve a test graph under the same assistant ids, so on one database they would run each
// other's runs with the wrong graph.

let db: Database;
let api: TestApi;
let agent: AgentServer;

beforeAll(async () => {
  db = await openDatabase({ dataDir: null, poolSize: 10 });
  await migrate(db.pool);
  const started = await startApi({ config: testConfig(), database: db, migrate: false });
  api = { ...started, client: createApiClient({ baseUrl: started.url }) } as unknown as TestApi;
  const offline = createModelFactoryFromEnv({});
  agent = await startAgentServer({ config: testConfig(), pool: db.pool, graphs: productGraphs(api.url, offline), apiBaseUrl: api.url, port: 0, pollMs: 50, tokens: api.deps.tokens });
});

afterAll(async () => {
  await agent?.close();
  await api?.close();
  await db?.close();
});

const client = (headers: Record<string, string>) => new Client({ apiUrl: agent.url, defaultHeaders: headers, callerOptions: { maxRetries: 0 } });
const asUser = (user: TestUser) => client({ authorization: `Bearer ${user.token}` });

type Msg = { type: string; content: unknown; tool_calls?: { name: string; args: Record<string, unknown> }[]; name?: string; additional_kwargs?: Record<string, unknown> };
const human = (content: string) => ({ messages: [{ type: "human", content }] });
const messagesOf = (values: unknown) => ((values as { messages?: Msg[] }).messages ?? []) as Msg[];
const toolNames = (messages: Msg[]) => messages.flatMap((m) => (m.type === "ai" ? (m.tool_calls ?? []).map((c) => c.name) : []));
const finalText = (messages: Msg[]) => String(messages.at(-1)?.content ?? "");
const toolResult = (messages: Msg[], name: string) => JSON.parse(String(messages.find((m) => m.type === "tool" && m.name === name)?.content ?? "null"));

/** Streams one message to an assistant on a new thread; returns the last values and the event names. */
async function ask(sdk: Client, assistant: string, text: string) {
  const thread = await sdk.threads.create({ graphId: assistant });
  const events: { event: string; data: unknown }[] = [];
  for await (const e of sdk.runs.stream(thread.thread_id, assistant, { input: human(text), streamMode: ["values", "messages-tuple"] })) events.push(e);
  const values = events.filter((e) => e.event === "values").at(-1)?.data;
  return { thread, events, messages: messagesOf(values) };
}

describe("the product's assistants on the offline model, over the official SDK", () => {
  it("copilot: 'show my plan' calls get_plan and answers with the plan's name, streaming message tuples", async () => {
    const user = await registerUser(api);
    const expected = await as(api, user.token, plans.getPlanOverview, {});
    const { events, messages } = await ask(asUser(user), "copilot", "show my plan");
    expect(events.map((e) => e.event)).toContain("messages");
    expect(events.at(-1)?.event).toBe("end");
    expect(toolNames(messages)).toEqual(["get_plan"]);
    expect(toolResult(messages, "get_plan")).toMatchObject({ planType: expected.planType, name: expected.name });
    expect(finalText(messages)).toContain(`**${expected.name}**`);
    expect(finalText(messages)).not.toContain("OPENAI_API_KEY");
  });

  it("copilot: an invite on a Professional store waits for approval; approving writes the invite", async () => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    const sdk = asUser(user);
    const { thread } = await ask(sdk, "copilot", "invite sam@example.com as admin");
    const paused = await sdk.threads.getState(thread.thread_id);
    expect(paused.next).toEqual(["tools"]);
    const interrupt = paused.tasks[0]?.interrupts[0]?.value as { type: string; tool: string; args: Record<string, unknown> };
    expect(interrupt).toMatchObject({ type: "approval", tool: "invite_team_member", args: { email: "sam@example.com", role: "ADMIN" } });
    expect((await sdk.threads.get(thread.thread_id)).status).toBe("interrupted");
    const invites = () => api.deps.pool.query("SELECT email, role, status FROM store_team_member_invites WHERE store_id = $1", [user.store.id]);
    expect((await invites()).rows).toEqual([]);

    const resumed = [];
    for await (const e of sdk.runs.stream(thread.thread_id, "copilot", { command: { resume: { approved: true } }, streamMode: "values" })) resumed.push(e);
    const messages = messagesOf(resumed.filter((e) => e.event === "values").at(-1)?.data);
    expect(toolNames(messages)).toEqual(["invite_team_member"]);
    expect(finalText(messages)).toContain("Invitation sent to sam@example.com as ADMIN");
    expect((await invites()).rows).toEqual([{ email: "sam@example.com", role: "ADMIN", status: "PENDING" }]);
    expect((await sdk.threads.getState(thread.thread_id)).next).toEqual([]);
  });

  it("copilot: a rejected invite writes nothing and the assistant says so", async () => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    const sdk = asUser(user);
    const { thread } = await ask(sdk, "copilot", "invite kim@example.com as admin");
    expect((await sdk.threads.getState(thread.thread_id)).next).toEqual(["tools"]);
    const run = await sdk.runs.create(thread.thread_id, "copilot", { command: { resume: { approved: false, reason: "not yet" } } });
    const values = await sdk.runs.join(thread.thread_id, run.run_id);
    const messages = messagesOf(values);
    expect(toolResult(messages, "invite_team_member")).toMatchObject({ declined: true });
    expect(finalText(messages)).toContain("Understood, I didn't do it.");
    expect(finalText(messages)).toContain("not yet");
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n FROM store_team_member_invites WHERE store_id = $1", [user.store.id]);
    expect(rows[0].n).toBe(0);
  });

  it("tariff agent: answers the tariff on ceramic mugs from China with the rates' as-of date", async () => {
    const user = await registerUser(api);
    const { messages } = await ask(asUser(user), "tariff-rate-agent", "what is the tariff on ceramic mugs from China");
    expect(toolNames(messages)).toEqual(["get_country_tariff"]);
    const tariff = toolResult(messages, "get_country_tariff");
    expect(tariff.error).toBeUndefined();
    expect(tariff.asOf).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const text = finalText(messages);
    expect(text).toContain(`as of ${tariff.asOf}`);
    expect(text).toContain(`${tariff.totalRatePercent}%`);
    expect(text).toContain("China");
  });

  it("storefront chat: an anonymous visitor asks what fulfilment costs and is answered from the help centre", async () => {
    const visitor = client({ "x-anonymous-id": `visitor-${crypto.randomUUID()}` });
    const { thread, messages } = await ask(visitor, "storefront-chat", "how much does fulfilment cost");
    expect(toolNames(messages)).toEqual(["search_help_centre"]);
    const found = toolResult(messages, "search_help_centre");
    const top = found.list[0];
    expect(top.title).toMatch(/fulfil/i);
    expect(finalText(messages)).toContain(top.title);
    // The answer carries the published fee (the help centre is written from the business settings).
    const settings = await api.client.call(commons.getBusinessSettings, {});
    expect(finalText(messages)).toContain(`$${(settings.fees.fulfillmentPerOrderCents / 100).toFixed(2)} per order`);
    // The visitor's thread is theirs alone; the copilot is for signed-in users.
    await expect(client({ "x-anonymous-id": `visitor-${crypto.randomUUID()}` }).threads.get(thread.thread_id)).rejects.toThrow(/404/);
    await expect(visitor.threads.create({ graphId: "copilot" })).rejects.toThrow(/403/);
  });

  it("storefront chat: an anonymous visitor asks for suppliers and products and gets supplier and product answers from the public search", async () => {
    await seedCatalog(
      db.pool,
      [{ name: "Saddlecraft Leather", countryCode: "IT", region: "EU", moq: 100, capabilities: ["leather bags"] }],
      [{ supplier: 0, title: "Leather tote bag", samplePrice: 6000, moq: 100 }],
    );
    const visitor = client({ "x-anonymous-id": `visitor-${crypto.randomUUID()}` });
    const { thread, messages } = await ask(visitor, "storefront-chat", "show me suppliers of leather bags");
    expect(toolNames(messages)).toEqual(["search_public_suppliers"]);
    expect(toolResult(messages, "search_public_suppliers").list[0]).toMatchObject({ name: "Saddlecraft Leather", countryCode: "IT" });
    expect(finalText(messages)).toContain("**Saddlecraft Leather** (Italy) — MOQ 100");
    // The widget reads the content type from the answer's additional_kwargs.
    expect(messages.find((m) => m.type === "ai" && m.tool_calls?.length)?.additional_kwargs?.contentType).toBe("loading");
    expect(messages.at(-1)?.additional_kwargs?.contentType).toBe("supplier");

    const products: { event: string; data: unknown }[] = [];
    for await (const e of visitor.runs.stream(thread.thread_id, "storefront-chat", { input: human("find products like leather totes"), streamMode: "values" })) products.push(e);
    const after = messagesOf(products.filter((e) => e.event === "values").at(-1)?.data);
    expect(toolNames(after)).toEqual(["search_public_suppliers", "search_public_catalog_items"]);
    expect(finalText(after)).toContain("**Leather tote bag** — Saddlecraft Leather (Italy), sample $60.00, MOQ 100");
    expect(after.at(-1)?.additional_kwargs?.contentType).toBe("product");
  });

  // The first thing a user of each assistant types, and the tool the offline model must pick for it.
  const REQUESTS: [string, string, string, Record<string, unknown>?][] = [
    ["copilot", "who is on my team", "list_team_members"],
    ["copilot", "how many AI credits do I have", "get_ai_credits"],
    ["copilot", "show my store details", "get_my_store"],
    ["copilot", "how much does fulfilment cost", "get_business_settings"],
    ["sourcing-agent", "find suppliers for organic cotton tees under MOQ 500", "match_factories", { query: "organic cotton tees", filters: { moqMax: 500 } }],
    ["sourcing-agent", "find suppliers for organic cotton tees under MOQ 500", "save_sourcing_goal", { goal: { productDescription: "organic cotton tees" }, agentType: "default" }],
    ["sourcing-agent", "show my tech packs", "list_tech_packs"],
    ["tariff-rate-agent", "duty on cotton t-shirts from Vietnam at $4 per unit, MOQ 500", "get_country_tariff", { originCountry: "VN", perUnitPrice: 4, quantity: 500 }],
    ["packaging-agent", "find packaging suppliers for mailer boxes, MOQ 1000", "search_packaging_suppliers", { keyword: "mailer boxes", moq: "0_100" }],
    ["packaging-agent", "find mailer boxes with inside printing, 1000 units", "search_packaging_items", { keyword: "mailer boxes inside printing" }],
    ["packaging-agent", "how much does storage cost", "get_business_settings"],
    ["storefront-chat", "which sales channels can I sell on", "search_help_centre", { q: "which sales channels can I sell on" }],
    ["storefront-chat", "what plans are there", "search_help_centre"],
  ];

  it.each(REQUESTS)("offline %s: %j calls %s and answers", async (assistant, text, tool, args) => {
    const user = await registerUser(api);
    const sdk = asUser(user);
    const thread = await sdk.threads.create({ graphId: assistant });
    const run = await sdk.runs.create(thread.thread_id, assistant, { input: human(text) });
    const messages = messagesOf(await sdk.runs.join(thread.thread_id, run.run_id));
    expect((await sdk.runs.get(thread.thread_id, run.run_id)).status).toBe("success");
    const calls = messages.flatMap((m) => (m.type === "ai" ? (m.tool_calls ?? []) : []));
    const called = calls.find((c) => c.name === tool);
    expect(called?.name).toBe(tool);
    if (args) expect(called?.args).toMatchObject(args);
    // The answer is written from the tool's result, not a canned reply.
    expect(messages.some((m) => m.type === "tool" && m.name === tool && !String(m.content).includes('"error"'))).toBe(true);
    expect(messages.at(-1)?.type).toBe("ai");
    expect(finalText(messages).length).toBeGreaterThan(20);
    // An answer, not an API failure explained to the user.
    expect(finalText(messages)).not.toContain("I couldn't complete that");
  });
});
