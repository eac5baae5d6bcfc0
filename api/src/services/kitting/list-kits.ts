import type { QueryOf, ResponseOf, kitting } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as kits from "../../queries/inventory/kits";
import { toKitDto } from "./kit-dto";

/** The store's kits (bundle mappings), 1000 a page by default (000 §9). */
export async function listKits(ctx: UserContext, query: QueryOf<typeof kitting.listKits>): Promise<ResponseOf<typeof kitting.listKits>> {
  requirePermission(ctx, "orders.manage");
  const { list, total } = await kits.listKits(ctx.pool, ctx.auth.storeId, { search: query.search || undefined, limit: query.size, offset: query.page * query.size });
  return { list: list.map(toKitDto), total, page: query.page, size: query.size };
}
