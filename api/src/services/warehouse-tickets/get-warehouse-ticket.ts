import type { TicketRef, WarehouseTicketDetail } from "@atelier/contracts/warehouse-tickets";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { ticketDetail } from "./ticket-detail";

/** One ticket with its conversation with the warehouse. */
export async function getWarehouseTicket(ctx: UserContext, ref: TicketRef): Promise<WarehouseTicketDetail> {
  requirePermission(ctx, "orders.manage");
  return ticketDetail(ctx.pool, ctx.auth.storeId, ref);
}
