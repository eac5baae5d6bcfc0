import type { ResponseOf, purchasing } from "@atelier/contracts";
import type { UserContext } from "../../context";
import * as q from "../../queries/purchasing";
import { PURCHASE_PROMOTION_CODES } from "./pay-invoice";

/** Promotion codes the store can still use on sourcing purchases (each once per store). */
export async function getPromotionCodeCount(ctx: UserContext): Promise<ResponseOf<typeof purchasing.getPromotionCodeCount>> {
  const codes: string[] = [];
  for (const code of PURCHASE_PROMOTION_CODES) {
    const active = await ctx.providers.payments.retrievePromotionCode(ctx.pool, code);
    if (active?.active && (await q.countPromotionCodeUses(ctx.pool, ctx.auth.storeId, code)) === 0) codes.push(code);
  }
  return { count: codes.length, codes, usedCount: await q.countPromotionCodeUses(ctx.pool, ctx.auth.storeId) };
}
