import type { PaymentRecord } from "@atelier/contracts/fees";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { notFound } from "../../errors";
import * as fees from "../../queries/fees/fees";
import * as report from "../../queries/fees/report";
import { feeLine } from "./fee-line";

/** One card payment of the store: amount, card, what it paid for, refunds. Another store's is not found. */
export async function getPaymentRecord(ctx: UserContext, id: string): Promise<PaymentRecord> {
  requirePermission(ctx, "billing.read");
  const storeId = ctx.auth.storeId;
  const charge = await report.getChargeRecord(ctx.pool, storeId, id);
  if (!charge) throw notFound("Payment");
  const [paid, refunds] = await Promise.all([fees.feesOfCharge(ctx.pool, storeId, id), report.refundsOfCharge(ctx.pool, storeId, id)]);
  return {
    id: charge.id,
    kind: charge.kind,
    description: charge.description,
    createdAt: charge.createdAt.toISOString(),
    amountCents: charge.amountCents,
    discountCents: charge.discountCents,
    succeeded: charge.succeeded,
    card: charge.brand && charge.last4 ? { brand: charge.brand, last4: charge.last4 } : null,
    fees: paid.map(feeLine),
    refunds: refunds.map((r) => ({ id: r.id, amountCents: r.amountCents, reason: r.reason, createdAt: r.createdAt.toISOString() })),
    refundedCents: refunds.reduce((n, r) => n + r.amountCents, 0),
  };
}
