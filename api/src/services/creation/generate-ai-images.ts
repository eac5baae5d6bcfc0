import type { BodyOf, ResponseOf, creation } from "@atelier/contracts";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { chargeKeyFor, drawImages } from "./draw-images";
import { toGeneratedImageDto } from "./image-dto";

/** The commons image generation (001 §7): numImages pictures from a prompt, paid with credits or from the free daily pictures. */
export async function generateAiImages(ctx: UserContext, body: BodyOf<typeof creation.generateAiImages>): Promise<ResponseOf<typeof creation.generateAiImages>> {
  requirePermission(ctx, "ai.use");
  const drawn = await drawImages(
    ctx,
    body.deductCredits
      ? { prompt: body.prompt, count: body.numImages, inGallery: body.saveToImageGallery, pay: "credits", chargeKey: chargeKeyFor(ctx, "ai-images"), reason: `AI images: ${body.prompt.slice(0, 80)}` }
      : { prompt: body.prompt, count: body.numImages, inGallery: body.saveToImageGallery, pay: "free-daily" },
  );
  return { images: drawn.rows.map(toGeneratedImageDto), model: drawn.model, creditsCharged: drawn.creditsCharged, creditsBalance: drawn.creditsBalance };
}
