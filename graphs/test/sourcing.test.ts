import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { Command, MemorySaver } from "@langchain/langgraph";
import { HumanMessage, type AIMessage, type BaseMessage } from "@langchain/core/messages";
import { runContextOf } from "@atelier/tools";
import { registerUser, setPlan, startTestApi, type TestApi, type TestUser } from "../../api/test/harness";
import { seedCatalog, uniq } from "../../api/test/marketplace-fixtures";
import { createSupplier } from "../../test/factories/suppliers";
import { buildGraph, createScriptedModelFactory, createModelFactoryFromEnv, type AssistantId, type ScriptStep } from "../src/index";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
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
  it("validates the goal, writes a tech pack, matches factories, asks approval and sends", async () => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    // A vetted supplier with an embedding, so matching has an in-network candidate on a fresh database.
    const vector = Array.from({ length: 384 }, (_, i) => (i % 7 === 0 ? 0.2 : 0.05));
    await createSupplier(api, { name: "Green Thread Knits", countryCode: "PT", region: "EU", city: "Porto", capabilities: ["organic cotton", "t-shirts"], employees: 80, moq: 300, productionDaysMin: 20, productionDaysMax: 40, embedding: vector });
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

  it("tariff variant: the offline model looks up the tariff and states the as-of date; state holds the review fields", async () => {
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
    expect(answer).not.toMatch(/OPENAI_API_KEY/);
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
    expect(JSON.parse(String(refused?.content)).error.message).toMatch(/^There is no tool named "get_tech_pack" in this assistant, so nothing was done\./);
    expect(model.boundTools[0]).toContain("match_factories");
    expect(model.boundTools[0]).not.toContain("upgrade_plan");
    expect(String(model.seen[0]?.[0]?.content)).toMatch(/packaging agent/);
  });
});

// ---------------------------------------------------------------------------------------------
// Every way the sourcing agent reaches people, through the graph: the approval interrupt, what an
// approval writes, and what a rejection leaves unwritten.

/** An in-network and an expanded-network factory (with an email on file) of the test's own. */
async function factories() {
  const tag = uniq();
  const expandedEmail = `quotes-${tag}@riverbend.example`;
  const f = await seedCatalog(api.deps.pool, [
    { name: `Porto Knits ${tag}`, countryCode: "PT", region: "EU", moq: 300, capabilities: ["organic cotton", "t-shirts"] },
    { name: `Riverbend Apparel ${tag}`, countryCode: "VN", region: "AS", moq: 500, capabilities: ["organic cotton tees"], expanded: true },
  ]);
  await api.deps.pool.query("UPDATE suppliers SET contact_email = $2, website = $3, phone_number = '+84 28 5555 0101' WHERE id = $1", [f.supplierIds[1], expandedEmail, `https://riverbend-${tag}.example`]);
  await api.deps.pool.query("UPDATE suppliers SET contact_email = $2 WHERE id = $1", [f.supplierIds[0], `hello-${tag}@porto.example`]);
  return { tag, inNetwork: f.supplierIds[0]!, expanded: f.supplierIds[1]!, expandedEmail, names: [`Porto Knits ${tag}`, `Riverbend Apparel ${tag}`] };
}

const TECH_PACK = { productName: "Organic cotton tee", description: "Heavyweight organic cotton tee, 220 gsm, one colour front print", materials: ["100% organic cotton, 220 gsm"], quantities: [{ size: "M", quantity: 500 }] };

async function outbox(user: TestUser, kind: string) {
  const { rows } = await api.deps.pool.query("SELECT to_address, subject, body, payload FROM outbox_messages WHERE store_id = $1 AND kind = $2 ORDER BY created_at", [user.store.id, kind]);
  return rows as { to_address: string; subject: string; body: string; payload: Record<string, unknown> }[];
}

async function outreach(user: TestUser) {
  const { rows } = await api.deps.pool.query("SELECT network, supplier_name, to_email, status FROM sourcing_outreach WHERE store_id = $1 ORDER BY created_at, supplier_name", [user.store.id]);
  return rows;
}

/** One turn of a scripted conversation on a thread; the checkpointer is shared so later turns see earlier ones. */
function conversation(assistant: AssistantId, token: string) {
  const checkpointer = new MemorySaver();
  const config = setup(token);
  const graphOf = (steps: ScriptStep[]) => {
    const model = createScriptedModelFactory(steps);
    return { model, graph: buildGraph(assistant, { modelFactory: model, checkpointer, apiBaseUrl: api.url }) };
  };
  return {
    config,
    async say(text: string, steps: ScriptStep[], extra: Record<string, unknown> = {}) {
      const { model, graph } = graphOf(steps);
      const out = await graph.invoke({ messages: [new HumanMessage(text)], ...extra }, config);
      const state = await graph.getState(config);
      return { model, graph, out, state, interrupt: state.tasks[0]?.interrupts[0]?.value as Record<string, unknown> | undefined };
    },
  };
}

describe("sourcing agent graph: reaching factories (scripted model, real tools, real API)", () => {
  it("emails the user the factories' contact info only once approved", async () => {
    const user = await registerUser(api);
    const f = await factories();
    const chat = conversation("sourcing-agent", user.token);
    const turn = await chat.say("email me the factories' contact info", [
      { toolCalls: [{ name: "send_factories_contact_info", args: { userEmail: user.email, companyIds: [f.inNetwork, f.expanded] } }] },
      "I emailed you both factories' contact details.",
    ]);
    expect(toolCalls(turn.out.messages)).toEqual(["send_factories_contact_info"]);
    expect(turn.interrupt).toMatchObject({ type: "approval", tool: "send_factories_contact_info", args: { userEmail: user.email, companyIds: [f.inNetwork, f.expanded] } });
    // The user approves names, never ids.
    for (const name of f.names) expect(String(turn.interrupt?.summary)).toContain(name);
    expect(String(turn.interrupt?.summary)).toContain(`to ${user.email}`);
    expect(String(turn.interrupt?.summary)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(await outbox(user, "sourcing.factories-contact-info")).toEqual([]);

    const done = await turn.graph.invoke(new Command({ resume: true }), chat.config);
    expect(lastResult(done.messages, "send_factories_contact_info")).toMatchObject({ to: user.email, factoryCount: 2 });
    const [mail, ...more] = await outbox(user, "sourcing.factories-contact-info");
    expect(more).toEqual([]);
    expect(mail?.to_address).toBe(user.email);
    for (const name of f.names) expect(mail?.body).toContain(name);
    expect(mail?.body).toContain(f.expandedEmail);
    expect(String((done.messages as BaseMessage[]).at(-1)?.content)).toBe("I emailed you both factories' contact details.");
    expect(turn.model.remaining()).toBe(0);
  });

  it("sends emails from the user's own address to the suppliers they list, with the tech pack, once approved", async () => {
    const user = await registerUser(api);
    const chat = conversation("sourcing-agent", user.token);
    const tag = uniq();
    const suppliers = [{ name: "Mill One", email: `one-${tag}@mill.example` }, { name: "Mill Two", email: `two-${tag}@mill.example` }];
    const turn = await chat.say("write the tech pack and send it from my own email to Mill One and Mill Two", [
      { toolCalls: [{ name: "create_tech_pack", args: TECH_PACK }] },
      { toolCalls: [{ name: "send_emails_by_own_email", args: (m) => ({ uploadSuppliers: suppliers, emailSubject: "Quote request: organic tees", emailBody: "Hello, could you quote the tech pack below?", techPackId: lastResult(m, "create_tech_pack").id }) }] },
      "Sent from your address to both mills.",
    ]);
    expect(toolCalls(turn.out.messages)).toEqual(["create_tech_pack", "send_emails_by_own_email"]);
    expect(turn.interrupt).toMatchObject({ tool: "send_emails_by_own_email", summary: `Email Mill One <${suppliers[0]!.email}> and Mill Two <${suppliers[1]!.email}> from your address: "Quote request: organic tees" with the tech pack for Organic cotton tee (500 units)` });
    expect(turn.out.techPackId).toBe(lastResult(turn.out.messages, "create_tech_pack").id);
    expect(await outbox(user, "sourcing.own-email")).toEqual([]);

    const done = await turn.graph.invoke(new Command({ resume: { approved: true } }), chat.config);
    expect(lastResult(done.messages, "send_emails_by_own_email")).toMatchObject({ replyTo: user.email, techPackVersion: 1 });
    const mails = await outbox(user, "sourcing.own-email");
    expect(mails.map((m) => [m.to_address, m.subject, m.payload.replyTo])).toEqual(suppliers.map((s) => [s.email, "Quote request: organic tees", user.email]));
    expect(mails[0]?.body).toContain("Heavyweight organic cotton tee");
    expect(await outreach(user)).toEqual(suppliers.map((s) => ({ network: "OWN_EMAIL", supplier_name: s.name, to_email: s.email, status: "SENT" })));
  });

  it("contacts the expanded network: a rejection writes nothing; a later approval emails the factory", async () => {
    const user = await registerUser(api);
    const f = await factories();
    const chat = conversation("sourcing-agent", user.token);
    const first = await chat.say("contact the expanded network ones", [
      { toolCalls: [{ name: "create_tech_pack", args: TECH_PACK }] },
      { toolCalls: [{ name: "send_messages_expanded_network", args: (m) => ({ techPackId: lastResult(m, "create_tech_pack").id, companyIds: [f.expanded] }) }] },
      "Understood, I won't email them.",
    ]);
    expect(first.interrupt).toMatchObject({ tool: "send_messages_expanded_network", args: { companyIds: [f.expanded] } });
    const rejected = await first.graph.invoke(new Command({ resume: { approved: false, reason: "not yet" } }), chat.config);
    expect(toolCalls(rejected.messages)).toEqual(["create_tech_pack", "send_messages_expanded_network"]);
    const declined = lastResult(rejected.messages, "send_messages_expanded_network");
    expect(declined).toMatchObject({ declined: true });
    expect(declined.message).toContain("Reason: not yet");
    // The model was told it was declined, and answered; nothing reached the factory.
    expect(String(first.model.seen.at(-1)?.at(-1)?.content)).toContain("declined");
    expect(String((rejected.messages as BaseMessage[]).at(-1)?.content)).toBe("Understood, I won't email them.");
    expect(await outreach(user)).toEqual([]);
    expect(await outbox(user, "sourcing.rfq.expanded-network")).toEqual([]);

    const second = await chat.say("ok, email them now", [
      { toolCalls: [{ name: "send_messages_expanded_network", args: { techPackId: rejected.techPackId, companyIds: [f.expanded] } }] },
      "Emailed.",
    ]);
    expect(second.interrupt).toMatchObject({ tool: "send_messages_expanded_network" });
    const sent = await second.graph.invoke(new Command({ resume: true }), chat.config);
    expect(lastResult(sent.messages, "send_messages_expanded_network").sent).toHaveLength(1);
    expect(await outreach(user)).toEqual([{ network: "EXPANDED_NETWORK", supplier_name: f.names[1], to_email: f.expandedEmail, status: "SENT" }]);
    const [mail] = await outbox(user, "sourcing.rfq.expanded-network");
    expect(mail).toMatchObject({ to_address: f.expandedEmail, payload: { replyTo: user.email, techPackId: rejected.techPackId } });
  });

  it("invites the user's own supplier once approved; the sourcing team is notified and it lists as theirs", async () => {
    const user = await registerUser(api);
    const chat = conversation("sourcing-agent", user.token);
    const email = `acme-${uniq()}@example.com`;
    const turn = await chat.say(`invite my supplier Acme, acme.com, ${email}, +1 415 555 0100`, [
      { toolCalls: [{ name: "invite_supplier", args: { name: "Acme", website: "https://acme.com", email, phoneNumber: "+1 415 555 0100" } }] },
      { toolCalls: [{ name: "list_my_suppliers", args: { search: "Acme" } }] },
      "Acme is invited.",
    ]);
    expect(turn.interrupt).toMatchObject({ tool: "invite_supplier", summary: `Invite supplier Acme (${email}) to Atelier` });
    const invites = () => api.deps.pool.query("SELECT name, website, email, phone_number FROM supplier_invites WHERE store_id = $1", [user.store.id]);
    expect((await invites()).rows).toEqual([]);
    const done = await turn.graph.invoke(new Command({ resume: true }), chat.config);
    expect(toolCalls(done.messages)).toEqual(["invite_supplier", "list_my_suppliers"]);
    expect((await invites()).rows).toEqual([{ name: "Acme", website: "https://acme.com", email, phone_number: "+1 415 555 0100" }]);
    const notices = await outbox(user, "internal.supplier-invite");
    expect(notices.length).toBeGreaterThan(0);
    expect(notices[0]?.body).toContain(email);
    expect(lastResult(done.messages, "list_my_suppliers").list).toEqual([expect.objectContaining({ name: "Acme", relations: ["INVITED"] })]);
  });

  it("saves the goal, writes and edits the tech pack with the conversation's attachments; the state feeds the review page", async () => {
    const user = await registerUser(api);
    const chat = conversation("sourcing-agent", user.token);
    const sketch = "https://example.com/sketches/tee-front.png";
    const attachments = [{ url: sketch, name: "tee-front.png", contentType: "image/png" }];
    /** The attachment links the graph gave the model, read from its system prompt as a model would. */
    const linksFromPrompt = (m: BaseMessage[]) => String(m[0]?.content).match(/^Attachments: (.+)$/m)?.[1]?.split(", ") ?? [];
    const goal = { productDescription: "Heavyweight organic cotton t-shirt with a front print", quantity: 500, targetUnitPrice: 6, destinationCountryCode: "US" };
    const turn = await chat.say(
      "organic cotton tees, 500 units at $6, sketch attached",
      [
        { toolCalls: [{ name: "save_sourcing_goal", args: (m) => ({ agentType: "default", goal: { ...goal, attachments: linksFromPrompt(m) } }) }] },
        { toolCalls: [{ name: "create_tech_pack", args: (m) => ({ ...TECH_PACK, attachments: linksFromPrompt(m) }) }] },
        "Saved your goal and wrote the tech pack.",
      ],
      { attachments },
    );
    expect(toolCalls(turn.out.messages)).toEqual(["save_sourcing_goal", "create_tech_pack"]);
    expect(turn.interrupt).toBeUndefined();
    expect(turn.out.attachments).toEqual(attachments);
    expect(String(turn.model.seen[0]?.[0]?.content)).toContain(`Attachments: ${sketch}`);
    expect(turn.out.goal).toMatchObject({ ...goal, attachments: [sketch] });
    expect(turn.out.productMoq).toBe(500);
    expect(turn.out.perUnitPrice).toBe(6);
    const saved = await api.deps.pool.query("SELECT agent_type, goal FROM sourcing_agent_goals WHERE store_id = $1 AND conversation_sid = $2", [user.store.id, chat.config.configurable.thread_id]);
    expect(saved.rows).toEqual([{ agent_type: "default", goal: expect.objectContaining({ quantity: 500, attachments: [sketch] }) }]);
    const packId = turn.out.techPackId as string;
    expect(lastResult(turn.out.messages, "create_tech_pack").attachments).toEqual([sketch]);

    const edit = await chat.say("update the tech pack: 1200 units, $5 per unit", [
      { toolCalls: [{ name: "update_tech_pack", args: { id: packId, quantities: [{ quantity: 1200 }], targetUnitPrice: 5 } }] },
      "Updated: version 2.",
    ]);
    expect(toolCalls(edit.out.messages).slice(-1)).toEqual(["update_tech_pack"]);
    expect(edit.out.techPackId).toBe(packId);
    expect(edit.out.reviewForm).toMatchObject({ id: packId, version: 2, totalQuantity: 1200, targetUnitPrice: 5, attachments: [sketch] });
    // Attachments stay once in the state however often the thread is resumed with them.
    expect(edit.out.attachments).toEqual(attachments);
    const versions = await api.deps.pool.query("SELECT version, data->'quantities' AS quantities FROM tech_pack_versions WHERE tech_pack_id = $1 ORDER BY version", [packId]);
    expect(versions.rows.map((r) => r.version)).toEqual([1, 2]);
    expect(versions.rows[1].quantities).toEqual([{ quantity: 1200 }]);
  });
});

describe("packaging agent graph: packaging items and suppliers (scripted model, real tools, real API)", () => {
  /** A packaging supplier with two packaging items, and a product supplier whose item shares the words. */
  async function packagingCatalog() {
    const tag = uniq();
    const word = `mailerbox${tag.replace(/[0-9]/g, "")}`;
    const pack = await seedCatalog(
      api.deps.pool,
      [{ name: `Boxwell Packaging ${tag}`, countryCode: "CN", region: "AS", moq: 500, capabilities: ["mailer boxes", "inside printing", word] }],
      [
        { supplier: 0, title: `Kraft ${word} with inside printing`, type: "PACKAGING", moq: 500, price: 120 },
        { supplier: 0, title: `Rigid ${word} gift box`, type: "PACKAGING", moq: 2000, price: 350 },
      ],
      "ecommerce-packaging",
    );
    const product = await seedCatalog(api.deps.pool, [{ name: `Planter Works ${tag}`, capabilities: ["ceramic planters", word] }], [{ supplier: 0, title: `Ceramic ${word} planter`, type: "PRODUCT" }]);
    return { word, packagingSupplier: pack.supplierIds[0]!, packagingItems: pack.itemIds, productSupplier: product.supplierIds[0]!, productItem: product.itemIds[0]! };
  }

  it("finds packaging items and suppliers only, writes the brief and sends it once approved", async () => {
    const user = await registerUser(api);
    const c = await packagingCatalog();
    const chat = conversation("packaging-agent", user.token);
    const turn = await chat.say("find mailer boxes with inside printing, 1000 units, and who makes them", [
      { toolCalls: [{ name: "search_packaging_items", args: { keyword: c.word, size: 20 } }, { name: "search_packaging_suppliers", args: { keyword: c.word, size: 20 } }] },
      { toolCalls: [{ name: "create_tech_pack", args: { productName: "Kraft mailer box", packaging: "Kraft mailer box, one colour inside print", quantities: [{ quantity: 1000 }] } }] },
      { toolCalls: [{ name: "send_messages_in_network", args: (m) => ({ techPackId: lastResult(m, "create_tech_pack").id, companyIds: [c.packagingSupplier] }) }] },
      "Sent your brief to Boxwell.",
    ]);
    expect(turn.out.eventItemType).toBe("packaging");
    expect(turn.model.boundTools[0]).toEqual(expect.arrayContaining(["search_packaging_items", "search_packaging_suppliers"]));
    expect(turn.model.boundTools[0]).not.toContain("search_catalog_items");
    const items = lastResult(turn.out.messages, "search_packaging_items").list as { id: string; type: string }[];
    expect(items.map((i) => i.id)).toEqual(expect.arrayContaining(c.packagingItems));
    expect(items.map((i) => i.id)).not.toContain(c.productItem);
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(["PACKAGING"]));
    const suppliers = lastResult(turn.out.messages, "search_packaging_suppliers").list as { id: string; primaryVertical: string }[];
    expect(suppliers.map((s) => s.id)).toContain(c.packagingSupplier);
    expect(suppliers.map((s) => s.id)).not.toContain(c.productSupplier);
    expect(new Set(suppliers.map((s) => s.primaryVertical))).toEqual(new Set(["ecommerce-packaging"]));

    expect(turn.interrupt).toMatchObject({ tool: "send_messages_in_network", args: { companyIds: [c.packagingSupplier] } });
    expect(await outreach(user)).toEqual([]);
    await turn.graph.invoke(new Command({ resume: true }), chat.config);
    expect(await outreach(user)).toEqual([{ network: "IN_NETWORK", supplier_name: expect.stringContaining("Boxwell Packaging"), to_email: null, status: "SENT" }]);
    const pack = await api.deps.pool.query("SELECT data->>'packaging' AS packaging FROM tech_packs WHERE store_id = $1", [user.store.id]);
    expect(pack.rows).toEqual([{ packaging: "Kraft mailer box, one colour inside print" }]);
  });

  it("the offline packaging agent answers 'find mailer boxes with inside printing, 1000 units' from packaging items, MOQ against the quantity", async () => {
    const user = await registerUser(api);
    const c = await packagingCatalog();
    const graph = buildGraph("packaging-agent", { modelFactory: createModelFactoryFromEnv({}), checkpointer: new MemorySaver(), apiBaseUrl: api.url });
    const out = await graph.invoke({ messages: [new HumanMessage(`find mailer boxes with inside printing (${c.word}), 1000 units`)] }, setup(user.token));
    expect(toolCalls(out.messages)).toEqual(["search_packaging_items"]);
    const found = lastResult(out.messages, "search_packaging_items");
    expect(found.list.every((i: { type: string }) => i.type === "PACKAGING")).toBe(true);
    const answer = String((out.messages as BaseMessage[]).at(-1)?.content);
    expect(answer).toContain(`Kraft ${c.word} with inside printing`);
    expect(answer).toMatch(new RegExp(`Kraft ${c.word} with inside printing\\*\\* — Boxwell Packaging \\S+ \\(China\\), MOQ 500 ✓`));
    expect(answer).toMatch(new RegExp(`Rigid ${c.word} gift box\\*\\* — .*MOQ 2000 \\(MOQ above your 1000\\)`));
    expect(answer).not.toContain("planter");
  });
});
