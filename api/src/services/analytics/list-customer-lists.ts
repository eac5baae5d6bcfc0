import type { analytics, QueryOf, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { listCustomerListRows } from "../../queries/analytics/customer-lists";
import { toCustomerListDto } from "./customer-list-dto";

/** The store's saved customer lists, newest first, paged. */
export async function listCustomerLists(ctx: UserContext, query: QueryOf<typeof analytics.listCustomerLists>): Promise<ResponseOf<typeof analytics.listCustomerLists>> {
  const { rows, total } = await listCustomerListRows(ctx.pool, ctx.auth.storeId, query.size, query.page * query.size);
  return { list: rows.map(toCustomerListDto), total, page: query.page, size: query.size };
}
