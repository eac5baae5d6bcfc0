import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { orders } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as q from "../../queries/orders/orders";
import { toOrderSummaryDto } from "./dto";

/** One tab of the store's orders (of one sales channel if asked), searched, sorted and paged in SQL, with every tab's count. */
export async function listOrders(ctx: UserContext, query: QueryOf<typeof orders.listOrders>): Promise<ResponseOf<typeof orders.listOrders>> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const [{ list, total }, counts] = await Promise.all([
    q.listOrders(ctx.pool, storeId, { filter: query.filter, origin: query.origin, search: query.search || undefined, sort: query.sort, limit: query.size, offset: query.page * query.size }),
    q.countOrdersByFilter(ctx.pool, storeId, query.origin),
  ]);
  return { list: list.map(toOrderSummaryDto), total, page: query.page, size: query.size, counts };
}
