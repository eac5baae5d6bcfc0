import type { QueryOf, ResponseOf } from "@atelier/contracts";
import { orders } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { JsonAnswer } from "../../json-answer";
import * as q from "../../queries/orders/orders";

/**
 * One tab of the store's orders (of one sales channel if asked), searched, sorted and paged in SQL,
 * with every tab's count, in one statement that also builds the answer's JSON (sent as it is). A
 * tab's total is its kept count; a search counts its matches up to ORDER_SEARCH_COUNT_CAP and says
 * when there are more (docs/decisions.md, orders at 100,000).
 */
export async function listOrders(ctx: UserContext, query: QueryOf<typeof orders.listOrders>): Promise<JsonAnswer<ResponseOf<typeof orders.listOrders>>> {
  requirePermission(ctx, "orders.manage");
  const input = { filter: query.filter, origin: query.origin, search: query.search || undefined, sort: query.sort, limit: query.size, offset: query.page * query.size, page: query.page };
  return JsonAnswer.ofJsonText(await q.listOrdersAnswer(ctx.pool, ctx.auth.storeId, input, orders.ORDER_SEARCH_COUNT_CAP));
}
