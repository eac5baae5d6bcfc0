import { presales } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// Pre-sale (/fulfillment-services/pre-sale): sell a SKU before its stock arrives, tied to an
// incoming receiving or freight booking, up to a cap. No money moves and nobody is contacted, so
// no approval: ending one leaves the waiting orders in their queue.

const presaleId = "The pre-sale's id, from list_presales; 'this pre-sale' is the one on the user's screen";

export const presaleTools = [
  defineTool({
    contract: presales.listIncomingShipments,
    name: "list_incoming_shipments",
    description: "The open receivings and freight bookings that bring a SKU, with units and arrival estimates: call it before start_presale to find the shipment a pre-sale waits for.",
    argDescriptions: { sku: "The SKU to put on pre-sale (from list_inventory)" },
  }),
  defineTool({
    contract: presales.startPresale,
    name: "start_presale",
    description: "Put a SKU on pre-sale: orders past its stock are accepted as pre-orders up to the cap and wait for the named receiving or freight booking, then ship first come, first served. The expected ship date defaults to the shipment's arrival plus two days. Nothing is charged.",
    argDescriptions: {
      sku: "The SKU (from list_inventory)",
      receivingSn: "The receiving bringing it, like RCV-1004 (from list_incoming_shipments)",
      freightReference: "Or the freight booking bringing it (from list_incoming_shipments)",
      cap: "The most units that may be pre-ordered",
      expectedShipDate: "YYYY-MM-DD; leave out for the shipment's arrival plus two days",
    },
  }),
  defineTool({
    contract: presales.listPresales,
    name: "list_presales",
    description: "The store's pre-sales with cap, units pre-ordered and left, orders still waiting and the expected ship date; the totals say how many pre-orders wait over all of them. Use it for 'how many pre-orders do I have?'.",
    argDescriptions: { search: "SKU or product name words", status: "ACTIVE (taking pre-orders) or ENDED", sort: "Order of the list", page: "Page number from 0", size: "Pre-sales per page" },
  }),
  defineTool({
    contract: presales.getPresale,
    name: "get_presale",
    description: "One pre-sale: cap, units pre-ordered and left, orders waiting, expected ship date and the shipment it waits for.",
    argDescriptions: { id: presaleId },
  }),
  defineTool({
    contract: presales.listPreorders,
    name: "list_preorders",
    description: "A pre-sale's orders in queue order (the order they get stock in): the waiting ones, or all.",
    argDescriptions: { id: presaleId, status: "WAITING, ALLOCATED or CANCELED; all when left out", page: "Page number from 0", size: "Orders per page" },
  }),
  defineTool({
    contract: presales.updatePresale,
    name: "update_presale",
    description: "Change a pre-sale's cap (the most units that may be pre-ordered) or its expected ship date, or both. The cap can't go below the units already pre-ordered; a new date is written into the waiting orders' holds. Nothing is charged and nobody is contacted, so it runs at once: tell the user the answer's sentence.",
    argDescriptions: { id: presaleId, cap: "The new cap in units", expectedShipDate: "The new expected ship date, YYYY-MM-DD, today or later" },
  }),
  defineTool({
    contract: presales.endPresale,
    name: "end_presale",
    description: "End a pre-sale: no new pre-orders. Orders already waiting keep their place and ship when the stock is received; tell the user so, and that they can cancel any from Orders.",
    argDescriptions: { id: presaleId },
  }),
];
