import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventory, orderRules, orders, receivings } from "@atelier/contracts";
import type { RuleAction, RuleCondition } from "@atelier/contracts/order-rules";
import { as, registerUser, startTestApi, type TestApi, expectError } from "./harness";
import { createOrder, manualOrderBody, previewStore, stockSku, teamMember } from "../../test/factories";
import { evaluateRules, type OrderFacts } from "../src/services/order-rules/evaluate-rules";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());


const BIG: RuleCondition = { field: "TOTAL", op: "GTE", cents: 10_000 };
const TO_CANADA: RuleCondition = { field: "COUNTRY", op: "IN", values: ["CA"] };
const HOLD: RuleAction = { type: "HOLD", reason: "Check customs papers for big Canadian orders" };

describe("rule evaluation (pure)", () => {
  const facts = (o: Partial<OrderFacts>): OrderFacts => ({ countryCode: "US", totalCents: 5000, origin: "MANUAL_RETAIL", skus: new Set(["TEE-BLK-M"]), tags: new Set(), weightGrams: 300, ...o });
  const rule = (id: string, r: { match?: "ALL" | "ANY"; conditions: RuleCondition[]; actions: RuleAction[] }) => ({ id, name: id, match: r.match ?? "ALL", ...r });

  it("tests each field, ALL and ANY, and lets a later rule see an earlier rule's tag", () => {
    const rules = [
      rule("tag-big", { conditions: [BIG], actions: [{ type: "TAG", tag: "big" }] }),
      rule("hold-big-ca", { conditions: [{ field: "TAG", op: "HAS", value: "big" }, TO_CANADA], actions: [HOLD] }),
      rule("heavy-or-mugs", { match: "ANY", conditions: [{ field: "WEIGHT", op: "GT", grams: 2000 }, { field: "SKU", op: "ANY", values: ["mug-01"] }], actions: [{ type: "USE_PACKAGING", packaging: "a double-wall box" }] }),
      rule("not-wholesale", { conditions: [{ field: "ORIGIN", op: "NOT_IN", values: ["MANUAL_WHOLESALE"] }], actions: [{ type: "ADD_INSERT", item: "a thank-you card" }] }),
    ];
    expect(evaluateRules(rules, facts({ countryCode: "CA", totalCents: 12_000 })).map((m) => m.rule.id)).toEqual(["tag-big", "hold-big-ca", "not-wholesale"]);
    expect(evaluateRules(rules, facts({ countryCode: "CA" })).map((m) => m.rule.id)).toEqual(["not-wholesale"]);
    expect(evaluateRules(rules, facts({ skus: new Set(["MUG-01"]), origin: "MANUAL_WHOLESALE" })).map((m) => m.rule.id)).toEqual(["heavy-or-mugs"]);
    expect(evaluateRules(rules, facts({ weightGrams: 2500, countryCode: null })).map((m) => m.rule.id)).toEqual(["heavy-or-mugs", "not-wholesale"]);
    expect(evaluateRules(rules, facts({ totalCents: 12_000 }))[0]!.tagsAdded).toEqual(["big"]);
  });
});

describe("fulfilment rules", () => {
  it("holds an arriving order in the rule's name, notes its other actions, and is released by a person", async () => {
    const owner = await registerUser(api);
    const call = <C extends Parameters<typeof as>[2]>(c: C, input: Parameters<typeof as<C>>[3]) => as(api, owner.token, c, input);
    await stockSku(api, owner.token, "TEE-BLK-M", 50);
    const tagBig = await call(orderRules.createOrderRule, { body: { name: "Tag big orders", conditions: [BIG], actions: [{ type: "TAG", tag: "Big" }, { type: "ADD_INSERT", item: "a thank-you card" }], enabled: true } });
    expect(tagBig).toMatchObject({ position: 1, enabled: true, sentence: 'When an order totals at least $100.00, it tags it "big" and adds a thank-you card to the box.' });
    const hold = await call(orderRules.createOrderRule, { body: { name: "Hold big Canadian orders", conditions: [{ field: "TAG", op: "HAS", value: "big" }, TO_CANADA], actions: [HOLD] } });
    expect(hold).toMatchObject({ position: 2, enabled: false });

    // Disabled, it holds nothing.
    const ca = manualOrderBody([{ sku: "TEE-BLK-M", quantity: 5, unitPriceCents: 2500 }]);
    ca.shippingAddress = { ...ca.shippingAddress, countryCode: "CA", region: "BC", city: "Vancouver", postalCode: "V5K 0A1" };
    expect((await call(orders.createManualRetailOrder, { body: ca })).processingStatus).toBe("OUTSTANDING");

    await call(orderRules.updateOrderRule, { params: { id: hold.id }, body: { enabled: true } });
    const held = await call(orders.createManualRetailOrder, { body: ca });
    expect(held.processingStatus).toBe("ON_HOLD");
    expect(held.holds).toHaveLength(1);
    expect(held.holds[0]).toMatchObject({ reason: HOLD.type === "HOLD" ? HOLD.reason : "", setBy: { rule: "Hold big Canadian orders", userId: null } });
    expect(held.timeline.find((e) => e.actor.rule === "Tag big orders")?.message).toBe('The rule "Tag big orders" tags it "big" and adds a thank-you card to the box.');

    // A small US order passes untouched.
    const small = await call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 1 }]) });
    expect(small).toMatchObject({ processingStatus: "OUTSTANDING", holds: [] });

    const released = await call(orders.releaseOrderHold, { params: { id: held.id, holdId: held.holds[0]!.id }, body: { note: "Papers are fine" } });
    expect(released.processingStatus).toBe("OUTSTANDING");
    expect(released.holds[0]!.releasedBy).toMatchObject({ userId: owner.user.id, rule: null });

    const list = await call(orderRules.listOrderRules, {});
    expect(list).toMatchObject({ total: 2, enabled: 2 });
    expect(list.list.map((r) => [r.name, r.appliedCount])).toEqual([["Tag big orders", 2], ["Hold big Canadian orders", 1]]);
  });

  it("dry-runs a draft or a saved rule over the last 30 days without changing an order", async () => {
    const owner = await registerUser(api);
    const day = 86_400_000;
    await createOrder(api, owner.store.id, { orderNumber: 2001, totalCents: 15_000, placedAt: new Date(Date.now() - 2 * day).toISOString() });
    await createOrder(api, owner.store.id, { orderNumber: 2002, totalCents: 20_000, placedAt: new Date(Date.now() - 40 * day).toISOString() });
    await createOrder(api, owner.store.id, { orderNumber: 2003, totalCents: 3_000 });
    await createOrder(api, owner.store.id, { orderNumber: 2004, totalCents: 30_000, cancellationState: "CANCELED" });
    await createOrder(api, owner.store.id, { orderNumber: 2005, totalCents: 12_000, processingStatus: "FINISHED", fulfillmentState: "FULFILLED" });
    const run = await as(api, owner.token, orderRules.dryRunOrderRule, { body: { conditions: [BIG], actions: [{ type: "HOLD", reason: "Review big orders" }] } });
    expect(run).toMatchObject({ days: 30, examined: 3, matched: 2, wouldHold: 1 });
    expect(run.orders.map((o) => o.orderNumber)).toEqual([2005, 2001]);
    expect(run.orders[0]!.effects).toEqual(["puts the order on hold: Review big orders"]);

    const saved = await as(api, owner.token, orderRules.createOrderRule, { body: { name: "US only", conditions: [{ field: "COUNTRY", op: "NOT_IN", values: ["US"] }], actions: [{ type: "SHIPPING_METHOD", method: "EXPEDITED" }] } });
    const none = await as(api, owner.token, orderRules.dryRunOrderRule, { body: { ruleId: saved.id } });
    expect(none).toMatchObject({ examined: 3, matched: 0, orders: [], sentence: "When an order does not ship to US, it ships it Expedited." });
    expect((await as(api, owner.token, orders.listOrders, { query: { filter: "ON_HOLD" } })).total).toBe(0);
  });

  it("reorders, renames and deletes, refusing bad lists and names", async () => {
    const owner = await registerUser(api);
    const mk = (name: string) => as(api, owner.token, orderRules.createOrderRule, { body: { name, conditions: [BIG], actions: [{ type: "TAG", tag: "x" }] } });
    const a = await mk("A");
    const b = await mk("B");
    const c = await mk("C");
    const re = await as(api, owner.token, orderRules.reorderOrderRules, { body: { ruleIds: [c.id, a.id, b.id] } });
    expect(re.list.map((r) => [r.name, r.position])).toEqual([["C", 1], ["A", 2], ["B", 3]]);
    await expectError(as(api, owner.token, orderRules.reorderOrderRules, { body: { ruleIds: [c.id, a.id] } }), 400, "body.ruleIds", /all 3 of your rules/);
    await expectError(as(api, owner.token, orderRules.reorderOrderRules, { body: { ruleIds: [c.id, a.id, a.id] } }), 400, "body.ruleIds", /each rule once/);
    await expectError(as(api, owner.token, orderRules.reorderOrderRules, { body: { ruleIds: [c.id, a.id, crypto.randomUUID()] } }), 400, "body.ruleIds.2", /not a rule of your store/);
    await expectError(as(api, owner.token, orderRules.updateOrderRule, { params: { id: a.id }, body: { name: "c" } }), 409);
    await expectError(mk("b"), 409);
    expect((await as(api, owner.token, orderRules.updateOrderRule, { params: { id: a.id }, body: { name: "Alpha", match: "ANY" } })).name).toBe("Alpha");
    expect(await as(api, owner.token, orderRules.deleteOrderRule, { params: { id: b.id } })).toEqual({ deleted: true });
    await expectError(as(api, owner.token, orderRules.getOrderRule, { params: { id: b.id } }), 404);
    expect((await as(api, owner.token, orderRules.getOrderRule, { params: { id: a.id } })).position).toBe(2);
    const vocab = await as(api, owner.token, orderRules.listOrderRuleActions, {});
    expect(vocab.conditions.map((x) => x.field)).toEqual(["COUNTRY", "TOTAL", "SKU", "TAG", "ORIGIN", "WEIGHT"]);
  });

  it("refuses bad conditions and actions with the field and the reason", async () => {
    const owner = await registerUser(api);
    const post = (b: unknown) => as(api, owner.token, orderRules.createOrderRule, { body: b as never });
    const ok = { name: "R", conditions: [BIG], actions: [HOLD] };
    await expectError(post({ ...ok, name: "" }), 400, "body.name", /must not be empty/);
    await expectError(post({ ...ok, conditions: [] }), 400, "body.conditions", /at least one condition/);
    await expectError(post({ ...ok, actions: [] }), 400, "body.actions", /at least one action/);
    await expectError(post({ ...ok, conditions: [{ field: "COUNTRY", op: "IN", values: ["Canada"] }] }), 400, "body.conditions.0.values.0", /two-letter/);
    await expectError(post({ ...ok, conditions: [{ field: "TOTAL", op: "GT", cents: 1.5 }] }), 400, "body.conditions.0.cents", /whole number/);
    await expectError(post({ ...ok, conditions: [{ field: "PRICE", op: "GT", cents: 1 }] }), 400, "body.conditions.0.field");
    await expectError(post({ ...ok, conditions: [{ field: "TOTAL", op: "LIKE", cents: 1 }] }), 400, "body.conditions.0.op");
    await expectError(post({ ...ok, actions: [{ type: "HOLD", reason: "x" }] }), 400, "body.actions.0.reason", /at least 3/);
    await expectError(post({ ...ok, actions: [{ type: "SHIPPING_METHOD", method: "ROCKET" }] }), 400, "body.actions.0.method");
    await expectError(post({ ...ok, conditions: [{ field: "TOTAL", op: "GT", cents: 1, eval: "1" }] }), 400);
    await expectError(as(api, owner.token, orderRules.dryRunOrderRule, { body: { actions: [HOLD] } }), 400, "body.conditions", /saved rule/);
    await expectError(as(api, owner.token, orderRules.updateOrderRule, { params: { id: crypto.randomUUID() }, body: {} }), 400, "body.name", /must change/);
  });

  it("keeps stores apart and lets only owners and admins change rules; preview accounts only read and dry-run", async () => {
    const owner = await registerUser(api);
    const other = await registerUser(api);
    const rule = await as(api, owner.token, orderRules.createOrderRule, { body: { name: "Hold all", conditions: [BIG], actions: [HOLD], enabled: true } });
    await expectError(as(api, other.token, orderRules.getOrderRule, { params: { id: rule.id } }), 404);
    await expectError(as(api, other.token, orderRules.updateOrderRule, { params: { id: rule.id }, body: { enabled: false } }), 404);
    await expectError(as(api, other.token, orderRules.deleteOrderRule, { params: { id: rule.id } }), 404);
    await expectError(as(api, other.token, orderRules.dryRunOrderRule, { body: { ruleId: rule.id } }), 404);
    await expectError(as(api, other.token, orderRules.reorderOrderRules, { body: { ruleIds: [rule.id] } }), 400, "body.ruleIds.0");
    expect((await as(api, other.token, orderRules.listOrderRules, {})).total).toBe(0);
    // Another store's rule never touches this store's orders.
    await stockSku(api, other.token, "TEE-BLK-M", 10);
    expect((await as(api, other.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 5, unitPriceCents: 5000 }]) })).processingStatus).toBe("OUTSTANDING");

    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, orderRules.listOrderRules, {})).total).toBe(1);
    expect((await as(api, cx.token, orderRules.dryRunOrderRule, { body: { ruleId: rule.id } })).examined).toBe(0);
    await expectError(as(api, cx.token, orderRules.updateOrderRule, { params: { id: rule.id }, body: { enabled: false } }), 403);
    await expectError(as(api, cx.token, orderRules.createOrderRule, { body: { name: "Mine", conditions: [BIG], actions: [HOLD] } }), 403);
    const admin = await teamMember(api, owner, "ADMIN");
    expect((await as(api, admin.token, orderRules.updateOrderRule, { params: { id: rule.id }, body: { enabled: false } })).enabled).toBe(false);

    const preview = await previewStore(api);
    expect((await as(api, preview.token, orderRules.dryRunOrderRule, { body: { conditions: [BIG], actions: [HOLD] } })).examined).toBe(0);
    await expectError(as(api, preview.token, orderRules.createOrderRule, { body: { name: "P", conditions: [BIG], actions: [HOLD] } }), 403);
    await expectError(api.client.call(orderRules.listOrderRules, {}), 401);
  });
});

describe("split by stock", () => {
  const EVERY: RuleCondition = { field: "TOTAL", op: "GTE", cents: 0 };
  const SPLIT_RULE = { name: "Split orders by stock", conditions: [EVERY], actions: [{ type: "SPLIT_BY_STOCK" as const }], enabled: true };
  type Detail = Awaited<ReturnType<typeof getOrder>>;
  const getOrder = (token: string, id: string) => as(api, token, orders.getOrder, { params: { id } });
  /** Reads the order until `done` holds (the fulfilment center and the backorder release are jobs). */
  async function orderWhen(token: string, id: string, done: (o: Detail) => boolean): Promise<Detail> {
    for (let i = 0; i < 300; i++) {
      const o = await getOrder(token, id);
      if (done(o)) return o;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`Order ${id} never reached the expected state`);
  }
  // A part's lines come in the order's line order: the order they were written in (migration 0430).
  const partsOf = (o: Detail) => o.parts.map((p) => [p.position, p.status, p.lines.map((l) => `${l.quantity} ${l.sku}`)]);
  const stockOf = async (token: string, sku: string) => {
    const item = await as(api, token, inventory.getInventoryItem, { params: { sku } });
    return { onHand: item.onHand, reserved: item.reserved };
  };

  it("ships what is in stock now, keeps the rest as a backorder that opens when a receiving brings stock, and ships it second", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 5);
    await stockSku(api, owner.token, "MUG-01", 1);
    const rule = await as(api, owner.token, orderRules.createOrderRule, { body: SPLIT_RULE });
    expect(rule.sentence).toBe("When an order arrives, it ships what is in stock now and keeps the rest as a backorder until stock arrives.");

    const placed = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 2 }, { sku: "MUG-01", quantity: 3 }]) });
    expect(placed.processingStatus).toBe("OUTSTANDING");
    expect(partsOf(placed)).toEqual([[1, "OPEN", ["2 TEE-BLK-M", "1 MUG-01"]], [2, "WAITING", ["2 MUG-01"]]]);
    expect(placed.parts[1]).toMatchObject({ waitReason: "Waiting for stock: MUG-01 (wanted 3, 1 available)", splitByRule: "Split orders by stock" });
    // The inventory's hold is released by the rule, and the ledger says what split.
    expect(placed.holds).toMatchObject([{ setBy: { rule: "Out of stock" }, releasedBy: { rule: "Split orders by stock", userId: null } }]);
    expect(placed.timeline.map((e) => e.message)).toContain('Split by the rule "Split orders by stock": 2 × TEE-BLK-M and 1 × MUG-01 can ship now; 2 × MUG-01 wait for stock as a backorder.');
    expect(await stockOf(owner.token, "MUG-01")).toEqual({ onHand: 1, reserved: 1 });

    await as(api, owner.token, orders.submitOrderFulfilment, { params: { id: placed.id } });
    const partly = await orderWhen(owner.token, placed.id, (o) => o.fulfillmentState === "PARTIAL");
    expect(partly.processingStatus).toBe("OUTSTANDING");
    expect(partsOf(partly).map((p) => p[1])).toEqual(["SHIPPED", "WAITING"]);
    expect(partly.lines.map((l) => [l.sku, l.fulfilledQuantity])).toEqual([["TEE-BLK-M", 2], ["MUG-01", 1]]);
    expect(await stockOf(owner.token, "MUG-01")).toEqual({ onHand: 0, reserved: 0 });

    // A receiving brings 4 mugs: the backorder reserves its 2 and can ship.
    const receiving = await as(api, owner.token, receivings.createReceiving, { body: { supplierName: "Jingdezhen Ceramics", lines: [{ sku: "MUG-01", expectedQuantity: 4 }] } });
    await as(api, owner.token, receivings.receiveReceiving, { params: { sn: receiving.sn }, body: { lines: [{ sku: "MUG-01", received: 4 }] } });
    const opened = await orderWhen(owner.token, placed.id, (o) => o.parts[1]?.status === "OPEN");
    expect(opened.timeline.at(-1)?.message).toBe(`Stock counted in on ${receiving.sn}: the backorder (2 × MUG-01) is reserved and can ship now`);
    expect(await stockOf(owner.token, "MUG-01")).toEqual({ onHand: 4, reserved: 2 });

    await as(api, owner.token, orders.submitOrderFulfilment, { params: { id: placed.id } });
    const done = await orderWhen(owner.token, placed.id, (o) => o.fulfillmentState === "FULFILLED");
    expect(partsOf(done).map((p) => p[1])).toEqual(["SHIPPED", "SHIPPED"]);
    expect(done.shipments.filter((s) => s.status === "SHIPPED")).toHaveLength(2);
    expect(await stockOf(owner.token, "MUG-01")).toEqual({ onHand: 2, reserved: 0 });
  });

  it("cancels both parts with the order, splits only an order that arrived short with something in stock, and dry-runs", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 4);
    await stockSku(api, owner.token, "MUG-01", 0);
    // Placed before the rule: the dry run finds both, as each arrived short (the stock of that moment is not kept).
    const before = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 1 }, { sku: "MUG-01", quantity: 1 }]) });
    const noneInStock = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "MUG-01", quantity: 2 }]) });
    expect(before.processingStatus).toBe("ON_HOLD");
    const run = await as(api, owner.token, orderRules.dryRunOrderRule, { body: { conditions: [EVERY], actions: [{ type: "SPLIT_BY_STOCK" }] } });
    expect(run).toMatchObject({ examined: 2, matched: 2, wouldSplit: 2, wouldHold: 0 });
    expect(run.orders.map((o) => [o.orderNumber, o.effects])).toEqual([
      [noneInStock.orderNumber, ["ships what is in stock now and keeps the rest as a backorder until stock arrives"]],
      [before.orderNumber, ["ships what is in stock now and keeps the rest as a backorder until stock arrives"]],
    ]);
    await as(api, owner.token, orderRules.createOrderRule, { body: SPLIT_RULE });

    // Nothing short: one part, nothing split. Nothing in stock: it stays whole, on the inventory's hold.
    const inStock = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 1 }]) });
    expect(inStock).toMatchObject({ processingStatus: "OUTSTANDING", parts: [] });
    const empty = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "MUG-01", quantity: 1 }]) });
    expect(empty).toMatchObject({ processingStatus: "ON_HOLD", parts: [] });

    const split = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 2 }, { sku: "MUG-01", quantity: 1 }]) });
    expect(partsOf(split)).toEqual([[1, "OPEN", ["2 TEE-BLK-M"]], [2, "WAITING", ["1 MUG-01"]]]);
    expect(await stockOf(owner.token, "TEE-BLK-M")).toEqual({ onHand: 4, reserved: 3 });
    const canceled = await as(api, owner.token, orders.cancelOrder, { params: { id: split.id }, body: { reason: "The buyer changed their mind" } });
    expect(partsOf(canceled).map((p) => p[1])).toEqual(["CANCELED", "CANCELED"]);
    expect(await stockOf(owner.token, "TEE-BLK-M")).toEqual({ onHand: 4, reserved: 1 });

    // Stock arriving later opens nothing of a canceled order; another store's rule splits nothing here.
    await as(api, owner.token, inventory.adjustInventory, { params: { sku: "MUG-01" }, body: { change: 1, reason: "FOUND" } });
    expect(partsOf(await getOrder(owner.token, split.id)).map((p) => p[1])).toEqual(["CANCELED", "CANCELED"]);
    const other = await registerUser(api);
    await expectError(as(api, other.token, orders.getOrder, { params: { id: split.id } }), 404);
  });
});
