import type { PayoutRecord } from "@atelier/contracts/fees";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { notFound } from "../../errors";
import * as fees from "../../queries/fees/fees";
import * as payouts from "../../queries/fees/payouts";
import { feeLine } from "./fee-line";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One payout of the store: the sales it pays, the 5% processing, the balance due it took, the net. Another store's is not found. */
export async function getPayoutRecord(ctx: UserContext, id: string): Promise<PayoutRecord> {
  requirePermission(ctx, "billing.read");
  const storeId = ctx.auth.storeId;
  const payout = UUID.test(id) ? await payouts.getPayout(ctx.pool, storeId, id) : null;
  if (!payout) throw notFound("Payout");
  const [orders, taken] = await Promise.all([payouts.ordersOfPayout(ctx.pool, storeId, id, 200), fees.feesOfPayout(ctx.pool, storeId, id)]);
  return {
    id: payout.id,
    periodStart: payout.periodStart.toISOString(),
    periodEnd: payout.periodEnd.toISOString(),
    paidAt: payout.createdAt.toISOString(),
    orderCount: payout.orderCount,
    grossCents: payout.grossCents,
    processingCents: payout.processingCents,
    feesCents: payout.feesCents,
    netCents: payout.netCents,
    orders: orders.map((o) => ({ orderId: o.orderId, orderNumber: o.orderNumber, placedAt: o.placedAt.toISOString(), amountCents: o.amountCents, processingCents: o.processingCents })),
    fees: taken.map(feeLine),
  };
}
