import { warehouseTickets } from "@atelier/contracts";
import { route } from "../http/route";
import { closeWarehouseTicket } from "../services/warehouse-tickets/close-warehouse-ticket";
import { createWarehouseTicket } from "../services/warehouse-tickets/create-warehouse-ticket";
import { getWarehouseTicket } from "../services/warehouse-tickets/get-warehouse-ticket";
import { listWarehouseTickets } from "../services/warehouse-tickets/list-warehouse-tickets";
import { replyWarehouseTicket } from "../services/warehouse-tickets/reply-warehouse-ticket";

export const warehouseTicketsRoutes = [
  route(warehouseTickets.listWarehouseTickets, ({ ctx, query }) => listWarehouseTickets(ctx, query)),
  route(warehouseTickets.createWarehouseTicket, ({ ctx, body }) => createWarehouseTicket(ctx, body)),
  route(warehouseTickets.getWarehouseTicket, ({ ctx, params }) => getWarehouseTicket(ctx, params.sn)),
  route(warehouseTickets.replyWarehouseTicket, ({ ctx, params, body }) => replyWarehouseTicket(ctx, params.sn, body)),
  route(warehouseTickets.closeWarehouseTicket, ({ ctx, params }) => closeWarehouseTicket(ctx, params.sn)),
];
