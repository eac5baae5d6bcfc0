import { z } from "zod";
import { STOREFRONT_PROCESSING_PERCENT } from "@atelier/contracts/fees";
import type { AppDeps } from "../../context";
import { withTransaction, type Queryable } from "../../db/pool";
import { defineJob } from "../../jobs";
import * as fees from "../../queries/fees/fees";
import * as payouts from "../../queries/fees/payouts";

const WEEK_MS = 7 * 24 * 3600_000;
/** Sales older than this many weeks predate the store's payouts (its history from before): never paid out here. */
export const PAYOUT_LOOKBACK_WEEKS = 26;

/** Monday 00:00 UTC of the week `at` falls in. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 24 * 3600_000);
}

/**
 * The local payments provider's weekly payout: each finished week's storefront sales (orders placed
 * through the platform's storefront and not canceled) are paid to the store less the 5% processing
 * and the fees waiting as a balance due (oldest first, as far as the week covers them). A week is
 * paid once (unique per store and week); a sale canceled after its payout stays paid in it.
 */
export function runPayoutsJob(deps: AppDeps) {
  return defineJob({
    type: "fees.runPayouts",
    payload: z.strictObject({}),
    maxAttempts: 3,
    handler: async () => ({ payouts: await runPayouts(deps, new Date()) }),
  });
}

export async function runPayouts(deps: AppDeps, now: Date): Promise<number> {
  const thisWeek = weekStart(now);
  let made = 0;
  for (const s of await payouts.storesWithUnpaidSales(deps.pool, new Date(thisWeek.getTime() - PAYOUT_LOOKBACK_WEEKS * WEEK_MS), thisWeek)) {
    const earliest = new Date(thisWeek.getTime() - PAYOUT_LOOKBACK_WEEKS * WEEK_MS);
    for (let from = s.weekStart < earliest ? earliest : s.weekStart; from < thisWeek; from = new Date(from.getTime() + WEEK_MS)) {
      const to = new Date(from.getTime() + WEEK_MS);
      if (await withTransaction(deps.pool, (tx) => payWeek(tx, s.storeId, from, to, now))) made++;
    }
  }
  return made;
}

/** Pays one store's sales of [from, to) at `paidAt`, taking the fees due by then; false when there was nothing to pay or the week was paid. */
export async function payWeek(tx: Queryable, storeId: string, from: Date, to: Date, paidAt: Date): Promise<boolean> {
  const sales = await payouts.payableOrders(tx, storeId, from, to);
  if (sales.length === 0) return false;
  const lines = sales.map((o) => ({ ...o, processingCents: Math.round((o.amountCents * STOREFRONT_PROCESSING_PERCENT) / 100) }));
  const grossCents = lines.reduce((n, l) => n + l.amountCents, 0);
  const processingCents = lines.reduce((n, l) => n + l.processingCents, 0);
  let room = grossCents - processingCents;
  const taken: string[] = [];
  for (const fee of await fees.dueFees(tx, storeId, paidAt, true)) {
    if (fee.amountCents > room) break;
    room -= fee.amountCents;
    taken.push(fee.id);
  }
  const feesCents = grossCents - processingCents - room;
  const payout = await payouts.insertPayout(tx, storeId, { paidAt, periodStart: from, periodEnd: to, orderCount: lines.length, grossCents, processingCents, feesCents, netCents: room });
  if (!payout) return false;
  await payouts.insertPayoutOrders(tx, storeId, payout.id, lines);
  await fees.markDeducted(tx, storeId, taken, payout.id);
  return true;
}
