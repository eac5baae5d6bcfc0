import type { analytics, QueryOf, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { findCustomerList, selectListMembers } from "../../queries/analytics/customer-lists";
import { foldChangedOrders } from "../../queries/analytics/fold-changes";
import { toCustomerListDto } from "./customer-list-dto";

/** One saved list of the caller's store and its customers, most valuable first (another store's list is not found). */
export async function getCustomerList(ctx: UserContext, listId: string, query: QueryOf<typeof analytics.getCustomerList>): Promise<ResponseOf<typeof analytics.getCustomerList>> {
  const list = await findCustomerList(ctx.pool, ctx.auth.storeId, listId);
  if (!list) throw notFound("The customer list");
  // Today's orders and revenue beside each member come from the customer rollup: fold what changed first.
  await foldChangedOrders(ctx.pool, ctx.auth.storeId);
  const rows = await selectListMembers(ctx.pool, list.id, query.size, query.page * query.size);
  const members = rows.map((r) => ({ id: r.id, name: r.name, email: r.email, ordersCount: r.orders_count ?? 0, revenueCents: Number(r.revenue_cents ?? 0), lastOrderAt: r.last_order_at?.toISOString() ?? null }));
  return { list: toCustomerListDto(list), customers: { list: members, total: rows[0]?.total ?? list.customer_count, page: query.page, size: query.size } };
}
