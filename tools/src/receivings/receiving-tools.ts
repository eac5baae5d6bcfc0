import { receivings } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// Inbound shipments to the fulfilment center (the Receivings screens, /receivings). Nothing here
// spends money or contacts anyone: announcing, moving and counting a shipment change the store's
// own stock records, so no approval is asked.

const sn = "The receiving's number as the user says it (RCV-1001 or 1001); 'this receiving' is the one on the user's screen";

export const receivingTools = [
  defineTool({
    contract: receivings.listReceivings,
    name: "list_receivings",
    description:
      "List the store's inbound shipments to the fulfilment center, newest first, by tab: ALL, NONE (not received yet), PARTIAL (partly counted), RECEIVED, CANCELED; search by number, supplier, tracking number or SKU. Use it for 'what's arriving', 'which receivings are open', 'the shipment from Ningbo'. The answer also counts every tab.",
    argDescriptions: { filter: "ALL (default), NONE, PARTIAL, RECEIVED or CANCELED", search: "Receiving number, supplier, tracking number or SKU", orderItemIds: "Optional: sourcing purchase ids, comma-separated, to find the receivings delivering them", sort: "-createdAt (default), createdAt, expectedArrival, -expectedArrival, number or -number", page: "Page number, starting at 0", size: "Receivings per page, 1-100" },
  }),
  defineTool({
    contract: receivings.getReceiving,
    name: "get_receiving",
    description: "Get one inbound shipment: per SKU the units expected, received, damaged and still to come, its bin, boxes, delivery and receiving status, and each count entered at the dock.",
    argDescriptions: { sn },
  }),
  defineTool({
    contract: receivings.createReceiving,
    name: "create_receiving",
    description:
      "Announce an inbound shipment to the fulfilment center (an ASN): the SKUs and units expected, number of boxes, supplier, tracking and arrival day. Its units show as incoming in the inventory until counted. A SKU not in the inventory needs its product name (title).",
    argDescriptions: {
      supplierName: "Who sends it (optional)", boxCount: "How many boxes (default 1)", carrier: "Carrier, e.g. UPS (optional)", trackingNumber: "Tracking number (optional)",
      expectedArrival: "Arrival day YYYY-MM-DD (optional)", note: "Optional note for the fulfilment center",
      lines: "What comes: [{ sku, expectedQuantity, title (only for a SKU new to the inventory), bin (optional) }]",
    },
  }),
  defineTool({
    contract: receivings.updateReceivingDelivery,
    name: "update_receiving_delivery",
    description: "Move an inbound shipment's delivery forward: NOT_YET_DELIVERED when the supplier shipped it (with carrier and tracking number if given), IN_QUEUE when it reached the dock.",
    argDescriptions: { sn, status: "NOT_YET_DELIVERED (shipped) or IN_QUEUE (at the dock)", carrier: "Carrier (optional)", trackingNumber: "Tracking number (optional)" },
  }),
  defineTool({
    contract: receivings.receiveReceiving,
    name: "receive_receiving",
    description:
      "Count units of an inbound shipment at the dock: per SKU, good units (received, they go on hand) and damaged units (recorded, not stocked). Counts add up over several calls; finish true ends a short receiving when nothing more will come. To receive everything still expected, read get_receiving and pass each line's outstanding units as received.",
    argDescriptions: { sn, lines: "Counted now: [{ sku, received, damaged }]", finish: "True when nothing more will come (default false)", note: "Optional note on what was seen" },
  }),
  defineTool({
    contract: receivings.cancelReceiving,
    name: "cancel_receiving",
    description: "Cancel an inbound shipment nothing of which was counted yet, with a reason; its units stop counting as incoming. Owners and admins only.",
    argDescriptions: { sn, reason: "Why it is canceled" },
  }),
  defineTool({
    contract: receivings.updateReceivingBoxes,
    name: "update_receiving_boxes",
    description:
      "Set what each box of an inbound shipment holds (its per-box packing list), replacing the old one: one entry per box with the SKUs and units in it. Each SKU's units across the boxes must add up to the units expected; the box count becomes the number of boxes listed. For 'same in every box', divide each line's expected units by the box count. Not for a canceled or fully received shipment.",
    argDescriptions: { sn, boxes: "One entry per box, box 1 first: [{ lines: [{ sku, quantity }] }]" },
  }),
  defineTool({
    contract: receivings.getReceivingBoxLabels,
    name: "get_receiving_box_labels",
    description:
      "The printable box labels of an inbound shipment (one 4×6 PDF page per box with a barcode of the receiving and box number, 'Box 2 of 5' and the box's contents): how many boxes, what each holds, and where the PDF downloads. Use it for 'print the box labels for my last shipment'; find 'my last shipment' with list_receivings first. The user downloads the PDF from the receiving's page.",
    argDescriptions: { sn },
  }),
  defineTool({
    contract: receivings.updateStoredAtFbp,
    name: "store_purchase_at_fulfilment_center",
    description:
      "Have a paid sourcing purchase (a creator order item from list_order_items) delivered to the fulfilment center: its units become an inbound receiving under the SKU given, from its supplier. storedAtFbp false calls that off while nothing was counted. Owners and admins only.",
    argDescriptions: { id: "The purchase's id (creator order item)", storedAtFbp: "True to deliver it to the fulfilment center, false to call that off", sku: "The SKU to stock it as (needed with true)", bin: "Optional bin", boxCount: "Optional number of boxes", expectedArrival: "Optional arrival day YYYY-MM-DD" },
  }),
];
