import type { QueryOf, ResponseOf, brandKits } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { listKits } from "../../queries/brand-kits/kits";
import { toKitSummary } from "./dto";

/** The store's kits with a category and a product description (001 §7), newest first by default. */
export async function listBrandKits(ctx: UserContext, q: QueryOf<typeof brandKits.listBrandKits>): Promise<ResponseOf<typeof brandKits.listBrandKits>> {
  const { rows, total } = await listKits(ctx.pool, ctx.auth.storeId, { archived: q.isArchived, search: q.search, ascending: q.sort === "createdAt", limit: q.size, offset: q.page * q.size });
  return { list: rows.map(toKitSummary), total, page: q.page, size: q.size };
}
