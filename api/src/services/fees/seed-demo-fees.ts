import type { Queryable } from "../../db/pool";
import { seedDemoFeeRows } from "../../queries/fees/seed";
import { PAYOUT_LOOKBACK_WEEKS, payWeek, weekStart } from "./run-payouts";

const WEEK_MS = 7 * 86_400_000;

/**
 * The demo store's fees and its last 26 weeks of payouts, each paid the Monday after its week
 * through the same code as the weekly job (older sales predate the storefront's payouts and are
 * left out of them: the demo's history is longer than its payouts).
 */
export async function seedDemoFees(db: Queryable, storeId: string, anchor: Date): Promise<void> {
  await seedDemoFeeRows(db, storeId, anchor);
  const thisWeek = weekStart(anchor);
  for (let from = new Date(thisWeek.getTime() - PAYOUT_LOOKBACK_WEEKS * WEEK_MS); from < thisWeek; from = new Date(from.getTime() + WEEK_MS)) {
    const to = new Date(from.getTime() + WEEK_MS);
    await payWeek(db, storeId, from, to, new Date(to.getTime() + 6 * 3600_000));
  }
}
