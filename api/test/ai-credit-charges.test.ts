import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plans } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "./harness";
import { addCredits } from "../src/services/plans/add-credits";
import { chargeAiCredits, refundAiCredits, withAiCredits } from "../src/services/plans/charge-ai-credits";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const balanceOf = async (token: string) => (await as(api, token, plans.getAiCredits, {})).balance;

describe("idempotent AI-credit charges", () => {
  it("charges a key once under retries and races, and refunds it once", async () => {
    const owner = await registerUser(api);
    await addCredits(api.deps.pool, owner.store.id, 100, "Bought");
    const req = { key: "image:abc", amount: 40, reason: "Design images" };
    const raced = await Promise.all([1, 2, 3, 4].map(() => chargeAiCredits(api.deps.pool, owner.store.id, req)));
    expect(raced.filter((c) => !c.replayed)).toHaveLength(1);
    expect(raced.every((c) => c.balanceAfter === 60 && c.status === "CHARGED")).toBe(true);
    expect(await balanceOf(owner.token)).toBe(60);

    const refunds = await Promise.all([1, 2].map(() => refundAiCredits(api.deps.pool, owner.store.id, "image:abc")));
    expect(refunds.filter(Boolean)).toEqual([{ amount: 40, balance: 100 }]);
    expect(await balanceOf(owner.token)).toBe(100);
    expect(await refundAiCredits(api.deps.pool, owner.store.id, "never-charged")).toBeNull();

    // A retry of the failed work pays again, once.
    expect(await chargeAiCredits(api.deps.pool, owner.store.id, req)).toMatchObject({ replayed: false, balanceAfter: 60 });
    expect(await chargeAiCredits(api.deps.pool, owner.store.id, req)).toMatchObject({ replayed: true, balanceAfter: 60 });
    const ledger = await as(api, owner.token, plans.listAiCreditMovements, {});
    expect(ledger.list.map((m) => [m.delta, m.reason])).toEqual([
      [-40, "Design images"],
      [40, "Refund: Design images"],
      [-40, "Design images"],
      [100, "Bought"],
    ]);
  });

  it("never lets the balance go below zero, and records nothing under a key it could not charge", async () => {
    const owner = await registerUser(api);
    await addCredits(api.deps.pool, owner.store.id, 30, "Bought");
    const results = await Promise.allSettled([1, 2, 3].map((i) => chargeAiCredits(api.deps.pool, owner.store.id, { key: `k${i}`, amount: 20, reason: "Images" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "CONFLICT", message: "Not enough AI credits: 20 needed, 10 left. Buy more credits to continue." });
    expect(await balanceOf(owner.token)).toBe(10);
    await addCredits(api.deps.pool, owner.store.id, 50, "Bought");
    const key = results.findIndex((r) => r.status === "rejected") + 1;
    expect(await chargeAiCredits(api.deps.pool, owner.store.id, { key: `k${key}`, amount: 20, reason: "Images" })).toMatchObject({ replayed: false, balanceAfter: 40 });
    await expect(chargeAiCredits(api.deps.pool, owner.store.id, { key: "x", amount: 0, reason: "Nothing" })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("refunds when the paid work fails, and keeps the charge when it succeeds", async () => {
    const owner = await registerUser(api);
    const other = await registerUser(api);
    await addCredits(api.deps.pool, owner.store.id, 50, "Bought");
    await addCredits(api.deps.pool, other.store.id, 50, "Bought");
    const failed = withAiCredits(api.deps.pool, owner.store.id, { key: "w1", amount: 25, reason: "Images" }, async () => {
      throw new Error("model down");
    });
    await expect(failed).rejects.toThrow("model down");
    expect(await balanceOf(owner.token)).toBe(50);
    expect(await withAiCredits(api.deps.pool, owner.store.id, { key: "w2", amount: 25, reason: "Images" }, async (c) => c.balanceAfter)).toBe(25);
    // Keys are per store: the same key in another store is its own charge.
    expect(await chargeAiCredits(api.deps.pool, other.store.id, { key: "w2", amount: 25, reason: "Images" })).toMatchObject({ replayed: false, balanceAfter: 25 });
    expect(await balanceOf(owner.token)).toBe(25);
  });
});
