import { CREDITS_PER_IMAGE, DESIGN_TRIAL_ROUNDS, IMAGE_CANDIDATES_PER_REQUEST, type ProductDesign } from "@atelier/contracts/creation";
import type { UserContext } from "../../context";
import { getCreationImages } from "../../queries/creation/images";
import { findDesign, storeTrialRounds } from "../../queries/creation/designs";
import { getCreditBalance } from "../../queries/plans";
import { getStorePlan } from "../../queries/stores";
import { toGeneratedImageDto } from "./image-dto";

export const DESIGN_ROUND_CREDITS = CREDITS_PER_IMAGE * IMAGE_CANDIDATES_PER_REQUEST;

/** What the next design round costs: nothing while the store's trial rounds last. */
export async function nextRoundCost(ctx: UserContext): Promise<{ trialRemaining: number; credits: number }> {
  const trialRemaining = Math.max(0, DESIGN_TRIAL_ROUNDS - (await storeTrialRounds(ctx.pool, ctx.auth.storeId)));
  return { trialRemaining, credits: trialRemaining > 0 ? 0 : DESIGN_ROUND_CREDITS };
}

/** The member's design as 001 §3 describes it (product design state and OpenAI design state together). */
export async function loadProductDesign(ctx: UserContext): Promise<ProductDesign> {
  const { storeId, userId } = ctx.auth;
  const design = await findDesign(ctx.pool, storeId, userId);
  const [images, saved, balance, plan, cost] = await Promise.all([
    getCreationImages(ctx.pool, storeId, design.generatedImageIds),
    design.savedImageId ? getCreationImages(ctx.pool, storeId, [design.savedImageId]) : Promise.resolve([]),
    getCreditBalance(ctx.pool, storeId),
    getStorePlan(ctx.pool, storeId),
    nextRoundCost(ctx),
  ]);
  return {
    step: design.step,
    model: design.model,
    description: design.description,
    sketchKeys: design.sketchKeys,
    generateData: design.totalCount > 0 ? { prompt: design.description, numImages: IMAGE_CANDIDATES_PER_REQUEST } : null,
    generatedDesigns: images.map(toGeneratedImageDto),
    savedDesign: saved[0] ? toGeneratedImageDto(saved[0]) : null,
    usedCredits: design.usedCredits,
    totalCredits: balance,
    trialRemainingQuantity: cost.trialRemaining,
    subscribed: plan !== null && plan !== "TIER_1",
    totalCount: design.totalCount,
    nextRoundCredits: cost.credits,
  };
}
