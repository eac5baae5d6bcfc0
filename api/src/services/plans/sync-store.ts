import { plans, type PlanType } from "@atelier/contracts";
import type { Queryable } from "../../db/pool";
import type { Subscription } from "../../providers/payments/types";
import { activateModule, expireModules, updateStoreSubscription } from "../../queries/plans";
import { publishAfterCommit } from "../../realtime";

/**
 * Writes the subscription onto the store record (plan_type and blueprint_subscription_*), which
 * GET /web/stores/me and plan gates read, and makes the plan's module the only active one. The
 * store's open tabs hear `plan.changed` once the transaction commits.
 */
export async function syncStoreSubscription(db: Queryable, storeId: string, sub: Subscription | null, planType: PlanType): Promise<void> {
  await updateStoreSubscription(db, storeId, {
    planType,
    subscriptionId: sub?.id ?? null,
    status: sub?.status ?? null,
    behavior: sub?.pausedAt ? sub.pauseBehavior : null,
    resumesAt: sub?.pausedAt ? sub.resumesAt : null,
    pausedAt: sub?.pausedAt ?? null,
  });
  const module = plans.MODULE_OF_PLAN[planType];
  await expireModules(db, storeId, module);
  if (module) await activateModule(db, storeId, module);
  publishAfterCommit(db, { name: "plan.changed", to: { storeId }, payload: { storeId, planType, subscriptionStatus: sub?.status ?? null } });
}
