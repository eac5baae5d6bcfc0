import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { runContextOf } from "@atelier/tools";
import { moqBucketsFor, parseMoqLimit } from "../src/models/offline-marketplace";
import type { IntentContext } from "../src/models/offline-intents";
import { buildScreenContext } from "@atelier/contracts/agent-context";
import { WORDS_ONLY_SEARCH_NOTICE } from "@atelier/contracts/search-notice";
import { offlineAssistant as copilot, calls, answer, toolTurn } from "./tool-fixture";

/** The screens the web sends from a catalog item page and a supplier profile (web/src/chat/screen-context.ts). */
const itemScreen = (id: string) => buildScreenContext({ route: "/browse-suppliers/catalog-item/:itemId", path: `/browse-suppliers/catalog-item/${id}`, entity: { type: "catalog_item", id } });
const supplierScreen = (id: string) => buildScreenContext({ route: "/supplier-profile/:supplierId", path: `/supplier-profile/${id}`, entity: { type: "supplier", id } });

const supplierId = crypto.randomUUID();
const item = (title: string, id = crypto.randomUUID()) => ({ id, title, supplierId, supplierName: "Lotus Ceramics", samplePriceCents: 1500, moq: 50 });
const supplier = (name: string, moq: number | null, extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(), name, city: "Hanoi", countryCode: "VN", moq, samplePriceMinCents: 2000, productionDaysMin: 10, productionDaysMax: 30, averageReview: 4.5, reviewCount: 3, score: 0.5, ...extra,
});

describe("offline copilot: marketplace intents", () => {
  it("searches suppliers by keyword across every MOQ bucket the limit overlaps", () => {
    const step = copilot().decide([new HumanMessage("find suppliers for organic cotton tees under MOQ 500")]);
    expect(calls(step)).toEqual([
      { name: "search_suppliers", args: { size: 10, keyword: "organic cotton tees", moq: "0_100" } },
      { name: "search_suppliers", args: { size: 10, keyword: "organic cotton tees", moq: "100_1000" } },
    ]);
  });

  it("searches suppliers in a country named in the request", () => {
    const step = copilot().decide([new HumanMessage("show me ceramic mug suppliers in Vietnam")]);
    expect(calls(step)).toEqual([{ name: "search_suppliers", args: { size: 10, keyword: "ceramic mug", countryCodes: ["VN"] } }]);
  });

  it("answers with the suppliers inside the MOQ limit only, merged from the bucket searches", () => {
    const human = new HumanMessage("find suppliers for organic cotton tees under MOQ 500");
    const args = { size: 10, keyword: "organic cotton tees" };
    const thread = [
      human,
      ...toolTurn("search_suppliers", { ...args, moq: "0_100" }, { list: [supplier("Small Batch Tees", 50)], total: 1 }),
      ...toolTurn("search_suppliers", { ...args, moq: "100_1000" }, { list: [supplier("Mid Run Knits", 300), supplier("Big Mill", 800)], total: 2 }),
    ];
    const text = answer(copilot().decide(thread));
    expect(text).toContain("Small Batch Tees");
    expect(text).toContain("Mid Run Knits");
    expect(text).not.toContain("Big Mill");
  });

  it("passes on a search's notice once when it matched by words only (the meaning model down)", () => {
    const human = new HumanMessage("show me ceramic mug suppliers in Vietnam");
    const args = { size: 10, keyword: "ceramic mug", countryCodes: ["VN"] };
    const thread = [human, ...toolTurn("search_suppliers", args, { list: [supplier("Lotus Ceramics", 100)], total: 1, notice: WORDS_ONLY_SEARCH_NOTICE })];
    const text = answer(copilot().decide(thread));
    expect(text).toContain("Lotus Ceramics");
    expect(text.endsWith(WORDS_ONLY_SEARCH_NOTICE)).toBe(true);
    expect(text.split(WORDS_ONLY_SEARCH_NOTICE)).toHaveLength(2);
  });

  it("keeps the sourcing agent on factory matching for the same words, after validating the goal", () => {
    const text = "find suppliers for organic cotton tees under MOQ 500";
    const first = copilot("sourcing-agent").decide([new HumanMessage(text)]);
    // The goal is saved for the conversation first (issue 15, item 2).
    expect(calls(first)).toEqual([{ name: "save_sourcing_goal", args: { agentType: "default", goal: { productDescription: "organic cotton tees", materials: ["organic cotton"] } } }]);
    const validation = { valid: false, agentType: "default", missing: ["quantity"], problems: [], questions: [{ field: "quantity", question: "How many units?" }], suggestions: [], completeness: 0.2 };
    const saved = { id: crypto.randomUUID(), conversationSid: "thread", agentType: "default", eventItemType: "design-source", goal: { productDescription: "organic cotton tees", materials: ["organic cotton"] }, validation, createdAt: "2026-11-27T00:00:00Z", updatedAt: "2026-11-27T00:00:00Z" };
    const next = copilot("sourcing-agent").decide([new HumanMessage(text), ...toolTurn("save_sourcing_goal", calls(first)[0]!.args, saved)]);
    expect(calls(next)).toEqual([{ name: "match_factories", args: { query: "organic cotton tees", filters: { moqMax: 500 } } }]);
  });

  it("adds a sample of an item found earlier in the thread, without searching again", () => {
    const mug = item("Speckled ceramic mug 12oz");
    const thread = [
      new HumanMessage("search ceramic mugs"),
      ...toolTurn("search_catalog_items", { keyword: "ceramic mugs" }, { list: [item("Enamel camp mug"), mug], total: 2 }),
      new AIMessage("Here are mugs."),
      new HumanMessage("add 2 samples of the speckled mug to my cart"),
    ];
    expect(calls(copilot().decide(thread))).toEqual([{ name: "create_order_item", args: { catalogItemId: mug.id, kind: "SAMPLE", quantity: 2, addToCart: true } }]);
  });

  it("searches for the item when the thread has not seen it, then orders the best match", () => {
    const human = new HumanMessage("add a sample of bamboo toothbrush to my cart");
    expect(calls(copilot().decide([human]))).toEqual([{ name: "search_catalog_items", args: { keyword: "bamboo toothbrush", size: 5 } }]);
    const brush = item("Bamboo toothbrush, soft bristles");
    const thread = [human, ...toolTurn("search_catalog_items", { keyword: "bamboo toothbrush", size: 5 }, { list: [brush], total: 1 })];
    expect(calls(copilot().decide(thread))).toEqual([{ name: "create_order_item", args: { catalogItemId: brush.id, kind: "SAMPLE", quantity: 1, addToCart: true } }]);
    const none = [human, ...toolTurn("search_catalog_items", { keyword: "bamboo toothbrush", size: 5 }, { list: [], total: 0 })];
    expect(answer(copilot().decide(none))).toMatch(/couldn't find/);
  });

  it("orders a sample of the item on screen", () => {
    const id = crypto.randomUUID();
    const step = copilot().decide([new HumanMessage("add a sample to my cart")], { screen: itemScreen(id) });
    expect(calls(step)).toEqual([{ name: "create_order_item", args: { catalogItemId: id, kind: "SAMPLE", quantity: 1, addToCart: true } }]);
  });

  it("shows the cart", () => {
    const human = new HumanMessage("what's in my cart");
    expect(calls(copilot().decide([human]))).toEqual([{ name: "get_cart", args: {} }]);
    const cart = { invoice: { id: crypto.randomUUID(), totalCents: 3000 }, items: [{ title: "Speckled mug", kind: "SAMPLE", quantity: 2, unitPriceCents: 1500, totalCents: 3000, supplierName: "Lotus Ceramics" }], refundPolicy: "No refunds." };
    const text = answer(copilot().decide([human, ...toolTurn("get_cart", {}, cart)]));
    expect(text).toContain("Speckled mug");
    expect(text).toContain("$30.00");
    expect(text).toContain("No refunds.");
  });

  it.each(["pay my cart", "checkout", "pay for my samples"])("pays the cart's open invoice: %s", (request) => {
    const human = new HumanMessage(request);
    expect(calls(copilot().decide([human]))).toEqual([{ name: "get_cart", args: {} }]);
    const invoiceId = crypto.randomUUID();
    const cart = { invoice: { id: invoiceId, totalCents: 1500 }, items: [{ id: "x" }], refundPolicy: "" };
    expect(calls(copilot().decide([human, ...toolTurn("get_cart", {}, cart)]))).toEqual([{ name: "pay_sourcing_invoice", args: { invoiceId } }]);
  });

  it("explains a refused call in a sentence, never a code, status or field path", () => {
    const human = new HumanMessage("pay my cart");
    const cart = { invoice: { id: crypto.randomUUID(), totalCents: 1500 }, items: [{ id: "x" }], refundPolicy: "" };
    const error = { status: 400, code: "VALIDATION_FAILED", message: "body.promotionCode is not a promotion code for sourcing purchases", details: [{ field: "body.promotionCode", reason: "is not a promotion code for sourcing purchases" }] };
    const text = answer(copilot().decide([human, ...toolTurn("get_cart", {}, cart), ...toolTurn("pay_sourcing_invoice", {}, { error })]));
    expect(text).toBe("I couldn't complete that: The promotion code is not a promotion code for sourcing purchases.");
    const upgrade = answer(copilot().decide([human, ...toolTurn("get_cart", {}, { error: { status: 403, code: "UPGRADE_REQUIRED", message: "PLAN_UPGRADE_REQUIRED" } })]));
    expect(upgrade).not.toMatch(/[A-Z]{2,}_[A-Z]|HTTP \d/);
  });

  it("does not pay an empty cart, and reports a decline and a payment", () => {
    const human = new HumanMessage("pay my cart");
    expect(answer(copilot().decide([human, ...toolTurn("get_cart", {}, { invoice: null, items: [], refundPolicy: "" })]))).toMatch(/empty/);
    const cart = { invoice: { id: crypto.randomUUID(), totalCents: 1500 }, items: [{ id: "x" }], refundPolicy: "" };
    const declined = [human, ...toolTurn("get_cart", {}, cart), ...toolTurn("pay_sourcing_invoice", {}, { declined: true, message: "The user declined: Pay sourcing invoice. Nothing was done." })];
    expect(answer(copilot().decide(declined))).toBe("Understood, I didn't do it.");
    const paid = [human, ...toolTurn("get_cart", {}, cart), ...toolTurn("pay_sourcing_invoice", {}, { result: "COMPLETED", invoice: { totalCents: 1500, sn: "INV-12345678", items: [{}], shippingAddress: null } })];
    expect(answer(copilot().decide(paid))).toMatch(/Paid \$15\.00.*in production.*shipping address/s);
  });

  it("favourites the supplier on screen", () => {
    const id = crypto.randomUUID();
    const context: IntentContext = { screen: supplierScreen(id) };
    expect(calls(copilot().decide([new HumanMessage("favourite this supplier")], context))).toEqual([{ name: "add_favorite", args: { kind: "SUPPLIER", targetId: id } }]);
    expect(calls(copilot().decide([new HumanMessage("add this to my favorites")], context))).toEqual([{ name: "add_favorite", args: { kind: "SUPPLIER", targetId: id } }]);
  });

  it("favourites the supplier of the product on screen by looking the product up first", () => {
    const id = crypto.randomUUID();
    const context: IntentContext = { screen: itemScreen(id) };
    const human = new HumanMessage("favourite this supplier");
    expect(calls(copilot().decide([human], context))).toEqual([{ name: "get_catalog_item", args: { id } }]);
    const thread = [human, ...toolTurn("get_catalog_item", { id }, { item: item("Mug", id), supplier: { id: supplierId, name: "Lotus Ceramics" } })];
    expect(calls(copilot().decide(thread, context))).toEqual([{ name: "add_favorite", args: { kind: "SUPPLIER", targetId: supplierId } }]);
    expect(calls(copilot().decide([new HumanMessage("favourite this")], context))).toEqual([{ name: "add_favorite", args: { kind: "CATALOG_ITEM", targetId: id } }]);
  });

  it("favourites a supplier named from earlier results, and asks when nothing says which", () => {
    const lotus = supplier("Lotus Ceramics", 100);
    const thread = [new HumanMessage("mug suppliers"), ...toolTurn("search_suppliers", { keyword: "mug" }, { list: [supplier("Other Works", 10), lotus], total: 2 }), new AIMessage("…"), new HumanMessage("favourite Lotus Ceramics")];
    expect(calls(copilot().decide(thread))).toEqual([{ name: "add_favorite", args: { kind: "SUPPLIER", targetId: lotus.id } }]);
    expect(answer(copilot().decide([new HumanMessage("favourite this supplier")]))).toMatch(/Which one/);
  });

  it("answers a page's own prompt about the entity on screen", () => {
    const id = crypto.randomUUID();
    expect(calls(copilot().decide([new HumanMessage("Tell me about the supplier Lotus Ceramics")], { screen: supplierScreen(id) }))).toEqual([{ name: "get_supplier", args: { id } }]);
    expect(calls(copilot().decide([new HumanMessage('Tell me about the product "Mug" from Lotus Ceramics')], { screen: itemScreen(id) }))).toEqual([{ name: "get_catalog_item", args: { id } }]);
    expect(answer(copilot().decide([new HumanMessage("Tell me about the supplier Lotus Ceramics")]))).toMatch(/Open the supplier's or product's page/);
    // A result that is not the contract's response is said to be unreadable, never half-read.
    const human = new HumanMessage("Tell me about the supplier Lotus Ceramics");
    expect(answer(copilot().decide([human, ...toolTurn("get_supplier", { id }, { supplier: { name: "Lotus" } }, { asGiven: true })], { screen: supplierScreen(id) }))).toMatch(/couldn't read/);
  });

  it("reads the screen from the run context the graph passes to the model", async () => {
    const id = crypto.randomUUID();
    const out = (await copilot().invoke([new HumanMessage("favourite this supplier")], { context: runContextOf({ screen: supplierScreen(id) }) } as never)) as AIMessage;
    expect(out.tool_calls?.map((c) => [c.name, c.args])).toEqual([["add_favorite", { kind: "SUPPLIER", targetId: id }]]);
  });

  it("lists and removes favourites", () => {
    expect(calls(copilot().decide([new HumanMessage("show my favourites")]))).toEqual([{ name: "list_favorites", args: {} }]);
    const id = crypto.randomUUID();
    const context: IntentContext = { screen: supplierScreen(id) };
    const human = new HumanMessage("unfavourite this supplier");
    expect(calls(copilot().decide([human], context))).toEqual([{ name: "list_favorites", args: { size: 100 } }]);
    const favs = { list: [{ id: "fav-1", kind: "SUPPLIER", supplier: { id, name: "Lotus" }, item: null }], total: 1 };
    expect(calls(copilot().decide([human, ...toolTurn("list_favorites", { size: 100 }, favs)], context))).toEqual([{ name: "remove_favorite", args: { id: "fav-1" } }]);
  });

  it("removes a named line from the cart", () => {
    const human = new HumanMessage("remove the speckled mug from my cart");
    expect(calls(copilot().decide([human]))).toEqual([{ name: "get_cart", args: {} }]);
    const cart = { invoice: { id: "inv", totalCents: 1, items: [{ id: "line-1", title: "Enamel camp mug" }, { id: "line-2", title: "Speckled ceramic mug" }] }, items: [], refundPolicy: "" };
    expect(calls(copilot().decide([human, ...toolTurn("get_cart", {}, cart)]))).toEqual([{ name: "remove_from_cart", args: { id: "line-2" } }]);
  });
});

describe("MOQ limits to filter buckets", () => {
  it.each([
    ["under MOQ 50", { max: 50 }, ["0_100"]],
    ["MOQ 500", { max: 500 }, ["0_100", "100_1000"]],
    ["moq under 2,000", { max: 2000 }, ["0_100", "100_1000", "1000_PLUS"]],
    ["MOQ over 1000", { min: 1000 }, ["1000_PLUS"]],
    ["at least 300 units", { min: 300 }, ["100_1000", "1000_PLUS"]],
  ])("%s", (text, limit, buckets) => {
    expect(parseMoqLimit(text)).toEqual(limit);
    expect(moqBucketsFor(limit)).toEqual(buckets);
  });
});
