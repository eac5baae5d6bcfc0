import type { BodyOf, ideation } from "@atelier/contracts";
import type { Ideation } from "@atelier/contracts/ideation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { invalid } from "../../errors";
import { setSelectedProducts } from "../../queries/ideation/ideas";
import { findIdeaOr404, loadIdeation } from "./ideation-dto";

/** Which generated ideas the creator picked; every uuid must be one of this ideation's ideas. */
export async function selectAiIdeaProducts(ctx: UserContext, id: string, body: BodyOf<typeof ideation.selectAiIdeaProducts>): Promise<Ideation> {
  requirePermission(ctx, "ai.use");
  const row = await findIdeaOr404(ctx.pool, ctx.auth.storeId, id);
  const known = new Set(row.ideas.map((i) => i.uuid));
  body.selectedProductIds.forEach((uuid, i) => {
    if (!known.has(uuid)) throw invalid(`body.selectedProductIds.${i}`, "is not one of this ideation's product ideas");
  });
  await setSelectedProducts(ctx.pool, ctx.auth.storeId, id, [...new Set(body.selectedProductIds)]);
  return loadIdeation(ctx, id);
}
