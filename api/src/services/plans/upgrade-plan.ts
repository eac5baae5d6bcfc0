import { isSubscriptionPaused, type BodyOf, type ResponseOf, type plans } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import type { Invoice, Subscription } from "../../providers/payments/types";
import { applyPaidInvoice } from "./apply-paid-invoice";
import { buildPlanOverview } from "./get-plan-overview";
import { currentSubscription } from "./current-subscription";
import { chargeFor, checkedUpgradeTarget, liveSubscription } from "./get-upgrade-quote";
import { syncStoreSubscription } from "./sync-store";

type Result = ResponseOf<typeof plans.upgradePlan>;

/**
 * Upgrades to the plan's upgrade target only, charging the prorated difference when a paid period
 * runs (the period stays) or a fresh month otherwise. The invoice is charged outside any transaction; a
 * declined card leaves the plan as it was and the invoice open, so a retry (here or through the
 * invoice) picks it up instead of billing twice.
 */
export async function upgradePlan(ctx: UserContext, body: BodyOf<typeof plans.upgradePlan>): Promise<Result> {
  const storeId = ctx.auth.storeId;
  const { payments } = ctx.providers;
  const { plan, target } = await checkedUpgradeTarget(ctx, body.targetPlan);
  const sub = await currentSubscription(ctx);
  if (sub && isSubscriptionPaused(sub.status, sub.pausedAt?.toISOString())) throw conflict("Resume your plan before upgrading it.");

  await requireCard(ctx, body.paymentMethodId);
  const invoice = await withTransaction(ctx.pool, async (tx) => {
    const chosen = await invoiceFor(tx, ctx, sub, target, plan);
    // The user confirmed an amount: a different one now (the period moved on, a discount ended)
    // is not charged, and the invoice made for it is rolled back with this transaction.
    if (body.expectedAmountCents !== undefined && body.expectedAmountCents !== chosen.amountCents) {
      throw conflict(`The upgrade now costs ${usd(chosen.amountCents)}, not ${usd(body.expectedAmountCents)}. Review the new amount and confirm again.`);
    }
    return chosen;
  });
  const { invoice: attempted, outcome } = await payments.payInvoice(ctx.pool, storeId, invoice.id, body.paymentMethodId);
  if (outcome.result === "COMPLETED") await withTransaction(ctx.pool, (tx) => applyPaidInvoice(tx, payments, attempted));
  return { result: outcome.result, chargeId: outcome.chargeId, invoiceId: attempted.id, plan: await buildPlanOverview(ctx) };
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Checked before any invoice exists, so a store without a card is not left with an unpaid subscription. */
async function requireCard(ctx: UserContext, paymentMethodId: string | undefined): Promise<void> {
  const { payments } = ctx.providers;
  if (paymentMethodId) {
    if (!(await payments.getPaymentMethod(ctx.pool, ctx.auth.storeId, paymentMethodId))) throw notFound("Payment method");
    return;
  }
  const methods = await payments.listPaymentMethods(ctx.pool, ctx.auth.storeId, 10);
  if (!methods.some((m) => m.isDefault)) throw conflict("Add a card before paying.");
}

/**
 * The open invoice for the target plan: an earlier declined one if there is one, else a new one,
 * for the prorated difference when a paid period runs (docs/decisions.md), else a fresh month.
 */
async function invoiceFor(
  tx: Parameters<typeof syncStoreSubscription>[0],
  ctx: UserContext,
  current: Subscription | null,
  target: Invoice["planType"],
  plan: Parameters<typeof syncStoreSubscription>[3],
): Promise<Invoice> {
  const { payments } = ctx.providers;
  const storeId = ctx.auth.storeId;
  const live = liveSubscription(current);
  if (live) {
    const open = await payments.openInvoiceOf(tx, storeId, live.id);
    if (open?.planType === target) return open;
    await payments.voidOpenInvoices(tx, storeId, live.id);
  }
  const sub = live ?? (await payments.createSubscription(tx, storeId, target));
  // A store with no live subscription shows the new one (INCOMPLETE until paid) on its record.
  if (!live) await syncStoreSubscription(tx, storeId, sub, plan);
  const charge = chargeFor(live, plan, target, new Date());
  return payments.createInvoice(tx, {
    storeId,
    subscriptionId: sub.id,
    planType: target,
    reason: charge.prorated ? "UPGRADE_PRORATION" : "PLAN_PERIOD",
    description: charge.explanation,
    amountCents: charge.amountCents,
    periodStart: charge.periodStart,
    periodEnd: charge.periodEnd,
  });
}
