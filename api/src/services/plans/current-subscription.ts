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
  const sub = await payments.latestSubscription(ctx.pool, storeId);
  if (!sub?.pausedAt || !sub.resumesAt || sub.status === "CANCELED" || sub.resumesAt > new Date()) return sub;
  return withTransaction(ctx.pool, async (tx) => {
    const resumed = await payments.resumeSubscription(tx, storeId, sub.id);
    await syncStoreSubscription(tx, storeId, resumed, (await getStorePlan(tx, storeId)) ?? "TIER_1");
    return resumed;
  });
}
