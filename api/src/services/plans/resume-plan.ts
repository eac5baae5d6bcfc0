import { isSubscriptionPaused } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import { getStorePlan } from "../../queries/stores";
import type { Subscription } from "../../providers/payments/types";
import { buildPlanOverview, type PlanOverview } from "./get-plan-overview";
import { currentSubscription } from "./current-subscription";
import { syncStoreSubscription } from "./sync-store";

/** Resumes the store's paused plan. */
export async function resumePlan(ctx: UserContext): Promise<{ result: "PLAN_RESUMED"; plan: PlanOverview }> {
  await resumeSubscription(ctx, await currentSubscription(ctx));
  return { result: "PLAN_RESUMED", plan: await buildPlanOverview(ctx) };
}

/** Resumes one paused subscription of the caller's store. */
export async function resumeSubscription(ctx: UserContext, sub: Subscription | null): Promise<Subscription> {
  if (!sub || !isSubscriptionPaused(sub.status, sub.pausedAt?.toISOString())) throw conflict("The plan is not paused.");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const resumed = await ctx.providers.payments.resumeSubscription(tx, storeId, sub.id);
    await syncStoreSubscription(tx, storeId, resumed, (await getStorePlan(tx, storeId)) ?? "TIER_1");
    return resumed;
  });
}
