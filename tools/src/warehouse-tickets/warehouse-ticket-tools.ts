import { warehouseTickets } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// Tickets to the store's own fulfilment center (warehouse tickets, 000 §4 support ticket types).
// They reach the warehouse the store contracted, not a customer or a supplier, and spend nothing,
// so no approval is asked: like a note on the order, the store writes to its own operations desk.

const sn = "The ticket's number as the user says it (WT-1001 or 1001); 'my ticket' or 'this ticket' is the one on the user's screen or the latest one listed";

export const warehouseTicketTools = [
  defineTool({
    contract: warehouseTickets.listWarehouseTickets,
    name: "list_warehouse_tickets",
    description:
      "List the store's tickets to its fulfilment center, latest activity first, with each one's status (OPEN waiting for the warehouse, ANSWERED, CLOSED) and latest message. Use it for 'what's the status of my ticket', 'has the warehouse answered', 'tickets about order 1043'.",
    argDescriptions: { filter: "ALL (default), OPEN, ANSWERED or CLOSED", orderId: "Optional: only tickets about this order (number like 1043, or id)", search: "Ticket number, subject words or order number", page: "Page number, starting at 0", size: "Tickets per page, 1-100" },
  }),
  defineTool({
    contract: warehouseTickets.getWarehouseTicket,
    name: "get_warehouse_ticket",
    description: "Get one ticket with the whole conversation with the warehouse (who wrote what, attachments). Use it to say what the warehouse answered.",
    argDescriptions: { sn },
  }),
  defineTool({
    contract: warehouseTickets.createWarehouseTicket,
    name: "open_warehouse_ticket",
    description:
      "Open a ticket with the fulfilment center about an order: type RETURN_EXCHANGE, MISSING_WRONG_ITEMS, LOST_DELAYED, BROKEN, CANCELED_REFUND, RELEASE_HOLD, WHOLESALE_ATTACHMENT_PACKING_SLIP or WHOLESALE_ORDER_REQUIREMENTS; a subject and the message for the warehouse. 'this order' is the order on the user's screen. The warehouse answers in the ticket.",
    argDescriptions: { type: "What it is about (one of the eight types)", orderId: "The order: its number like 1043, or id (needed except for wholesale order requirements)", subject: "A short title", message: "What the warehouse should know or do", uploadIds: "Optional: ids of files the user uploaded" },
  }),
  defineTool({
    contract: warehouseTickets.replyWarehouseTicket,
    name: "reply_warehouse_ticket",
    description: "Add the store's message to an open or answered ticket; it then waits for the warehouse again.",
    argDescriptions: { sn, message: "The store's message", uploadIds: "Optional: ids of files the user uploaded" },
  }),
  defineTool({
    contract: warehouseTickets.closeWarehouseTicket,
    name: "close_warehouse_ticket",
    description: "Close a ticket that is settled.",
    argDescriptions: { sn },
  }),
];
