import { AI_CREDIT_TIERS, plans, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { unauthorized } from "../../errors";
import { getCreditBalance } from "../../queries/plans";
import { getStorePlan } from "../../queries/stores";

/** The balance and the tiers the store's bundle sells; the first tier is the default. */
export async function getAiCredits(ctx: UserContext): Promise<ResponseOf<typeof plans.getAiCredits>> {
  const [plan, balance] = await Promise.all([getStorePlan(ctx.pool, ctx.auth.storeId), getCreditBalance(ctx.pool, ctx.auth.storeId)]);
  if (!plan) throw unauthorized("The store of this session no longer exists.");
  const bundle = plans.aiCreditBundleOf(plan);
  const tiers = AI_CREDIT_TIERS[bundle].map((credits) => ({ credits, priceCents: plans.aiCreditPriceCents(bundle, credits) }));
  return { balance, bundle, tiers, defaultCredits: tiers[0]!.credits };
}
