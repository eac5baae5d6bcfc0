import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Command, MemorySaver } from "@langchain/langgraph";
import { HumanMessage, type AIMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import { payments, purchasing } from "@atelier/contracts";
import { runContextOf } from "@atelier/tools";
import { buildScreenContext, type ScreenContext } from "@atelier/contracts/agent-context";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "../../api/test/harness";
import { seedCatalog, uniq } from "../../api/test/marketplace-fixtures";
import { buildGraph, createScriptedModelFactory } from "../src/index";
import { createOfflineModelFactory } from "../src/models/model-factory";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const VISA = "4242424242424242";

function runConfig(token: string, screen?: ScreenContext) {
  return { configurable: { thread_id: crypto.randomUUID() }, context: runContextOf({ apiToken: token, apiBaseUrl: api.url, screen }) };
}

const msgs = (state: unknown) => (state as { messages: BaseMessage[] }).messages;
const toolCalls = (messages: BaseMessage[]) => messages.flatMap((m) => (m.getType() === "ai" ? ((m as AIMessage).tool_calls ?? []).map((c) => c.name) : []));
const toolResults = (messages: BaseMessage[]) => messages.filter((m) => m.getType() === "tool").map((m) => JSON.parse(String((m as ToolMessage).content)));
/** The JSON of the newest tool result the model has seen: the scripted model reads ids from it, as a real one would. */
const lastResult = (messages: BaseMessage[]) => JSON.parse(String([...messages].reverse().find((m) => m.getType() === "tool")?.content));

/** A store with a default card, and a supplier in Vietnam with one mug whose sample costs $15. */
async function marketplaceStore() {
  const user = await registerUser(api);
  await as(api, user.token, payments.attachPaymentMethod, { body: { cardNumber: VISA, expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: "123", makeDefault: true } });
  const tag = uniq();
  const supplierName = `Zephyrine Ceramics ${tag}`;
  const itemTitle = `Speckled ceramic mug ${tag}`;
  const fixture = await seedCatalog(
    api.deps.pool,
    [{ name: supplierName, countryCode: "VN", region: "AS", moq: 50, capabilities: ["ceramic mugs", "stoneware"], description: "Hand-glazed stoneware mugs" }],
    [{ supplier: 0, title: itemTitle, description: "12oz speckled stoneware mug", samplePrice: 1500, moq: 50 }],
  );
  return { user, tag, supplierName, itemTitle, supplierId: fixture.supplierIds[0]!, itemId: fixture.itemIds[0]! };
}

async function orderItemsOf(user: TestUser) {
  const { rows } = await api.deps.pool.query("SELECT catalog_item_id, kind, status, quantity, unit_price_cents FROM creator_order_items WHERE store_id = $1", [user.store.id]);
  return rows;
}

async function chargesOf(user: TestUser) {
  const { rows } = await api.deps.pool.query("SELECT status, amount_cents FROM creator_invoice_payments WHERE store_id = $1", [user.store.id]);
  return rows;
}

/** Scripted turns: search suppliers, list the found supplier's items, order a sample, cart it, pay. */
function shoppingScript(store: Awaited<ReturnType<typeof marketplaceStore>>, closing: string) {
  return createScriptedModelFactory([
    { toolCalls: [{ name: "search_suppliers", args: { keyword: store.supplierName, countryCodes: ["VN"], moq: "0_100" } }] },
    { toolCalls: [{ name: "search_catalog_items", args: (m) => ({ supplierId: lastResult(m).list.find((s: { name: string }) => s.name === store.supplierName).id }) }] },
    { toolCalls: [{ name: "create_order_item", args: (m) => ({ catalogItemId: lastResult(m).list[0].id, kind: "SAMPLE" }) }] },
    { toolCalls: [{ name: "add_to_cart", args: (m) => ({ orderItemIds: [lastResult(m).id] }) }] },
    { toolCalls: [{ name: "pay_sourcing_invoice", args: (m) => ({ invoiceId: lastResult(m).invoice.id }) }] },
    closing,
  ]);
}

const SEQUENCE = ["search_suppliers", "search_catalog_items", "create_order_item", "add_to_cart", "pay_sourcing_invoice"];

describe("copilot in the marketplace (scripted model, real tools, real API)", () => {
  it("finds a supplier, carts a sample after approval and pays it with the default card after approval", async () => {
    const store = await marketplaceStore();
    const model = shoppingScript(store, "Paid: your sample is in production.");
    const graph = buildGraph("copilot", { modelFactory: model, checkpointer: new MemorySaver(), apiBaseUrl: api.url });
    const config = runConfig(store.user.token);

    await graph.invoke({ messages: [new HumanMessage("find ceramic mug suppliers in Vietnam, add a sample of their mug to my cart and pay")] }, config);
    // 1. Putting the sample in the cart waits for the user: the order exists, the cart is empty.
    const carting = await graph.getState(config);
    expect(carting.next).toEqual(["tools"]);
    const cartAsk = carting.tasks[0]?.interrupts[0]?.value as { type: string; tool: string; summary: string };
    expect(cartAsk).toMatchObject({ type: "approval", tool: "add_to_cart" });
    expect(cartAsk.summary).toContain(`${store.itemTitle} (sample, 1 × $15.00)`);
    expect(await orderItemsOf(store.user)).toEqual([{ catalog_item_id: store.itemId, kind: "SAMPLE", status: "NOT_PURCHASED", quantity: 1, unit_price_cents: 1500 }]);

    // 2. Approved: it is carted, and paying waits for the user in turn; nothing is charged meanwhile.
    await graph.invoke(new Command({ resume: { approved: true } }), config);
    const paused = await graph.getState(config);
    expect(paused.next).toEqual(["tools"]);
    const interrupt = paused.tasks[0]?.interrupts[0]?.value as { type: string; tool: string; args: Record<string, unknown>; summary: string };
    expect(interrupt).toMatchObject({ type: "approval", tool: "pay_sourcing_invoice" });
    expect(interrupt.summary).toContain("default card");
    expect(interrupt.summary).toContain(purchasing.REFUND_POLICY);
    expect(await orderItemsOf(store.user)).toEqual([{ catalog_item_id: store.itemId, kind: "SAMPLE", status: "IN_SHOPPING_CART", quantity: 1, unit_price_cents: 1500 }]);
    expect(await chargesOf(store.user)).toEqual([]);

    const final = await graph.invoke(new Command({ resume: { approved: true } }), config);
    expect(toolCalls(msgs(final))).toEqual(SEQUENCE);
    const [found, items, ordered, cart, paid] = toolResults(msgs(final));
    expect(found.list.map((s: { id: string }) => s.id)).toContain(store.supplierId);
    expect(items.list.map((i: { id: string }) => i.id)).toEqual([store.itemId]);
    expect(ordered).toMatchObject({ kind: "SAMPLE", status: "NOT_PURCHASED", unitPriceCents: 1500 });
    expect(cart.invoice.totalCents).toBe(1500);
    expect(paid).toMatchObject({ result: "COMPLETED", invoice: { status: "PAID", totalCents: 1500 } });
    expect(msgs(final).at(-1)?.content).toBe("Paid: your sample is in production.");
    expect(model.remaining()).toBe(0);

    expect(await orderItemsOf(store.user)).toEqual([{ catalog_item_id: store.itemId, kind: "SAMPLE", status: "IN_PRODUCTION", quantity: 1, unit_price_cents: 1500 }]);
    expect(await chargesOf(store.user)).toEqual([{ status: "COMPLETED", amount_cents: 1500 }]);
    const { rows } = await api.deps.pool.query("SELECT status FROM creator_invoices WHERE store_id = $1", [store.user.store.id]);
    expect(rows).toEqual([{ status: "PAID" }]);
  });

  it("keeps the sample out of the cart when adding it is rejected", async () => {
    const store = await marketplaceStore();
    const model = createScriptedModelFactory([
      { toolCalls: [{ name: "search_catalog_items", args: { keyword: store.itemTitle } }] },
      { toolCalls: [{ name: "create_order_item", args: (m) => ({ catalogItemId: lastResult(m).list[0].id, kind: "SAMPLE", addToCart: true }) }] },
      "Okay, I didn't add it.",
    ]);
    const graph = buildGraph("copilot", { modelFactory: model, checkpointer: new MemorySaver(), apiBaseUrl: api.url });
    const config = runConfig(store.user.token);
    await graph.invoke({ messages: [new HumanMessage("add a sample of the speckled mug to my cart")] }, config);
    expect((await graph.getState(config)).tasks[0]?.interrupts[0]?.value).toMatchObject({ type: "approval", tool: "create_order_item" });
    const final = await graph.invoke(new Command({ resume: { approved: false, reason: "wrong colour" } }), config);
    expect(toolCalls(msgs(final))).toEqual(["search_catalog_items", "create_order_item"]);
    expect(toolResults(msgs(final)).at(-1)).toMatchObject({ declined: true });
    expect(await orderItemsOf(store.user)).toEqual([]);
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n FROM creator_invoices WHERE store_id = $1", [store.user.store.id]);
    expect(rows[0].n).toBe(0);
  });

  it("leaves the sample in the cart and charges nothing when the payment is rejected", async () => {
    const store = await marketplaceStore();
    const model = shoppingScript(store, "Okay, I didn't pay; the sample is still in your cart.");
    const graph = buildGraph("copilot", { modelFactory: model, checkpointer: new MemorySaver(), apiBaseUrl: api.url });
    const config = runConfig(store.user.token);

    await graph.invoke({ messages: [new HumanMessage("buy a sample of a Vietnamese ceramic mug")] }, config);
    await graph.invoke(new Command({ resume: { approved: true } }), config);
    const final = await graph.invoke(new Command({ resume: { approved: false, reason: "not this month" } }), config);
    expect(toolCalls(msgs(final))).toEqual(SEQUENCE);
    const payment = toolResults(msgs(final)).at(-1);
    expect(payment.declined).toBe(true);
    expect(payment.message).toContain("not this month");
    expect(String(model.seen.at(-1)?.at(-1)?.content)).toContain("declined");
    expect(await orderItemsOf(store.user)).toEqual([{ catalog_item_id: store.itemId, kind: "SAMPLE", status: "IN_SHOPPING_CART", quantity: 1, unit_price_cents: 1500 }]);
    expect(await chargesOf(store.user)).toEqual([]);
    const cart = await as(api, store.user.token, purchasing.listShoppingCartOrders, {});
    expect(cart.invoice?.status).toBe("OPEN");
  });

  it("cannot touch another store's cart: a foreign invoice id is a 404 result, and nothing is charged", async () => {
    const owner = await marketplaceStore();
    const ownerCart = await as(api, owner.user.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: owner.itemId, kind: "SAMPLE", addToCart: true } });
    const invoiceId = ownerCart.invoiceId!;
    const intruder = await marketplaceStore();
    const model = createScriptedModelFactory([{ toolCalls: [{ name: "pay_sourcing_invoice", args: { invoiceId } }] }, "That invoice isn't yours."]);
    const graph = buildGraph("copilot", { modelFactory: model, checkpointer: new MemorySaver(), apiBaseUrl: api.url });
    const config = runConfig(intruder.user.token);
    await graph.invoke({ messages: [new HumanMessage("pay this invoice")] }, config);
    const final = await graph.invoke(new Command({ resume: true }), config);
    expect(toolResults(msgs(final))[0].error).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(await chargesOf(owner.user)).toEqual([]);
    expect(await chargesOf(intruder.user)).toEqual([]);
  });
});

describe("offline copilot in the marketplace (real tools, real API)", () => {
  const graphOf = () => buildGraph("copilot", { modelFactory: createOfflineModelFactory(), checkpointer: new MemorySaver(), apiBaseUrl: api.url });
  const say = (text: string) => ({ messages: [new HumanMessage(text)] });

  it("searches, carts a sample from the thread's search, shows the cart and pays after approval", async () => {
    const store = await marketplaceStore();
    const graph = graphOf();
    const config = runConfig(store.user.token);

    const searched = await graph.invoke(say(`show me ${store.tag} ceramic mug suppliers in Vietnam under MOQ 80`), config);
    expect(toolCalls(msgs(searched))).toEqual(["search_suppliers"]);
    expect(String(msgs(searched).at(-1)?.content)).toContain(store.supplierName);

    await graph.invoke(say(`add a sample of the speckled mug ${store.tag} to my cart`), config);
    const asking = await graph.getState(config);
    expect(asking.tasks[0]?.interrupts[0]?.value).toMatchObject({ type: "approval", tool: "create_order_item", args: { kind: "SAMPLE", quantity: 1, addToCart: true } });
    expect(await orderItemsOf(store.user)).toEqual([]);
    const carted = await graph.invoke(new Command({ resume: { approved: true } }), config);
    expect(toolCalls(msgs(carted)).slice(1)).toEqual(["search_catalog_items", "create_order_item"]);
    expect(String(msgs(carted).at(-1)?.content)).toContain(`Added 1 sample of **${store.itemTitle}**`);

    const shown = await graph.invoke(say("what's in my cart"), config);
    expect(String(msgs(shown).at(-1)?.content)).toMatch(/Total: \$15\.00/);

    await graph.invoke(say("pay my cart"), config);
    const paused = await graph.getState(config);
    expect(paused.tasks[0]?.interrupts[0]?.value).toMatchObject({ type: "approval", tool: "pay_sourcing_invoice" });
    expect((await orderItemsOf(store.user))[0].status).toBe("IN_SHOPPING_CART");
    const paid = await graph.invoke(new Command({ resume: { approved: true } }), config);
    expect(toolCalls(msgs(paid)).slice(-2)).toEqual(["get_cart", "pay_sourcing_invoice"]);
    expect(String(msgs(paid).at(-1)?.content)).toMatch(/Paid \$15\.00/);
    expect(await orderItemsOf(store.user)).toEqual([{ catalog_item_id: store.itemId, kind: "SAMPLE", status: "IN_PRODUCTION", quantity: 1, unit_price_cents: 1500 }]);
  });

  it("favourites the supplier on screen", async () => {
    const store = await marketplaceStore();
    const config = runConfig(store.user.token, buildScreenContext({ route: "/browse-suppliers/supplier-profile/:supplierId", path: `/browse-suppliers/supplier-profile/${store.supplierId}`, entity: { type: "supplier", id: store.supplierId } }));
    const out = await graphOf().invoke(say("favourite this supplier"), config);
    expect(toolCalls(msgs(out))).toEqual(["add_favorite"]);
    expect(String(msgs(out).at(-1)?.content)).toContain(store.supplierName);
    const { rows } = await api.deps.pool.query("SELECT target_kind, supplier_id FROM favorites WHERE store_id = $1", [store.user.store.id]);
    expect(rows).toEqual([{ target_kind: "SUPPLIER", supplier_id: store.supplierId }]);
  });
});
