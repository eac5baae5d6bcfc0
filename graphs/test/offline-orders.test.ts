import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { buildScreenContext } from "@atelier/contracts/agent-context";
import { offlineAssistant as copilot, calls, answer, toolTurn } from "./tool-fixture";

const orderId = crypto.randomUUID();
const hold = (reason: string, extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(), reason, setBy: { userId: null, userName: null, rule: "Address check" }, createdAt: "2026-11-20T10:00:00.000Z", releasedAt: null, releasedBy: null, releaseNote: null, ...extra,
});
const order = (extra: Record<string, unknown> = {}) => ({
  id: orderId, orderNumber: 1043, customerName: "Ada Lovelace", email: "ada@example.com", totalCents: 4200, processingStatus: "ON_HOLD", fulfillmentState: "NONE", cancellationState: "NONE",
  placedAt: "2026-11-19T10:00:00.000Z", lines: [{ sku: "TEE-BLK-M", title: "Heavyweight tee", quantity: 2 }], holds: [hold("Address could not be verified by the carrier")], ...extra,
});
const orderScreen = buildScreenContext({ route: "/order-details/:id", path: `/order-details/${orderId}`, entity: { type: "order", id: orderId } });

describe("offline copilot: orders", () => {
  it.each(["why is #1043 on hold?", "why is order 1043 on hodl", "whats the reason 1043 is on hold?", "Why is oder #1043 held"])("asks for the order and explains its holds: %s", (text) => {
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "get_order", args: { id: "1043" } }]);
    const thread = [new HumanMessage(text), ...toolTurn("get_order", { id: "1043" }, order())];
    const said = answer(copilot().decide(thread));
    expect(said).toContain("Order #1043 (Ada Lovelace, $42.00) is on hold because:");
    expect(said).toContain("- Address could not be verified by the carrier — set by the Address check rule on 2026-11-20");
  });

  it("says when the order is not on hold", () => {
    const thread = [new HumanMessage("why is #1043 on hold?"), ...toolTurn("get_order", { id: "1043" }, order({ processingStatus: "PROCESSING", holds: [] }))];
    expect(answer(copilot().decide(thread))).toBe("Order #1043 isn't on hold: it's processing.");
  });

  it.each([
    ["hold order 1043 because the address looks wrong", "The address looks wrong"],
    ["hold ordr 1043 becuase the adress looks wrong", "The adress looks wrong"],
    ["please put #1043 on hodl - customer wants to change size", "Customer wants to change size"],
  ])("holds an order with the reason given: %s", (text, reason) => {
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "hold_order", args: { id: "1043", reason } }]);
    const thread = [new HumanMessage(text), ...toolTurn("hold_order", { id: "1043", reason }, order({ holds: [hold(reason)] }))];
    expect(answer(copilot().decide(thread))).toBe(`Order #1043 is on hold: ${reason}. It won't ship until the hold is released.`);
  });

  it("asks for a reason before holding", () => {
    expect(answer(copilot().decide([new HumanMessage("hold order 1043")]))).toMatch(/Why should order #1043 wait\?/);
  });

  it("resolves 'this order' from the screen", () => {
    const step = copilot().decide([new HumanMessage("hold this order because the address looks wrong")], { screen: orderScreen });
    expect(calls(step)).toEqual([{ name: "hold_order", args: { id: orderId, reason: "The address looks wrong" } }]);
    expect(calls(copilot().decide([new HumanMessage("why is this order on hold?")], { screen: orderScreen }))).toEqual([{ name: "get_order", args: { id: orderId } }]);
  });

  it.each(["show my orders on hold", "show my oders on hold", "lsit my orders on hlod", "which orders are on hold?"])("lists the ON_HOLD tab: %s", (text) => {
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "list_orders", args: { filter: "ON_HOLD", size: 10 } }]);
    const thread = [new HumanMessage(text), ...toolTurn("list_orders", { filter: "ON_HOLD", size: 10 }, { list: [{ ...order(), openHolds: 2 }], total: 1, page: 0, size: 10 })];
    const said = answer(copilot().decide(thread));
    expect(said).toContain("Your orders on hold (1):");
    expect(said).toContain("- #1043 — Ada Lovelace, $42.00, placed 2026-11-19, 2 open holds");
  });

  it("lists other tabs and keeps supplier purchases out of it", () => {
    expect(calls(copilot().decide([new HumanMessage("show my returned orders")]))).toEqual([{ name: "list_orders", args: { filter: "RETURNS", size: 10 } }]);
    expect(calls(copilot().decide([new HumanMessage("show my sample orders")])).map((c) => c.name)).not.toContain("list_orders");
  });

  it("releases the only open hold after reading the order, and asks which when several are open", () => {
    const text = "release the hold on #1043";
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "get_order", args: { id: "1043" } }]);
    const one = order();
    const step = copilot().decide([new HumanMessage(text), ...toolTurn("get_order", { id: "1043" }, one)]);
    expect(calls(step)).toEqual([{ name: "release_order_hold", args: { id: orderId, holdId: one.holds[0]!.id } }]);
    const two = order({ holds: [hold("Address could not be verified"), hold("Fraud review")] });
    expect(answer(copilot().decide([new HumanMessage(text), ...toolTurn("get_order", { id: "1043" }, two)]))).toMatch(/has 2 open holds — which one\?/);
    const fraud = copilot().decide([new HumanMessage("release the fraud hold on 1043"), ...toolTurn("get_order", { id: "1043" }, two)]);
    expect(calls(fraud)).toEqual([{ name: "release_order_hold", args: { id: orderId, holdId: two.holds[1]!.id } }]);
  });

  it("cancels with a reason and notes orders; a plan cancellation stays the plan's", () => {
    expect(calls(copilot().decide([new HumanMessage("cancel order 1043 because the customer asked")]))).toEqual([{ name: "cancel_order", args: { id: "1043", reason: "The customer asked" } }]);
    expect(calls(copilot().decide([new HumanMessage("add a note to order 1043: customer called about gift wrap")]))).toEqual([{ name: "add_order_note", args: { id: "1043", note: "customer called about gift wrap" } }]);
    expect(answer(copilot().decide([new HumanMessage("cancel my plan")]))).toMatch(/cancellation survey/);
  });
});

describe("offline copilot: sending orders to the fulfilment center and tracking them", () => {
  const shipment = (extra: Record<string, unknown> = {}) => ({
    id: crypto.randomUUID(), status: "SHIPPED", carrier: "Atelier Post", service: "Ground", trackingNumber: "LA473124829US", trackingUrl: "/track-order?tracking=LA473124829US", lastError: null,
    createdAt: "2026-11-25T10:00:00.000Z", updatedAt: "2026-11-25T10:05:00.000Z", shippedAt: "2026-11-25T10:05:00.000Z", ...extra,
  });
  const open = (extra: Record<string, unknown> = {}) => order({ processingStatus: "OUTSTANDING", holds: [], shipments: [], actions: { fulfil: { allowed: true, reason: null } }, ...extra });

  it.each(["ship order 1043", "send #1043 to the fulfilment center", "please fulfil order 1043", "fullfill ordr 1043"])("sends the order: %s", (text) => {
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "send_order_to_fulfilment", args: { id: "1043" } }]);
    const said = answer(copilot().decide([new HumanMessage(text), ...toolTurn("send_order_to_fulfilment", { id: "1043" }, open({ processingStatus: "PROCESSING" }))]));
    expect(said).toBe('Order #1043 is on its way to the fulfilment center: it will be accepted, picked, packed and shipped. Ask "where is order 1043?" for the tracking number.');
  });

  it("sends the order on the screen", () => {
    const step = copilot().decide([new HumanMessage("ship it")], { screen: orderScreen });
    expect(calls(step)).toEqual([{ name: "send_order_to_fulfilment", args: { id: orderId } }]);
  });

  it.each([
    ["where is order 1043?", shipment(), "Order #1043 shipped on 2026-11-25 with Atelier Post Ground, tracking number LA473124829US."],
    ["tracking for #1043", shipment({ status: "PACKED", trackingNumber: null, shippedAt: null }), "Order #1043 is at the fulfilment center: packed (accepted → picked → packed → shipped)."],
    ["has 1043 shipped", shipment({ status: "FAILED", trackingNumber: null, lastError: "The fulfilment center failed after 5 attempts." }), 'The fulfilment center couldn\'t ship order #1043: The fulfilment center failed after 5 attempts. Say "ship order 1043" to send it again.'],
  ])("tracks the order: %s", (text, s, said) => {
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "get_order", args: { id: "1043" } }]);
    expect(answer(copilot().decide([new HumanMessage(text), ...toolTurn("get_order", { id: "1043" }, open({ shipments: [s] }))]))).toBe(said);
  });

  it("says when the order hasn't been sent yet", () => {
    expect(answer(copilot().decide([new HumanMessage("where's order 1043"), ...toolTurn("get_order", { id: "1043" }, open())]))).toBe('Order #1043 hasn\'t been sent to the fulfilment center yet (it\'s outstanding). Say "ship order 1043" to send it.');
  });
});
