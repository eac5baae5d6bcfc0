import { orders } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// The store's customer orders (not purchases from suppliers: those are the purchasing tools).

const orderRef = "The order's number as the user says it (1043 or #1043), or its id; 'this order' is the order on the user's screen";

export const orderTools = [
  defineTool({
    contract: orders.listOrders,
    name: "list_orders",
    description:
      "List the store's customer orders, newest first, by tab: ALL, OUTSTANDING, PROCESSING, FULFILLED, CANCELED, ON_HOLD (waiting on a hold) or RETURNS. Search by order number, customer name or e-mail. Use it for 'my orders on hold', 'orders from Ada', 'my biggest orders' (sort -total). The answer also counts every tab.",
    argDescriptions: { filter: "The tab: ALL (default), OUTSTANDING, PROCESSING, FULFILLED, CANCELED, ON_HOLD or RETURNS", origin: "Only orders from one sales channel: SHOPIFY_PLATFORM (the store's own Atelier shop), SHOPIFY_CREATOR (Shopify), IMPORT (imported files), CART_ROVER, MANUAL_RETAIL or MANUAL_WHOLESALE", search: "Order number, customer name or e-mail", sort: "-placedAt (newest first, the default), placedAt, -orderNumber, orderNumber, -total or total", page: "Page number, starting at 0", size: "Orders per page, 1-100" },
  }),
  defineTool({
    contract: orders.getOrder,
    name: "get_order",
    description: "Get one order: lines, customer, shipping address, its holds with their reasons (open and released) and its timeline of status changes and notes. Use it for 'why is #1043 on hold?' and before releasing a hold (you need the hold's id).",
    argDescriptions: { id: orderRef },
  }),
  defineTool({
    contract: orders.holdOrder,
    name: "hold_order",
    description: "Put an order on hold with a reason, so it doesn't ship until every hold is released. Several holds can be open at once. Shipped or canceled orders can't be held.",
    argDescriptions: { id: orderRef },
  }),
  defineTool({
    contract: orders.releaseOrderHold,
    name: "release_order_hold",
    description: "Release one hold of an order (its id from get_order). When it was the last open hold, the order goes back to its earlier status and can ship. Release only the holds the user asked about.",
    argDescriptions: { id: orderRef, note: "Optional: why the hold can be released" },
  }),
  defineTool({
    contract: orders.addOrderNote,
    name: "add_order_note",
    description: "Add a note to an order's timeline for the team (notes can't be edited or deleted).",
    argDescriptions: { id: orderRef },
  }),
  defineTool({
    contract: orders.cancelOrder,
    name: "cancel_order",
    description: "Cancel an order nothing of which has shipped; its open holds are released. Owners and admins only. Needs the user's approval: it gives up the sale.",
    argDescriptions: { id: orderRef },
    approval: { summary: (a) => `Cancel order ${/^\d+$/.test(String(a.id)) ? `#${String(a.id)}` : String(a.id)}${a.reason ? ` (reason: ${String(a.reason)})` : ""}` },
  }),
  defineTool({
    contract: orders.submitOrderFulfilment,
    name: "send_order_to_fulfilment",
    description: "Send an order to the fulfilment center, which accepts, picks, packs and ships it in the background; get_order then shows the shipment with its carrier and tracking number. The order must be open and not on hold; its units are reserved first. Nothing is charged.",
    argDescriptions: { id: orderRef },
  }),
];
