import { isSubscriptionActive, isSubscriptionPaused, type BodyOf, type plans } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, invalid } from "../../errors";
import { getStorePlan } from "../../queries/stores";
import type { Subscription } from "../../providers/payments/types";
import { buildPlanOverview, type PlanOverview } from "./get-plan-overview";
import { currentSubscription } from "./current-subscription";
import { syncStoreSubscription } from "./sync-store";

type PauseInput = BodyOf<typeof plans.pausePlan>;

/** Pauses the store's plan. */
export async function pausePlan(ctx: UserContext, body: PauseInput): Promise<{ result: "PAUSED"; plan: PlanOverview }> {
  await pauseSubscription(ctx, await currentSubscription(ctx), body);
  return { result: "PAUSED", plan: await buildPlanOverview(ctx) };
}

/** Pauses one subscription of the caller's store; the plan keeps its features while paused. */
export async function pauseSubscription(ctx: UserContext, sub: Subscription | null, body: PauseInput): Promise<Subscription> {
  if (!sub || !isSubscriptionActive(sub.status)) throw conflict("There is no active paid plan to pause.");
  if (isSubscriptionPaused(sub.status, sub.pausedAt?.toISOString())) throw conflict("The plan is already paused.");
  const resumesAt = body.resumesAt ? new Date(body.resumesAt) : null;
  if (resumesAt && resumesAt <= new Date()) throw invalid("body.resumesAt", "must be in the future");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const paused = await ctx.providers.payments.pauseSubscription(tx, storeId, sub.id, body.behavior, resumesAt);
    await syncStoreSubscription(tx, storeId, paused, (await getStorePlan(tx, storeId)) ?? "TIER_1");
    return paused;
  });
}
