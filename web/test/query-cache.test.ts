import { afterEach, describe, expect, it } from "vitest";
import { payments, plans, purchasing, stores } from "@atelier/contracts";
import { clearQueryCache, invalidate, onInvalidate, setQueryLoader, snapshotOf, subscribe, ensureLoading, tagsInvalidatedBy } from "../src/api/query-cache";
import { invalidatingAfterTools, toolResultsIn } from "../src/chat/tool-invalidation";

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
});
