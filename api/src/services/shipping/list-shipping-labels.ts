import type { QueryOf, ResponseOf, shipping } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as labels from "../../queries/shipping/labels";
import { toLabelDto } from "./shipment";

/** The store's label history, searched, filtered, sorted and paged in SQL. */
export async function listShippingLabels(ctx: UserContext, query: QueryOf<typeof shipping.listShippingLabels>): Promise<ResponseOf<typeof shipping.listShippingLabels>> {
  requirePermission(ctx, "orders.manage");
  const { list, total } = await labels.listLabels(ctx.pool, ctx.auth.storeId, { search: query.search || undefined, status: query.status, sort: query.sort, limit: query.size, offset: query.page * query.size });
  return { list: list.map((l) => { const { events: _events, ...rest } = toLabelDto(l, []); return rest; }), total, page: query.page, size: query.size };
}
