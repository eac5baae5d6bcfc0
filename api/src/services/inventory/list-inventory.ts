import type { QueryOf, ResponseOf, inventory } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as stock from "../../queries/inventory/stock";
import { toInventoryItemDto } from "./dto";

/** One tab of the store's SKUs, searched, sorted and paged in SQL, with every tab's count, in one statement. */
export async function listInventory(ctx: UserContext, query: QueryOf<typeof inventory.listInventory>): Promise<ResponseOf<typeof inventory.listInventory>> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const { list, total, counts } = await stock.listItemsPage(ctx.pool, storeId, { filter: query.filter, search: query.search || undefined, sort: query.sort, limit: query.size, offset: query.page * query.size });
  return { list: list.map(toInventoryItemDto), total, page: query.page, size: query.size, counts };
}
