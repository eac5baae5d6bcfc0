import type { QueryOf, ResponseOf, inventory } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { JsonAnswer } from "../../json-answer";
import * as stock from "../../queries/inventory/stock";

/** One tab of the store's SKUs, searched, sorted and paged in SQL, with every tab's count, in one statement that also builds the answer's JSON (sent as it is). */
export async function listInventory(ctx: UserContext, query: QueryOf<typeof inventory.listInventory>): Promise<JsonAnswer<ResponseOf<typeof inventory.listInventory>>> {
  requirePermission(ctx, "orders.manage");
  const input = { filter: query.filter, search: query.search || undefined, sort: query.sort, limit: query.size, offset: query.page * query.size, page: query.page };
  return JsonAnswer.ofJsonText(await stock.listItemsAnswer(ctx.pool, ctx.auth.storeId, input));
}
