import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { offlineAssistant as copilot, calls, answer, toolTurn } from "./tool-fixture";

const item = (extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(), sku: "TEE-BLK-M", title: "Heavyweight tee, black, M", onHand: 40, reserved: 3, incoming: 0, available: 37, stock: "IN_STOCK", lowStock: false, lowStockThreshold: 5,
  bins: [{ bin: "A-01", onHand: 40, reserved: 3, incoming: 0, available: 37 }], ...extra,
});
const detail = (extra: Record<string, unknown> = {}) => ({
  ...item(extra),
  movements: [{ id: crypto.randomUUID(), bin: "A-01", kind: "RESERVED", reason: null, onHandChange: 0, reservedChange: 3, onHandAfter: 40, reservedAfter: 3, note: "", orderNumber: 1001, actor: { userName: "ada", rule: null }, createdAt: "2026-11-25T10:00:00.000Z" }],
});
const page = (list: unknown[]) => ({ list, total: list.length, page: 0, size: 10, counts: { ALL: 5, LOW_STOCK: 1, OUT_OF_STOCK: 1 } });

describe("offline copilot: inventory", () => {
  it.each([
    ["what's low on stock?", "LOW_STOCK"],
    ["whats runing low in my invetory", "LOW_STOCK"],
    ["what should I reorder", "LOW_STOCK"],
    ["what is out of stock", "OUT_OF_STOCK"],
    ["anything sold out?", "OUT_OF_STOCK"],
  ])("lists a stock tab: %s", (text, filter) => {
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "list_inventory", args: { filter, sort: "available", size: 10 } }]);
    const low = item({ sku: "TEE-BLK-L", title: "Heavyweight tee, black, L", available: 4, onHand: 4, reserved: 0, lowStock: true, bins: [{ bin: "A-01", onHand: 4, reserved: 0, incoming: 0, available: 4 }] });
    const said = answer(copilot().decide([new HumanMessage(text), ...toolTurn("list_inventory", { filter, size: 10 }, page([low]))]));
    expect(said).toContain(`1 product is ${filter === "LOW_STOCK" ? "low on stock" : "out of stock"}:`);
    expect(said).toContain("- TEE-BLK-L (Heavyweight tee, black, L) — 4 available, 0 reserved by open orders, 4 on hand; low stock (A-01: 4 available of 4)");
  });

  it("says so when nothing is low", () => {
    const said = answer(copilot().decide([new HumanMessage("what's low on stock"), ...toolTurn("list_inventory", { filter: "LOW_STOCK" }, page([]))]));
    expect(said).toBe("Nothing is low on stock right now.");
  });

  it.each(["how many TEE-BLK-M do I have?", "stock of tee-blk-m", "how many tee-blk-m are left"])("reads one SKU with its bins and latest changes: %s", (text) => {
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "get_inventory_item", args: { sku: "TEE-BLK-M" } }]);
    const said = answer(copilot().decide([new HumanMessage(text), ...toolTurn("get_inventory_item", { sku: "TEE-BLK-M" }, detail())]));
    expect(said).toContain("TEE-BLK-M (Heavyweight tee, black, M) — 37 available, 3 reserved by open orders, 40 on hand; in stock");
    expect(said).toContain("- reserved: 3 in A-01, order #1001");
  });

  it("searches by a product word when no SKU is named", () => {
    expect(calls(copilot().decide([new HumanMessage("how many black tees do I have in stock")]))).toEqual([{ name: "list_inventory", args: { search: "tee", size: 10 } }]);
  });

  it.each([
    ["we lost 3 CAP-RED", { sku: "CAP-RED", change: -3, reason: "LOST" }],
    ["2 TEE-BLK-M were damaged", { sku: "TEE-BLK-M", change: -2, reason: "DAMAGED" }],
    ["found 4 TEE-BLK-M in bin B-02", { sku: "TEE-BLK-M", change: 4, reason: "FOUND", bin: "B-02" }],
    ["add 10 mug-enamel, received from the supplier", { sku: "MUG-ENAMEL", change: 10, reason: "FOUND" }],
    ["remove 1 TOTE-NAT", { sku: "TOTE-NAT", change: -1, reason: "COUNT_CORRECTION" }],
  ])("adjusts stock with the reason said: %s", (text, args) => {
    const expected = text.startsWith("add 10") ? { sku: "MUG-ENAMEL", change: 10, reason: "RECEIVED" } : args;
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "adjust_inventory", args: expected }]);
  });

  it("confirms an adjustment with the new numbers", () => {
    const thread = [new HumanMessage("we lost 3 TEE-BLK-M"), ...toolTurn("adjust_inventory", { sku: "TEE-BLK-M", change: -3, reason: "LOST" }, detail({ onHand: 37, available: 34 }))];
    expect(answer(copilot().decide(thread))).toBe("Done: removed 3 TEE-BLK-M in A-01. 34 available now (37 on hand, 3 reserved).");
  });

  it("asks how many when no number is given", () => {
    expect(answer(copilot().decide([new HumanMessage("we lost some CAP-RED units 0")]))).toContain("How many units of CAP-RED?");
  });

  it("leaves order requests to the orders intents", () => {
    expect(calls(copilot().decide([new HumanMessage("show my orders on hold")]))).toEqual([{ name: "list_orders", args: { filter: "ON_HOLD", size: 10 } }]);
  });
});
