import type { BodyOf, creation } from "@atelier/contracts";
import type { ProductDesign } from "@atelier/contracts/creation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { invalid } from "../../errors";
import { getOrCreateDesign, updateDesign } from "../../queries/creation/designs";
import { ownedUploadIds } from "../../queries/uploads";
import { loadProductDesign } from "./product-design-dto";

export async function updateProductDesign(ctx: UserContext, body: BodyOf<typeof creation.updateProductDesign>): Promise<ProductDesign> {
  requirePermission(ctx, "ai.use");
  const { storeId, userId } = ctx.auth;
  if (body.sketchKeys?.length) {
    const owned = await ownedUploadIds(ctx.pool, storeId, body.sketchKeys);
    const missing = body.sketchKeys.findIndex((k) => !owned.has(k));
    if (missing >= 0) throw invalid(`sketchKeys.${missing}`, "is not a file uploaded by this store");
  }
  const design = await getOrCreateDesign(ctx.pool, storeId, userId);
  if (body.step === "SAVED" && !design.savedImageId) throw invalid("body.step", "can be SAVED only once a design was saved");
  if (body.step === "RESULTS" && design.generatedImageIds.length === 0) throw invalid("body.step", "can be RESULTS only once designs were generated");
  // Starting over at PROMPT clears the candidates of the last round (the saved design stays in the gallery).
  await updateDesign(ctx.pool, storeId, userId, { ...body, generatedImageIds: body.step === "PROMPT" ? [] : undefined });
  return loadProductDesign(ctx);
}
