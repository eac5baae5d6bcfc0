import { PLAN_NAMES, PLAN_RANK, isSubscriptionActive, type BodyOf, type plans } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { conflict, unauthorized } from "../../errors";
import { getStorePlan } from "../../queries/stores";
import { buildPlanOverview, type PlanOverview } from "./get-plan-overview";
import { currentSubscription } from "./current-subscription";

/**
 * Schedules a move to a lower paid plan at the end of the paid period: the store keeps what it
 * paid for until then, nothing is charged or refunded now. Free is reached by cancelling.
 */
export async function downgradePlan(ctx: UserContext, body: BodyOf<typeof plans.downgradePlan>): Promise<{ result: "SCHEDULED"; plan: PlanOverview }> {
  const storeId = ctx.auth.storeId;
  const plan = await getStorePlan(ctx.pool, storeId);
  if (!plan) throw unauthorized("The store of this session no longer exists.");
  const target = body.targetPlan;
  if (target === "TIER_1") throw conflict("Moving to the Free plan is cancelling: use Cancel my plan.");
  if (PLAN_RANK[target] >= PLAN_RANK[plan]) throw conflict(`${PLAN_NAMES[target]} is not below ${PLAN_NAMES[plan]}; upgrades are charged now instead.`);
  const sub = await currentSubscription(ctx);
  if (!sub || !isSubscriptionActive(sub.status) || !sub.currentPeriodEnd) throw conflict("There is no active paid plan to downgrade.");
  if (sub.pausedAt) throw conflict("Resume your plan before changing it.");
  await ctx.providers.payments.updateSubscription(ctx.pool, storeId, sub.id, { scheduledPlanType: target });
  return { result: "SCHEDULED", plan: await buildPlanOverview(ctx) };
}
