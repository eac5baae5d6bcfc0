import type { ResponseOf, payments } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";

/** Validates a promotion code: unknown and inactive codes are not found. */
export async function getPromotionCode(ctx: UserContext, code: string): Promise<ResponseOf<typeof payments.getPromotionCode>> {
  const found = await ctx.providers.payments.retrievePromotionCode(ctx.pool, code);
  if (!found?.active) throw notFound("Promotion code");
  return found;
}
