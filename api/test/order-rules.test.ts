import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderRules, orders } from "@atelier/contracts";
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
