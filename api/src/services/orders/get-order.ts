import type { OrderDetail } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { can, requirePermission } from "../../auth/permissions";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import { userNames } from "../../queries/accounts";
import * as parts from "../../queries/orders/fulfilment-parts";
import * as fulfilments from "../../queries/orders/fulfilments";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { actorIds, toOrderDetailDto } from "./dto";

export type OrderRef = { id?: string; number?: number };

/** The order of the caller's store (locked for a change when asked); another store's order is 404. */
export async function findOrder(db: Queryable, ctx: UserContext, ref: OrderRef, lock = false): Promise<q.OrderRow> {
  const order = await q.getOrder(db, ctx.auth.storeId, ref, lock);
  if (!order) throw notFound(ref.number !== undefined ? `Order #${ref.number}` : "Order");
  return order;
}

/**
 * The detail of one order as the caller sees it (lines, holds, timeline, allowed actions). A caller
 * that has just read the order and changed nothing passes it, so it is not read twice.
 */
export async function orderDetail(db: Queryable, ctx: UserContext, orderId: string, read?: q.OrderRow): Promise<OrderDetail> {
  const storeId = ctx.auth.storeId;
  const order = read ?? await findOrder(db, ctx, { id: orderId });
  const [lines, holds, events, trips, split] = await Promise.all([
    q.listOrderLines(db, storeId, orderId), ledger.listHolds(db, storeId, orderId), ledger.listEvents(db, storeId, orderId), fulfilments.listFulfilments(db, storeId, orderId),
    parts.listParts(db, storeId, orderId),
  ]);
  const names = await userNames(db, actorIds(holds, events));
  return toOrderDetailDto(order, lines, holds, events, names, can(ctx.auth.role, "orders.cancel"), trips, split);
}

/** One order of the store by id or number. */
export async function getOrder(ctx: UserContext, ref: OrderRef): Promise<OrderDetail> {
  requirePermission(ctx, "orders.manage");
  const order = await findOrder(ctx.pool, ctx, ref);
  return orderDetail(ctx.pool, ctx, order.id, order);
}
