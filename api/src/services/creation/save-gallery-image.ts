import type { GeneratedImageDto } from "@atelier/contracts/creation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { getCreationImages, setInGallery } from "../../queries/creation/images";
import { toGeneratedImageDto } from "./image-dto";

export async function saveGalleryImage(ctx: UserContext, id: string): Promise<GeneratedImageDto> {
  requirePermission(ctx, "ai.use");
  if (!(await setInGallery(ctx.pool, ctx.auth.storeId, id, true))) throw notFound("Image");
  return toGeneratedImageDto((await getCreationImages(ctx.pool, ctx.auth.storeId, [id]))[0]!);
}
