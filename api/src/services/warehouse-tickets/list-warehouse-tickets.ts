import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { listWarehouseTickets as contract } from "@atelier/contracts/warehouse-tickets";
import { orderRefSchema } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as q from "../../queries/orders/warehouse-tickets";
import { findOrder } from "../orders/get-order";
import { toTicketDto } from "./ticket-detail";

/** One tab of the store's tickets to the warehouse (of one order when asked), searched and paged in SQL, with each tab's count. */
export async function listWarehouseTickets(ctx: UserContext, query: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  requirePermission(ctx, "orders.manage");
  const orderId = query.orderId ? (await findOrder(ctx.pool, ctx, orderRefSchema.parse(query.orderId))).id : undefined;
  const { list, total, counts } = await q.listTickets(ctx.pool, ctx.auth.storeId, { filter: query.filter, orderId, search: query.search || undefined, limit: query.size, offset: query.page * query.size });
  return { list: list.map(toTicketDto), total, page: query.page, size: query.size, counts };
}
