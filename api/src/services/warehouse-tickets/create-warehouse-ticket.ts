import type { BodyOf } from "@atelier/contracts";
import type { createWarehouseTicket as contract, WarehouseTicketDetail } from "@atelier/contracts/warehouse-tickets";
import { orderRefSchema } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import * as q from "../../queries/orders/warehouse-tickets";
import { findOrder } from "../orders/get-order";
import { enqueueTicketAnswer } from "./answer-warehouse-ticket";
import { attachmentsOf, publishTicketUpdated, ticketDetail } from "./ticket-detail";

/**
 * Opens a ticket with the fulfilment center about one of the store's orders (another store's order
 * is 404), with the first message and its files; the warehouse's answer is queued in the same
 * transaction, so it comes once the ticket exists.
 */
export async function createWarehouseTicket(ctx: UserContext, body: BodyOf<typeof contract>): Promise<WarehouseTicketDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const orderId = body.orderId ? (await findOrder(tx, ctx, orderRefSchema.parse(body.orderId))).id : null;
    const attachments = await attachmentsOf(tx, storeId, body.uploadIds);
    const number = await q.nextNumber(tx, storeId);
    const id = await q.insertTicket(tx, storeId, { number, type: body.type, subject: body.subject, orderId, userId: ctx.auth.userId });
    await q.insertMessage(tx, storeId, id, { author: "STORE", userId: ctx.auth.userId, body: body.message, attachments });
    await enqueueTicketAnswer(ctx, tx, { id, storeId });
    publishTicketUpdated(tx, storeId, { id, number, status: "OPEN" });
    return ticketDetail(tx, storeId, { id });
  });
}
