import type { BodyOf } from "@atelier/contracts";
import type { replyWarehouseTicket as contract, TicketRef, WarehouseTicketDetail } from "@atelier/contracts/warehouse-tickets";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as q from "../../queries/orders/warehouse-tickets";
import { enqueueTicketAnswer } from "./answer-warehouse-ticket";
import { attachmentsOf, findTicket, publishTicketUpdated, ticketDetail, ticketSnOf } from "./ticket-detail";

/** Adds the store's message (and files) to an open or answered ticket; it waits for the warehouse again. */
export async function replyWarehouseTicket(ctx: UserContext, ref: TicketRef, body: BodyOf<typeof contract>): Promise<WarehouseTicketDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const t = await findTicket(tx, storeId, ref, true);
    if (t.status === "CLOSED") throw conflict(`Ticket ${ticketSnOf(t.number)} is closed, so it takes no more messages; open a new ticket instead.`);
    const attachments = await attachmentsOf(tx, storeId, body.uploadIds);
    await q.insertMessage(tx, storeId, t.id, { author: "STORE", userId: ctx.auth.userId, body: body.message, attachments });
    await q.setStatus(tx, storeId, t.id, "OPEN");
    await enqueueTicketAnswer(ctx, tx, { id: t.id, storeId });
    publishTicketUpdated(tx, storeId, { id: t.id, number: t.number, status: "OPEN" });
    return ticketDetail(tx, storeId, { id: t.id });
  });
}
