import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { listReturnOrders as contract } from "@atelier/contracts/returns";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as q from "../../queries/returns/returns";
import { findOrder } from "../orders/get-order";
import { orderRefOf } from "./order-ref";
import { returnDtos } from "./return-detail";

/** One tab of the store's returns (optionally of one order), searched and paged in SQL, with each tab's count. */
export async function listReturnOrders(ctx: UserContext, query: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const orderId = query.orderId ? (await findOrder(ctx.pool, ctx, orderRefOf(query.orderId))).id : undefined;
  const search = query.search || undefined;
  const [{ list, total }, counts] = await Promise.all([
    q.listReturns(ctx.pool, storeId, { filter: query.filter, orderId, search, limit: query.size, offset: query.page * query.size }),
    q.countByStatus(ctx.pool, storeId, { orderId, search }),
  ]);
  return { list: await returnDtos(ctx.pool, storeId, list), total, page: query.page, size: query.size, counts };
}
