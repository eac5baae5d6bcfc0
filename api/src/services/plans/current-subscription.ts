import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { getStorePlan } from "../../queries/stores";
import type { Subscription } from "../../providers/payments/types";
import { syncStoreSubscription } from "./sync-store";

/**
 * The store's newest subscription. A pause whose resume time has passed ends here, on the next
 * read, since no scheduler runs: the store record is brought up to date in the same step.
 */
export async function currentSubscription(ctx: UserContext): Promise<Subscription | null> {
  const { payments } = ctx.providers;
  const storeId = ctx.auth.storeId;
  const sub = await applyScheduledChange(ctx, await payments.latestSubscription(ctx.pool, storeId));
  if (!sub?.pausedAt || !sub.resumesAt || sub.status === "CANCELED" || sub.resumesAt > new Date()) return sub;
  return withTransaction(ctx.pool, async (tx) => {
    const resumed = await payments.resumeSubscription(tx, storeId, sub.id);
    await syncStoreSubscription(tx, storeId, resumed, (await getStorePlan(tx, storeId)) ?? "TIER_1");
    return resumed;
  });
}

/**
 * A downgrade scheduled for the end of the paid period takes effect on the first read after it:
 * the plan moves down and the next period starts. Renewal charges are not made here (no renewal
 * runs yet; docs/decisions.md).
 */
async function applyScheduledChange(ctx: UserContext, sub: Subscription | null): Promise<Subscription | null> {
  const to = sub?.scheduledPlanType;
  if (!sub || !to || sub.status === "CANCELED" || !sub.currentPeriodEnd || sub.currentPeriodEnd > new Date()) return sub;
  const storeId = ctx.auth.storeId;
  const start = sub.currentPeriodEnd;
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return withTransaction(ctx.pool, async (tx) => {
    const moved = await ctx.providers.payments.updateSubscription(tx, storeId, sub.id, { planType: to, scheduledPlanType: null, currentPeriodStart: start, currentPeriodEnd: end });
    await syncStoreSubscription(tx, storeId, moved, to);
    return moved;
  });
}
