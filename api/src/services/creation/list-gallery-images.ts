import type { QueryOf, ResponseOf, creation } from "@atelier/contracts";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { listGallery } from "../../queries/creation/images";
import { toGeneratedImageDto } from "./image-dto";

export async function listGalleryImages(ctx: UserContext, query: QueryOf<typeof creation.listGalleryImages>): Promise<ResponseOf<typeof creation.listGalleryImages>> {
  requirePermission(ctx, "ai.use");
  const { list, total } = await listGallery(ctx.pool, ctx.auth.storeId, query.search || undefined, query.size, query.page * query.size);
  return { list: list.map(toGeneratedImageDto), total, page: query.page, size: query.size };
}
