import type { QueryOf, ResponseOf } from "@atelier/contracts";
import { orders } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as q from "../../queries/orders/orders";
import { toOrderSummaryDto } from "./dto";

/**
 * One tab of the store's orders (of one sales channel if asked), searched, sorted and paged in SQL,
 * with every tab's count, in one statement. A tab's total is its kept count; a search counts its matches up to
 * ORDER_SEARCH_COUNT_CAP and says when there are more (docs/decisions.md, orders at 100,000).
 */
export async function listOrders(ctx: UserContext, query: QueryOf<typeof orders.listOrders>): Promise<ResponseOf<typeof orders.listOrders>> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const search = query.search || undefined;
  const cap = orders.ORDER_SEARCH_COUNT_CAP;
  const { list, counts, matches } = await q.listOrdersPage(ctx.pool, storeId, { filter: query.filter, origin: query.origin, search, sort: query.sort, limit: query.size, offset: query.page * query.size }, cap);
  const total = matches === null ? counts[query.filter] : Math.min(matches, cap);
  return { list: list.map(toOrderSummaryDto), total, totalCapped: matches !== null && matches > cap, page: query.page, size: query.size, counts };
}
