import type { BodyOf, creation } from "@atelier/contracts";
import { IMAGE_CANDIDATES_PER_REQUEST, type ProductDesign } from "@atelier/contracts/creation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { conflict, invalid } from "../../errors";
import { getOrCreateDesign, recordRound } from "../../queries/creation/designs";
import { chargeKeyFor, drawImages } from "./draw-images";
import { loadProductDesign, nextRoundCost } from "./product-design-dto";

/**
 * One design round: four candidates from the description. Free during the trial; afterwards the
 * caller must confirm the round's credits (the screen and the copilot's approval show the amount),
 * which are charged once per Idempotency-Key and given back if drawing fails.
 */
export async function generateProductDesigns(ctx: UserContext, body: BodyOf<typeof creation.generateProductDesigns>): Promise<ProductDesign> {
  requirePermission(ctx, "ai.use");
  const { storeId, userId } = ctx.auth;
  const design = await getOrCreateDesign(ctx.pool, storeId, userId);
  const description = body.description ?? design.description.trim();
  if (description.length < 3) throw invalid("body.description", "is required: say what to design, e.g. a minimalist ceramic mug with a wave pattern");
  const cost = await nextRoundCost(ctx);
  if (cost.credits > 0 && body.confirmCredits !== cost.credits) {
    throw conflict(`This round costs ${cost.credits} AI credits; confirm ${cost.credits} credits to generate.`);
  }
  const drawn = await drawImages(
    ctx,
    cost.credits > 0
      ? { prompt: description, count: IMAGE_CANDIDATES_PER_REQUEST, inGallery: false, pay: "credits", chargeKey: chargeKeyFor(ctx, "product-design"), reason: `Product design: ${description.slice(0, 80)}`, credits: cost.credits }
      : { prompt: description, count: IMAGE_CANDIDATES_PER_REQUEST, inGallery: false, pay: "trial" },
  );
  await recordRound(ctx.pool, storeId, userId, { description, imageIds: drawn.rows.map((r) => r.id), credits: drawn.creditsCharged, trial: cost.credits === 0 });
  return loadProductDesign(ctx);
}
