import type { QueryOf, ResponseOf, purchasing } from "@atelier/contracts";
import { ORDER_ITEM_TABS } from "@atelier/contracts/purchasing";
import type { UserContext } from "../../context";
import * as q from "../../queries/purchasing";
import { toOrderItemDtos } from "./dto";

/** The store's order items of one tab, newest first. */
export async function listOrderItems(ctx: UserContext, query: QueryOf<typeof purchasing.listCreatorOrderItems>): Promise<ResponseOf<typeof purchasing.listCreatorOrderItems>> {
  const tab = ORDER_ITEM_TABS[query.tab];
  const { list, total } = await q.listOrderItems(ctx.pool, ctx.auth.storeId, { ...tab, status: query.status }, query.size, query.page * query.size);
  return { list: await toOrderItemDtos(ctx.pool, list), total, page: query.page, size: query.size };
}

/** How many items each tab holds. */
export async function getTabCounts(ctx: UserContext): Promise<ResponseOf<typeof purchasing.getCreatorOrderItemTabCounts>> {
  return q.countOrderItemTabs(ctx.pool, ctx.auth.storeId, ORDER_ITEM_TABS) as Promise<ResponseOf<typeof purchasing.getCreatorOrderItemTabCounts>>;
}

/** Paid items the suppliers are making now. */
export async function getInProductionCount(ctx: UserContext): Promise<{ count: number }> {
  return { count: await q.countInProduction(ctx.pool, ctx.auth.storeId) };
}
