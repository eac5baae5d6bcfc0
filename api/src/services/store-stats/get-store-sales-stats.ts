import { storeStats, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { getSalesTotals } from "../../queries/store-stats";

export type SalesStats = ResponseOf<typeof storeStats.getStoreSalesStats>;

/** The current store's sales figures and milestone, computed from its orders. */
export async function getStoreSalesStats(ctx: UserContext): Promise<SalesStats> {
  const t = await getSalesTotals(ctx.pool, ctx.auth.storeId);
  const level = storeStats.milestoneLevelOf(t.lifetime_cents, t.order_count);
  const next = storeStats.MILESTONE_THRESHOLDS_CENTS.find(([, min]) => t.lifetime_cents < min) ?? null;
  return {
    currency: "USD",
    lifetimeSalesCents: t.lifetime_cents,
    orderCount: t.order_count,
    averageOrderValueCents: t.order_count === 0 ? 0 : Math.round(t.lifetime_cents / t.order_count),
    last30Days: { salesCents: t.last30_cents, orderCount: t.last30_count },
    previous30Days: { salesCents: t.prior30_cents, orderCount: t.prior30_count },
    salesChangePercent: t.prior30_cents === 0 ? null : Math.round(((t.last30_cents - t.prior30_cents) / t.prior30_cents) * 1000) / 10,
    firstOrderAt: t.first_order_at?.toISOString() ?? null,
    lastOrderAt: t.last_order_at?.toISOString() ?? null,
    milestone: { level, message: storeStats.MILESTONE_MESSAGES[level], nextLevel: next?.[0] ?? null, nextLevelAtCents: next?.[1] ?? null },
  };
}
