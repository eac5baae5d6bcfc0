import type { BodyOf, creation } from "@atelier/contracts";
import type { ProductDesign } from "@atelier/contracts/creation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { notFound } from "../../errors";
import { getOrCreateDesign, updateDesign } from "../../queries/creation/designs";
import { getCreationImages, setInGallery } from "../../queries/creation/images";
import { loadProductDesign } from "./product-design-dto";

/** Saves a candidate (of this design or the gallery): the saved design, kept in the image gallery. */
export async function saveProductDesign(ctx: UserContext, body: BodyOf<typeof creation.saveProductDesign>): Promise<ProductDesign> {
  requirePermission(ctx, "ai.use");
  const { storeId, userId } = ctx.auth;
  const design = await getOrCreateDesign(ctx.pool, storeId, userId);
  const [image] = await getCreationImages(ctx.pool, storeId, [body.imageId]);
  if (!image || (!design.generatedImageIds.includes(image.id) && !image.inGallery)) throw notFound("Design");
  await withTransaction(ctx.pool, async (tx) => {
    await setInGallery(tx, storeId, image.id, true);
    await updateDesign(tx, storeId, userId, { savedImageId: image.id, step: "SAVED" });
  });
  return loadProductDesign(ctx);
}
