import type { OrderDetail } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { can, requirePermission } from "../../auth/permissions";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import { userNames } from "../../queries/accounts";
import * as q from "../../queries/orders/orders";
import { actorIds, orderDetailAnswer, toOrderDetailDto } from "./dto";
import { JsonAnswer } from "../../json-answer";

export type OrderRef = { id?: string; number?: number };

/** The 404 of an order the store does not have, named as the caller named it. */
const orderNotFound = (ref: OrderRef) => notFound(ref.number !== undefined ? `Order #${ref.number}` : "Order");

/** The order of the caller's store (locked for a change when asked); another store's order is 404. */
export async function findOrder(db: Queryable, ctx: UserContext, ref: OrderRef, lock = false): Promise<q.OrderRow> {
  const order = await q.getOrder(db, ctx.auth.storeId, ref, lock);
  if (!order) throw orderNotFound(ref);
  return order;
}

/**
 * The detail of one order as the caller sees it (lines, holds, timeline, allowed actions): one
 * statement, and a second only when the holds or the ledger name users (their names are the
 * accounts' data, read through the accounts' queries).
 */
export async function orderDetail(db: Queryable, ctx: UserContext, ref: OrderRef): Promise<OrderDetail> {
  const read = await q.getOrderWithLedger(db, ctx.auth.storeId, ref);
  if (!read) throw orderNotFound(ref);
  const { order, lines, holds, events, fulfilments, parts } = read;
  const names = await userNames(db, actorIds(holds, events));
  return toOrderDetailDto(order, lines, holds, events, names, can(ctx.auth.role, "orders.cancel"), fulfilments, parts);
}

/**
 * One order of the store by id or number, as the answer the database built (the same as
 * orderDetail's, `api/test/orders-one-statement.test.ts` compares them): one statement, and the
 * users' names in a second only when the holds or the ledger name users.
 */
export async function getOrder(ctx: UserContext, ref: OrderRef): Promise<JsonAnswer<OrderDetail>> {
  requirePermission(ctx, "orders.manage");
  const read = await q.getOrderAnswer(ctx.pool, ctx.auth.storeId, ref);
  if (!read) throw orderNotFound(ref);
  const names = read.usersNamed.length ? await userNames(ctx.pool, read.usersNamed) : null;
  return JsonAnswer.ofJsonText(orderDetailAnswer(read, can(ctx.auth.role, "orders.cancel"), names));
}
