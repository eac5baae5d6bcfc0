import type { ResponseOf, ideation } from "@atelier/contracts";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { insertIdea, latestActiveIdea } from "../../queries/ideation/ideas";
import { lockStore } from "../../queries/stores";
import { ideaRoundCost, toIdeation } from "./ideation-dto";

/**
 * What /product-ideation opens (001 §4): the latest active ideation, or a new empty one when none
 * is active. Check and insert share a transaction locked per store, so two tabs make one. Preview
 * accounts never write: they get null.
 */
export async function openAiIdea(ctx: UserContext): Promise<ResponseOf<typeof ideation.openAiIdea>> {
  requirePermission(ctx, "ai.use");
  const { storeId, userId } = ctx.auth;
  const cost = () => ideaRoundCost(ctx.pool, storeId);
  const latest = await latestActiveIdea(ctx.pool, storeId);
  if (latest) return { ideation: toIdeation(latest, await cost()), created: false };
  if (ctx.auth.isPreview) return { ideation: null, created: false };
  const result = await withTransaction(ctx.pool, async (tx) => {
    await lockStore(tx, storeId);
    const again = await latestActiveIdea(tx, storeId);
    if (again) return { row: again, created: false };
    return { row: await insertIdea(tx, storeId, userId, {}), created: true };
  });
  return { ideation: toIdeation(result.row, await cost()), created: result.created };
}
