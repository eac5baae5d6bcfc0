import { PLAN_NAMES, isSubscriptionActive, payments as paymentContracts, type BodyOf, type payments } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import { INTERNAL_NOTIFY_ADDRESSES, queueEmail } from "../../providers/outbox";
import { getStoreTitle, insertCancellationSurvey } from "../../queries/plans";
import type { Subscription } from "../../providers/payments/types";
import { buildPlanOverview, type PlanOverview } from "./get-plan-overview";
import { currentSubscription } from "./current-subscription";
import { syncStoreSubscription } from "./sync-store";

type Survey = BodyOf<typeof payments.cancelCardPaymentSubscription>;
type CancelResult = "CONFIRMED_REQUEST_SENT" | "OFFER_APPLIED";

/** Cancels the store's plan after the survey (or applies the retention offer instead). */
export async function cancelPlan(ctx: UserContext, survey: Survey): Promise<{ result: CancelResult; plan: PlanOverview }> {
  const { result } = await cancelSubscription(ctx, await currentSubscription(ctx), survey);
  return { result, plan: await buildPlanOverview(ctx) };
}

/**
 * Stores every survey answer, then either takes the 40%-off offer (YES: the plan stays, discounted
 * for the next months) or cancels at once: status CANCELED, the plan back to Free, its module expired.
 * A requested call is sent to the team through the outbox in the same transaction.
 */
export async function cancelSubscription(ctx: UserContext, sub: Subscription | null, survey: Survey): Promise<{ result: CancelResult; subscription: Subscription }> {
  if (!sub || !isSubscriptionActive(sub.status)) throw conflict("There is no active paid plan to cancel.");
  const storeId = ctx.auth.storeId;
  const takeOffer = survey.offerAnswer === "YES";
  return withTransaction(ctx.pool, async (tx) => {
    await insertCancellationSurvey(tx, {
      storeId,
      userId: ctx.auth.userId,
      subscriptionId: sub.id,
      reason: survey.reason,
      rating: survey.rating,
      bookCall: survey.bookCall,
      samplesNotOrderedReason: survey.samplesNotOrderedReason,
      offerAnswer: survey.offerAnswer,
      suggestions: survey.suggestions,
      outcome: takeOffer ? "OFFER_APPLIED" : "CANCELED",
    });
    if (survey.bookCall) await queueCallRequest(tx, storeId, sub, survey);
    if (takeOffer) {
      const { percentOff, months } = paymentContracts.RETENTION_OFFER;
      const endsAt = new Date();
      endsAt.setUTCMonth(endsAt.getUTCMonth() + months);
      const kept = await ctx.providers.payments.updateSubscription(tx, storeId, sub.id, { discountPercent: percentOff, discountEndsAt: endsAt });
      return { result: "OFFER_APPLIED" as const, subscription: kept };
    }
    const canceled = await ctx.providers.payments.cancelSubscription(tx, storeId, sub.id);
    await syncStoreSubscription(tx, storeId, canceled, "TIER_1");
    return { result: "CONFIRMED_REQUEST_SENT" as const, subscription: canceled };
  });
}

async function queueCallRequest(tx: Parameters<typeof queueEmail>[0], storeId: string, sub: Subscription, survey: Survey): Promise<void> {
  const title = (await getStoreTitle(tx, storeId)) ?? storeId;
  for (const to of INTERNAL_NOTIFY_ADDRESSES) {
    await queueEmail(tx, {
      storeId,
      to,
      kind: "cancellation_call_request",
      subject: `Call request before cancelling: ${title}`,
      body: `${title} (store ${storeId}) is cancelling ${PLAN_NAMES[sub.planType]} and asked for a call.\nReason: ${survey.reason}\nRating: ${survey.rating}\nSuggestions: ${survey.suggestions || "(none)"}`,
      payload: { storeId, subscriptionId: sub.id, reason: survey.reason },
    });
  }
}
