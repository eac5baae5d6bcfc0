import crypto from "node:crypto";
import { cardEnding, type payBalanceDue as contract } from "@atelier/contracts/fees";
import type { BodyOf, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as q from "../../queries/fees/balance-payments";
import { balanceDue } from "../../queries/fees/report";

type Answer = ResponseOf<typeof contract>;
const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Pays the fees due with the default card, on the owner's confirmation of the amount. Three steps
 * so no transaction is open during the provider call: claim (the DUE fees, locked, must come to the
 * confirmed amount; they become PENDING under a payment row keyed by the Idempotency-Key, so a
 * payout or a second payment cannot take them), charge (idempotent by the payment's key), settle
 * (paid, or back to DUE on a decline). A retry with the same key finds its payment and drives it
 * to the same end under the same provider key, which cannot charge twice.
 */
export async function payBalanceDue(ctx: UserContext, body: BodyOf<typeof contract>): Promise<Answer> {
  requirePermission(ctx, "billing.manage");
  const storeId = ctx.auth.storeId;
  const { payments } = ctx.providers;
  const card = (await payments.listPaymentMethods(ctx.pool, storeId, 10)).find((m) => m.isDefault);
  if (!card) throw conflict("There is no default card on this store, so nothing was charged. Add a card under Billing, then pay the balance.");
  const key = ctx.idempotencyKey ?? crypto.randomUUID();

  const payment = await withTransaction(ctx.pool, async (tx) => {
    const earlier = await q.findBalancePayment(tx, storeId, key);
    if (earlier) return earlier;
    const fees = await q.lockDueFees(tx, storeId);
    const amountCents = fees.reduce((sum, f) => sum + f.amountCents, 0);
    if (fees.length === 0) throw conflict("You have no balance due, so nothing was charged.");
    if (amountCents !== body.amountCents) throw conflict(`Your balance due is now ${usd(amountCents)}, not ${usd(body.amountCents)}, so nothing was charged. Look at it again and confirm the new amount.`);
    return q.claimFees(tx, storeId, key, fees.map((f) => f.id), amountCents);
  });

  if (payment.status === "PENDING") {
    const outcome = await payments.charge(ctx.pool, {
      storeId,
      amountCents: payment.amountCents,
      description: `Balance due: ${payment.feeCount} ${payment.feeCount === 1 ? "fee" : "fees"} of the fulfilment center`,
      paymentMethodId: card.id,
      idempotencyKey: q.balanceChargeKey(payment.id),
    });
    const status = outcome.result === "COMPLETED" ? "PAID" : "DECLINED";
    await withTransaction(ctx.pool, (tx) => q.settleBalancePayment(tx, storeId, payment.id, status, outcome.chargeId));
    Object.assign(payment, { status, chargeId: outcome.chargeId });
  }

  const paid = payment.status === "PAID";
  const words = cardEnding(card);
  return {
    result: paid ? "COMPLETED" : "INSTRUMENT_DECLINED",
    chargeId: payment.chargeId!,
    amountCents: payment.amountCents,
    feeCount: payment.feeCount,
    card: { brand: card.brand, last4: card.last4 },
    balanceDueCents: (await balanceDue(ctx.pool, storeId)).dueCents,
    message: paid
      ? `Paid ${usd(payment.amountCents)} with your ${words}: ${payment.feeCount} ${payment.feeCount === 1 ? "fee is" : "fees are"} settled.`
      : `Your ${words} was declined, so nothing was charged and the balance of ${usd(payment.amountCents)} is still due. Set another default card under Billing and pay again.`,
  };
}
