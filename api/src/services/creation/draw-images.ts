import { randomUUID } from "node:crypto";
import type { UserContext } from "../../context";
import { conflict } from "../../errors";
import { countFreeImagesToday, type CreationImageRow } from "../../queries/creation/images";
import { FREE_IMAGES_PER_DAY, CREDITS_PER_IMAGE } from "@atelier/contracts/creation";
import { withAiCredits } from "../plans/charge-ai-credits";
import { storeGeneratedImages } from "./store-generated-images";

export type DrawRequest = { prompt: string; count: number; inGallery: boolean } & (
  | { pay: "credits"; chargeKey: string; reason: string; /** Credits for the whole request; CREDITS_PER_IMAGE each when left out. */ credits?: number }
  | { pay: "free-daily" }
  | { pay: "trial" }
);

/**
 * Draws and keeps pictures, paying as asked: credits through the ledger (charged once per key,
 * refunded when drawing or storing fails), the store's free daily pictures, or a design trial round.
 */
export async function drawImages(ctx: UserContext, req: DrawRequest): Promise<{ rows: CreationImageRow[]; model: string; creditsCharged: number; creditsBalance: number | null }> {
  const draw = async (creditsEach: number) => {
    const answer = await ctx.providers.imageGeneration.generate({ prompt: req.prompt, count: req.count, seed: randomUUID() });
    const rows = await storeGeneratedImages(ctx, answer.images.slice(0, req.count), { prompt: req.prompt, model: answer.model, creditsEach, inGallery: req.inGallery });
    return { rows, model: answer.model };
  };
  if (req.pay === "credits") {
    const amount = req.credits ?? CREDITS_PER_IMAGE * req.count;
    return withAiCredits(ctx.pool, ctx.auth.storeId, { key: req.chargeKey, amount, reason: req.reason }, async (charge) => {
      const drawn = await draw(Math.max(1, Math.round(amount / req.count)));
      return { ...drawn, creditsCharged: charge.replayed ? 0 : amount, creditsBalance: charge.balanceAfter };
    });
  }
  if (req.pay === "free-daily") {
    const used = await countFreeImagesToday(ctx.pool, ctx.auth.storeId);
    if (used + req.count > FREE_IMAGES_PER_DAY) {
      throw conflict(`Your store has used ${used} of today's ${FREE_IMAGES_PER_DAY} free images. Generate with AI credits (${CREDITS_PER_IMAGE} credits an image) or try again tomorrow.`);
    }
  }
  return { ...(await draw(0)), creditsCharged: 0, creditsBalance: null };
}

export const chargeKeyFor = (ctx: UserContext, what: string) => `${what}:${ctx.idempotencyKey ?? randomUUID()}`;
