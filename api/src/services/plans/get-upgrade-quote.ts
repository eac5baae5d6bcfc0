import { PLAN_NAMES, UPGRADE_TARGET, plans, type PlanType, type QueryOf, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { conflict, unauthorized } from "../../errors";
import { getStorePlan } from "../../queries/stores";
import type { Subscription } from "../../providers/payments/types";
import { toPaymentMethodDto } from "../payments/dto";
import { currentSubscription } from "./current-subscription";

type Quote = ResponseOf<typeof plans.getUpgradeQuote>;

/** The subscription an upgrade continues: one that is not cancelled or expired. */
export function liveSubscription(sub: Subscription | null): Subscription | null {
  return sub && sub.status !== "CANCELED" && sub.status !== "INCOMPLETE_EXPIRED" ? sub : null;
}

/** The store's plan and its upgrade target, checked against the asked target. */
export async function checkedUpgradeTarget(ctx: UserContext, asked: PlanType): Promise<{ plan: PlanType; target: Exclude<PlanType, "TIER_1"> }> {
  const plan = await getStorePlan(ctx.pool, ctx.auth.storeId);
  if (!plan) throw unauthorized("The store of this session no longer exists.");
  const target = UPGRADE_TARGET[plan];
  if (!target) throw conflict(`${PLAN_NAMES[plan]} is the highest plan; there is nothing to upgrade to.`);
  if (asked !== target) throw conflict(`From ${PLAN_NAMES[plan]} you can upgrade to ${PLAN_NAMES[target]} (${target}) only.`);
  if (target === "TIER_1") throw conflict("The Free plan is not bought.");
  return { plan, target };
}

/** What upgrading from `plan` to `target` charges at `at`, and the period it covers. */
export function chargeFor(sub: Subscription | null, plan: PlanType, target: PlanType, at: Date) {
  const live = liveSubscription(sub);
  const running = live?.status === "ACTIVE" && live.currentPeriodStart && live.currentPeriodEnd && live.currentPeriodEnd > at
    ? { start: live.currentPeriodStart, end: live.currentPeriodEnd }
    : null;
  const discountPercent = live?.discountPercent && (!live.discountEndsAt || live.discountEndsAt > at) ? live.discountPercent : 0;
  const charge = plans.upgradeCharge({ from: plan, to: target, period: running, at, discountPercent });
  const end = new Date(at);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return { ...charge, periodStart: at, periodEnd: charge.prorated && running ? running.end : end };
}

/** The quote the screen (or the assistant) shows before an upgrade: amount, card, period. */
export async function getUpgradeQuote(ctx: UserContext, query: QueryOf<typeof plans.getUpgradeQuote>): Promise<Quote> {
  const { plan, target } = await checkedUpgradeTarget(ctx, query.targetPlan);
  const sub = await currentSubscription(ctx);
  const now = new Date();
  const charge = chargeFor(sub, plan, target, now);
  // An earlier declined upgrade's open invoice is what the upgrade charges again.
  const live = liveSubscription(sub);
  const open = live ? await ctx.providers.payments.openInvoiceOf(ctx.pool, ctx.auth.storeId, live.id) : null;
  if (open?.planType === target) Object.assign(charge, { amountCents: open.amountCents, prorated: open.reason === "UPGRADE_PRORATION", periodEnd: open.periodEnd, explanation: open.description || charge.explanation });
  const methods = await ctx.providers.payments.listPaymentMethods(ctx.pool, ctx.auth.storeId, 10);
  const card = methods.find((m) => m.isDefault);
  return {
    targetPlan: target,
    name: PLAN_NAMES[target],
    amountCents: charge.amountCents,
    fullPriceCents: plans.PLAN_PRICES_CENTS[target],
    prorated: charge.prorated,
    chargedAt: now.toISOString(),
    periodEnd: charge.periodEnd.toISOString(),
    paymentMethod: card ? toPaymentMethodDto(card) : null,
    explanation: charge.explanation,
  };
}
