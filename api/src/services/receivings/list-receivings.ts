import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { listReceivings as contract } from "@atelier/contracts/receivings";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as q from "../../queries/receivings/receivings";
import { receivingDtos } from "./receiving-detail";

/** One tab of the store's inbound shipments, searched, sorted and paged in SQL, with each tab's count. */
export async function listReceivings(ctx: UserContext, query: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const search = query.search || undefined;
  const [{ list, total }, counts] = await Promise.all([
    q.listReceivings(ctx.pool, storeId, { filter: query.filter, search, orderItemIds: query.orderItemIds, sort: query.sort, limit: query.size, offset: query.page * query.size }),
    q.countByFilter(ctx.pool, storeId, search, query.orderItemIds),
  ]);
  return { list: await receivingDtos(ctx.pool, storeId, list), total, page: query.page, size: query.size, counts };
}
