import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { getCreationImages, setInGallery } from "../../queries/creation/images";

/** Takes an image out of the gallery; the file stays, since projects may attach it. */
export async function deleteGalleryImage(ctx: UserContext, id: string): Promise<{ id: string }> {
  requirePermission(ctx, "ai.use");
  const [image] = await getCreationImages(ctx.pool, ctx.auth.storeId, [id]);
  if (!image?.inGallery) throw notFound("Image");
  await setInGallery(ctx.pool, ctx.auth.storeId, id, false);
  return { id };
}
