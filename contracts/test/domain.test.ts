import { describe, expect, it } from "vitest";
import { PLAN_TYPES, SUBSCRIPTION_STATUSES, UPGRADE_TARGET, isSubscriptionActive, isSubscriptionPaused, planAtLeast, type PlanType } from "../src/domain";

// The plan and subscription rules every screen and service reads; the API's plan tests cover
// them through HTTP for the common cases, these walk every value.

describe("isSubscriptionActive", () => {
  it.each([
    ["ACTIVE", true],
    ["TRIALING", true],
    ["PAST_DUE", true],
    ["UNPAID", false],
    ["CANCELED", false],
    ["INCOMPLETE", false],
    ["INCOMPLETE_EXPIRED", false],
  ] as const)("%s → %s", (status, active) => {
    expect(isSubscriptionActive(status)).toBe(active);
  });

  it("covers every status, and no subscription is not active", () => {
    expect([...SUBSCRIPTION_STATUSES].sort()).toEqual(["ACTIVE", "CANCELED", "INCOMPLETE", "INCOMPLETE_EXPIRED", "PAST_DUE", "TRIALING", "UNPAID"]);
    expect(isSubscriptionActive(null)).toBe(false);
    expect(isSubscriptionActive(undefined)).toBe(false);
  });
});

describe("isSubscriptionPaused", () => {
  const pausedAt = "2030-01-01T00:00:00.000Z";

  it.each(SUBSCRIPTION_STATUSES.map((s) => [s, s !== "CANCELED"] as const))("%s with a pause time → paused: %s", (status, paused) => {
    expect(isSubscriptionPaused(status, pausedAt)).toBe(paused);
  });

  it("is never paused without a pause time", () => {
    for (const status of [...SUBSCRIPTION_STATUSES, null, undefined]) {
      for (const none of [null, undefined, ""]) expect(isSubscriptionPaused(status, none)).toBe(false);
    }
  });
});

describe("planAtLeast", () => {
  // Written out rather than derived from PLAN_RANK, so a wrong rank fails here.
  const order: PlanType[] = ["TIER_1", "TIER_2", "TIER_2_5", "TIER_3"];

  it("orders Free < Beginner < Scaling < Professional", () => {
    expect([...PLAN_TYPES]).toEqual(order);
    for (const [i, plan] of order.entries()) {
      for (const [j, min] of order.entries()) expect(planAtLeast(plan, min), `${plan} ≥ ${min}`).toBe(i >= j);
    }
  });

  it("lets Scaling through a Beginner gate and not a Professional one", () => {
    expect(planAtLeast("TIER_2_5", "TIER_2")).toBe(true);
    expect(planAtLeast("TIER_2_5", "TIER_3")).toBe(false);
    expect(planAtLeast("TIER_2", "TIER_2_5")).toBe(false);
  });
});

describe("UPGRADE_TARGET", () => {
  it("sends Free to Beginner, Beginner and Scaling to Professional, and Professional nowhere", () => {
    expect(UPGRADE_TARGET).toEqual({ TIER_1: "TIER_2", TIER_2: "TIER_3", TIER_2_5: "TIER_3", TIER_3: null });
  });

  it("always targets a higher plan", () => {
    for (const plan of PLAN_TYPES) {
      const target = UPGRADE_TARGET[plan];
      if (target) expect(planAtLeast(target, plan) && !planAtLeast(plan, target), `${plan} → ${target}`).toBe(true);
    }
  });
});
