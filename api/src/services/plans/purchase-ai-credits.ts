import crypto from "node:crypto";
import { AI_CREDIT_TIERS, plans, type BodyOf, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { invalid, unauthorized } from "../../errors";
import { getCreditBalance } from "../../queries/plans";
import { getStorePlan } from "../../queries/stores";
import { addCredits } from "./add-credits";

type Result = ResponseOf<typeof plans.purchaseAiCredits>;

/** Buys one tier of the store's bundle; credits are added only when the card is charged. */
export async function purchaseAiCredits(ctx: UserContext, body: BodyOf<typeof plans.purchaseAiCredits>): Promise<Result> {
  const storeId = ctx.auth.storeId;
  const plan = await getStorePlan(ctx.pool, storeId);
  if (!plan) throw unauthorized("The store of this session no longer exists.");
  const bundle = plans.aiCreditBundleOf(plan);
  const tiers: readonly number[] = AI_CREDIT_TIERS[bundle];
  const credits = body?.credits ?? tiers[0]!;
  if (!tiers.includes(credits)) throw invalid("body.credits", `must be one of ${tiers.join(", ")} on the ${bundle.toLowerCase()} bundle`);
  const priceCents = plans.aiCreditPriceCents(bundle, credits);
  const outcome = await ctx.providers.payments.charge(ctx.pool, {
    storeId,
    amountCents: priceCents,
    description: `${credits} AI credits`,
    paymentMethodId: body?.paymentMethodId,
    idempotencyKey: `ai-credits:${ctx.idempotencyKey ?? crypto.randomUUID()}`,
  });
  const balance =
    outcome.result === "COMPLETED"
      ? await addCredits(ctx.pool, storeId, credits, `Purchased ${credits} credits`, outcome.chargeId)
      : await getCreditBalance(ctx.pool, storeId);
  return { result: outcome.result, chargeId: outcome.chargeId, credits, priceCents, balance };
}
