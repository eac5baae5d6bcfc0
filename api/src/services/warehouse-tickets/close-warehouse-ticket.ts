import type { TicketRef, WarehouseTicketDetail } from "@atelier/contracts/warehouse-tickets";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as q from "../../queries/orders/warehouse-tickets";
import { findTicket, publishTicketUpdated, ticketDetail, ticketSnOf } from "./ticket-detail";

/** Closes a settled ticket; the warehouse answers nothing more on it. */
export async function closeWarehouseTicket(ctx: UserContext, ref: TicketRef): Promise<WarehouseTicketDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const t = await findTicket(tx, storeId, ref, true);
    if (t.status === "CLOSED") throw conflict(`Ticket ${ticketSnOf(t.number)} is already closed.`);
    await q.setStatus(tx, storeId, t.id, "CLOSED");
    publishTicketUpdated(tx, storeId, { id: t.id, number: t.number, status: "CLOSED" });
    return ticketDetail(tx, storeId, { id: t.id });
  });
}
