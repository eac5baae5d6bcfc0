import { returns } from "@atelier/contracts";
import { dollars, REFUND_DESTINATION_LABELS } from "@atelier/contracts/returns";
import { defineTool, type ApprovalLookup } from "../tool-spec";

// Returns of the store's customer orders (RMAs) and the store's return policy. Receiving a return
// refunds the buyer, so it asks the user's approval with the amount and the customer by name.

const orderRef = "The order's number as the user says it (1043 or #1043), or its id; 'this order' is the order on the user's screen";
const returnRef = "The return's number as the user says it (RMA-1001 or 1001), or its id; 'this return' is the return on the user's screen";

/** "Receive return RMA-1001 of order #1043 and refund $21.00 to Grace Hopper's original payment". */
async function refundSummary(args: Record<string, unknown>, lookup: ApprovalLookup): Promise<string> {
  const ret = await lookup(returns.getReturnOrder, { params: { id: String(args.id) } });
  if (!ret) return `Receive return ${String(args.id)} and refund the customer`;
  const amount = typeof args.refundCents === "number" ? args.refundCents : ret.expectedRefundCents;
  const to = `${ret.customerName}'s ${REFUND_DESTINATION_LABELS[ret.refundDestination].toLowerCase()}`;
  const restock = args.restock === false ? " without putting the units back on the shelf" : "";
  return amount > 0
    ? `Receive return ${ret.handle} of order #${ret.orderNumber}${restock} and refund ${dollars(amount)} to ${to}`
    : `Receive return ${ret.handle} of order #${ret.orderNumber}${restock}; nothing is left to refund to ${ret.customerName}`;
}

export const returnTools = [
  defineTool({
    contract: returns.listReturnOrders,
    name: "list_returns",
    description:
      "List the store's returns (RMAs), newest first, by tab: ALL, CREATED (the customer made it), SHIPPING (on its way back), RECEIVED (complete: received and refunded), CANCELED. Filter by one order, or search by return number, order number or customer. Use it for 'which returns are open', 'returns of #1043'. The answer also counts every tab.",
    argDescriptions: { filter: "ALL (default), CREATED, SHIPPING, RECEIVED or CANCELED", orderId: orderRef, search: "Return number, order number or customer name", page: "Page number, starting at 0", size: "Returns per page, 1-100" },
  }),
  defineTool({
    contract: returns.getReturnOrder,
    name: "get_return",
    description: "Get one return: its lines, status, refund method, fee, destination, the refund it would make (or made) and its tracking.",
    argDescriptions: { id: returnRef },
  }),
  defineTool({
    contract: returns.createReturnOrder,
    name: "create_return",
    description:
      "Open a return for shipped units of an order (by SKU and quantity, from get_order's lines), with the customer's reason. Refund method, fee and destination default to the store's return settings; pass refundDestination STORE_CREDIT when the user asks for store credit. Nothing is refunded until the return is received (receive_return).",
    argDescriptions: { orderId: orderRef, lines: "What comes back: [{ sku, quantity }] from the order's lines" },
  }),
  defineTool({
    contract: returns.shipReturnOrder,
    name: "mark_return_shipped",
    description: "Mark a created return as on its way back, with the carrier and tracking number when the user gives them.",
    argDescriptions: { id: returnRef },
  }),
  defineTool({
    contract: returns.receiveReturnOrder,
    name: "receive_return",
    description:
      "Receive a return: its units go back on the shelf (unless restock is false) and the buyer is refunded (to the original payment or as store credit); the return is then complete. Owners and admins only. Needs the user's approval: it gives money back. refundCents only for a manual refund method.",
    argDescriptions: { id: returnRef },
    approval: { summary: refundSummary },
  }),
  defineTool({
    contract: returns.cancelReturnOrder,
    name: "cancel_return",
    description: "Cancel an open return with a reason; nothing is refunded and its units can be returned again later.",
    argDescriptions: { id: returnRef },
  }),
  defineTool({
    contract: returns.getReturnSettings,
    name: "get_return_settings",
    description: "The store's return policy: refund method, return fee, refund destination, return window in days and whether received units are restocked.",
  }),
  defineTool({
    contract: returns.updateReturnSettings,
    name: "update_return_settings",
    description: "Change the store's return policy (every field at once: read get_return_settings first and change only what the user asked). New returns take it; open ones keep theirs.",
  }),
];
