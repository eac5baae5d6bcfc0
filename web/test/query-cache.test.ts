import { afterEach, describe, expect, it } from "vitest";
import { orders, payments, plans, purchasing, stores } from "@atelier/contracts";
import { clearQueryCache, invalidate, onInvalidate, setQueryLoader, snapshotOf, subscribe, ensureLoading, tagsInvalidatedBy } from "../src/api/query-cache";
import { invalidatingAfterTools, keysInvalidatedByTool, toolResultsIn } from "../src/chat/tool-invalidation";

afterEach(() => clearQueryCache());

/** A loader that counts loads per contract and answers at once. */
function countingLoader() {
  const loads: string[] = [];
  setQueryLoader(async (contract) => {
    loads.push(contract.id);
    return { n: loads.length };
  });
  return loads;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the one query cache", () => {
  it("loads a shown query once for two panels, and again after a change to linked billing data", async () => {
    const loads = countingLoader();
    const stop = [subscribe(plans.getAiCredits, {}, () => undefined), subscribe(plans.getAiCredits, {}, () => undefined)];
    ensureLoading(plans.getAiCredits, {});
    ensureLoading(plans.getAiCredits, {});
    await settle();
    expect(loads).toEqual(["getAiCredits"]);
    // An upgrade (tag plans) moves the credit tiers; a card change (payments) moves the plan card.
    invalidate(tagsInvalidatedBy(plans.upgradePlan));
    await settle();
    expect(loads).toEqual(["getAiCredits", "getAiCredits"]);
    expect(tagsInvalidatedBy(payments.detachPaymentMethod)).toEqual(expect.arrayContaining(["payments", "plans", "purchasing", "stores"]));
    expect(tagsInvalidatedBy(purchasing.payCreatorInvoice)).toEqual(expect.arrayContaining(["payments", "purchasing"]));
    invalidate(["catalog"]);
    await settle();
    expect(loads).toHaveLength(2);
    stop.forEach((s) => s());
  });

  it("drops queries no screen shows, tells listeners the keys, and forgets everything on clear", async () => {
    const loads = countingLoader();
    const seen: string[][] = [];
    const off = onInvalidate((keys) => seen.push([...keys]));
    ensureLoading(stores.getMyStore, {});
    await settle();
    expect(snapshotOf(stores.getMyStore, {}).data).toEqual({ n: 1 });
    invalidate(["getMyStore"]);
    expect(snapshotOf(stores.getMyStore, {}).data).toBeNull();
    expect(loads).toHaveLength(1);
    expect(seen).toEqual([["getMyStore"]]);
    off();
  });
});

describe("tool results from an agent run", () => {
  const update = (name: string) => ({ event: "updates", data: { tools: { messages: [{ type: "tool", name, content: "{}", tool_call_id: "c1" }] } } });

  it("finds tool results in update events only", () => {
    expect(toolResultsIn(update("upgrade_plan"))).toEqual(["upgrade_plan"]);
    expect(toolResultsIn({ event: "messages", data: [{ type: "tool", name: "upgrade_plan" }] })).toEqual([]);
  });

  it("makes shown screens load again after a tool that changes data, not after a read", async () => {
    const loads = countingLoader();
    const stop = subscribe(plans.getPlanOverview, {}, () => undefined);
    ensureLoading(plans.getPlanOverview, {});
    await settle();
    async function* run() {
      yield update("get_plan");
      yield update("upgrade_plan");
    }
    const passed = [];
    for await (const e of invalidatingAfterTools(run())) {
      passed.push(e);
      await settle();
      if (passed.length === 1) expect(loads).toHaveLength(1);
    }
    expect(passed).toHaveLength(2);
    expect(loads).toEqual(["getPlanOverview", "getPlanOverview"]);
    stop();
  });

  it("maps each tool through its contract to the tags it moves; reads move none, an unknown tool everything", () => {
    expect(keysInvalidatedByTool("get_plan")).toEqual([]);
    expect(keysInvalidatedByTool("list_orders")).toEqual([]);
    expect(keysInvalidatedByTool("hold_order")).toEqual(["orders"]);
    expect(keysInvalidatedByTool("upgrade_plan")).toEqual(expect.arrayContaining(["plans", "payments", "stores"]));
    expect(keysInvalidatedByTool("upgrade_plan")).not.toContain("orders");
    expect(keysInvalidatedByTool("tool_from_a_newer_server")).toBe("all");
  });

  it("refreshes only the screens a tool's contract touches, and every screen after an unknown tool", async () => {
    const loads = countingLoader();
    const stop = [subscribe(plans.getPlanOverview, {}, () => undefined), subscribe(orders.getOrder, { params: { id: "1043" } }, () => undefined)];
    ensureLoading(plans.getPlanOverview, {});
    ensureLoading(orders.getOrder, { params: { id: "1043" } });
    await settle();
    expect(loads.sort()).toEqual(["getOrder", "getPlanOverview"]);
    async function* run() {
      yield update("hold_order");
      yield update("tool_from_a_newer_server");
    }
    // Each event's invalidation runs once the consumer has taken the event, before the next one.
    const seen: string[][] = [];
    for await (const _ of invalidatingAfterTools(run())) {
      await settle();
      seen.push([...loads]);
    }
    await settle();
    // The hold reloads the order only; the plan card keeps its answer until the unknown tool.
    expect(seen[1]!.slice(2)).toEqual(["getOrder"]);
    expect(loads.slice(3).sort()).toEqual(["getOrder", "getPlanOverview"]);
    stop.forEach((s) => s());
  });
});
