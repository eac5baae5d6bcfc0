import { PLAN_NAMES, UPGRADE_TARGET, isSubscriptionPaused, plans, type BodyOf, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict, notFound, unauthorized } from "../../errors";
import { getStorePlan } from "../../queries/stores";
import type { Invoice, Subscription } from "../../providers/payments/types";
import { applyPaidInvoice } from "./apply-paid-invoice";
import { buildPlanOverview } from "./get-plan-overview";
import { currentSubscription } from "./current-subscription";
import { syncStoreSubscription } from "./sync-store";

type Result = ResponseOf<typeof plans.upgradePlan>;

/**
 * Upgrades to the plan's upgrade target only. The invoice is charged outside any transaction; a
 * declined card leaves the plan as it was and the invoice open, so a retry (here or through the
 * invoice) picks it up instead of billing twice.
 */
export async function upgradePlan(ctx: UserContext, body: BodyOf<typeof plans.upgradePlan>): Promise<Result> {
  requirePermission(ctx, "billing.manage");
  const storeId = ctx.auth.storeId;
  const { payments } = ctx.providers;
  const plan = await getStorePlan(ctx.pool, storeId);
  if (!plan) throw unauthorized("The store of this session no longer exists.");
  const target = UPGRADE_TARGET[plan];
  if (!target) throw conflict(`${PLAN_NAMES[plan]} is the highest plan; there is nothing to upgrade to.`);
  if (body.targetPlan !== target) throw conflict(`From ${PLAN_NAMES[plan]} you can upgrade to ${PLAN_NAMES[target]} (${target}) only.`);
  if (target === "TIER_1") throw conflict("The Free plan is not bought.");
  const sub = await currentSubscription(ctx);
  if (sub && isSubscriptionPaused(sub.status, sub.pausedAt?.toISOString())) throw conflict("Resume your plan before upgrading it.");

  await requireCard(ctx, body.paymentMethodId);
  const invoice = await withTransaction(ctx.pool, (tx) => invoiceFor(tx, ctx, sub, target, plan));
  const { invoice: attempted, outcome } = await payments.payInvoice(ctx.pool, storeId, invoice.id, body.paymentMethodId);
  if (outcome.result === "COMPLETED") await withTransaction(ctx.pool, (tx) => applyPaidInvoice(tx, payments, attempted));
  return { result: outcome.result, chargeId: outcome.chargeId, invoiceId: attempted.id, plan: await buildPlanOverview(ctx) };
}

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

/** The open invoice for the target plan: an earlier declined one if there is one, else a new one for a fresh month. */
async function invoiceFor(
  tx: Parameters<typeof syncStoreSubscription>[0],
  ctx: UserContext,
  current: Subscription | null,
  target: Invoice["planType"],
  plan: Parameters<typeof syncStoreSubscription>[3],
): Promise<Invoice> {
  const { payments } = ctx.providers;
  const storeId = ctx.auth.storeId;
  const live = current && current.status !== "CANCELED" && current.status !== "INCOMPLETE_EXPIRED" ? current : null;
  if (live) {
    const open = await payments.openInvoiceOf(tx, storeId, live.id);
    if (open?.planType === target) return open;
    await payments.voidOpenInvoices(tx, storeId, live.id);
  }
  const sub = live ?? (await payments.createSubscription(tx, storeId, target));
  // A store with no live subscription shows the new one (INCOMPLETE until paid) on its record.
  if (!live) await syncStoreSubscription(tx, storeId, sub, plan);
  const now = new Date();
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const discount = sub.discountPercent && (!sub.discountEndsAt || sub.discountEndsAt > now) ? sub.discountPercent : 0;
  const price = plans.PLAN_PRICES_CENTS[target];
  return payments.createInvoice(tx, { storeId, subscriptionId: sub.id, planType: target, amountCents: price - Math.round((price * discount) / 100), periodStart: now, periodEnd: end });
}
