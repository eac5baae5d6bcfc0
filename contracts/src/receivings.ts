import { z } from "zod";
import { defineContract } from "./contract";
import { pageOf, pageQuery } from "./domain";
import { binSchema, skuSchema } from "./inventory";
import { boxesSchema, boxProblems, receivingBoxSchema } from "./receiving-boxes";

// Receivings: inbound shipments to the fulfilment center (000 §2.5 "Receivings /receivings", §4
// receiving NONE/PARTIAL/RECEIVED and inbound delivery). Announced ahead like an ASN (ShipBob's
// warehouse receiving orders): expected SKUs and units, boxes, supplier, tracking. Expected units
// count as incoming in the inventory until counted; received units go on hand, damaged ones don't.

/** 000 §4 receiving: nothing counted yet, some lines counted, everything counted. */
export const RECEIVING_STATUSES = ["NONE", "PARTIAL", "RECEIVED"] as const;
export type ReceivingStatus = (typeof RECEIVING_STATUSES)[number];
export const RECEIVING_STATUS_LABELS: Record<ReceivingStatus, string> = { NONE: "Not received yet", PARTIAL: "Partly received", RECEIVED: "Received" };

/** 000 §4 inbound delivery, in the order a parcel moves ("received by the provider" last). */
export const DELIVERY_STATUSES = ["NOT_YET_SHIPPED", "NOT_YET_DELIVERED", "IN_QUEUE", "RECEIVED_BY_PROVIDER"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  NOT_YET_SHIPPED: "Not shipped yet",
  NOT_YET_DELIVERED: "On its way",
  IN_QUEUE: "At the dock, waiting to be counted",
  RECEIVED_BY_PROVIDER: "Being counted by the fulfilment center",
};

/** The list's tabs: the receiving statuses, and canceled ones apart. */
export const RECEIVING_FILTERS = ["ALL", "NONE", "PARTIAL", "RECEIVED", "CANCELED"] as const;
export type ReceivingFilter = (typeof RECEIVING_FILTERS)[number];
export const RECEIVING_SORTS = ["-createdAt", "createdAt", "expectedArrival", "-expectedArrival", "-number", "number"] as const;
export type ReceivingSort = (typeof RECEIVING_SORTS)[number];

/** A receiving as a path names it: its number (RCV-1001 or 1001) or its id. */
export const receivingRefSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const n = v.replace(/^(rcv-?|#)/i, "");
    if (/^\d{1,9}$/.test(n)) return { number: Number(n) } as { number: number; id?: undefined };
    if (z.uuid().safeParse(v).success) return { id: v.toLowerCase() } as { id: string; number?: undefined };
    ctx.addIssue({ code: "custom", message: "must be a receiving number like RCV-1001" });
    return z.NEVER;
  });
export type ReceivingRef = z.output<typeof receivingRefSchema>;

export const receivingLineSchema = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  bin: z.string(),
  expected: z.number().int(),
  received: z.number().int(),
  damaged: z.number().int(),
  /** Expected units not counted yet (0 once the receiving is closed or canceled). */
  outstanding: z.number().int(),
});
export type ReceivingLine = z.infer<typeof receivingLineSchema>;

export const receivingReceiptSchema = z.object({
  sku: z.string(),
  received: z.number().int(),
  damaged: z.number().int(),
  note: z.string(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});

export const receivingSchema = z.object({
  id: z.string(),
  /** RCV-1001: how people and the route (/receivings/:sn/details) name it. */
  sn: z.string(),
  number: z.number().int(),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  receivingStatus: z.enum(RECEIVING_STATUSES),
  canceled: z.boolean(),
  cancelReason: z.string().nullable(),
  /** Counting ended short: what was not counted no longer counts as incoming. */
  closed: z.boolean(),
  supplierName: z.string(),
  boxCount: z.number().int(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** YYYY-MM-DD */
  expectedArrival: z.string().nullable(),
  note: z.string(),
  /** The sourcing purchase (creator order item) this shipment delivers, when it came from one. */
  orderItemId: z.string().nullable(),
  lines: z.array(receivingLineSchema),
  totals: z.object({ expected: z.number().int(), received: z.number().int(), damaged: z.number().int(), outstanding: z.number().int() }),
  createdAt: z.string(),
  shippedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
});
export type Receiving = z.infer<typeof receivingSchema>;

export const receivingDetailSchema = receivingSchema.extend({
  /** Each count entered at the dock, oldest first. */
  receipts: z.array(receivingReceiptSchema),
  /** Each box's contents (issue 16), box 1 first; empty when no packing list was given. */
  boxes: z.array(receivingBoxSchema),
});
export type ReceivingDetail = z.infer<typeof receivingDetailSchema>;

const snParams = z.strictObject({ sn: receivingRefSchema.describe("The receiving's number, like RCV-1001") });
const units = (what: string) => z.number().int("must be a whole number").min(0, "must be 0 or more").max(1_000_000, "must be at most 1,000,000").describe(what);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2030-01-31").refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "must be a real date");
const trackingSchema = z.string().trim().min(4, "must have at least 4 characters").max(60, "must be at most 60 characters").regex(/^[A-Za-z0-9-]+$/, "may use only letters, digits and dashes");
const carrierSchema = z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters");

/** Purchases named in a query string: ids separated by commas (the purchases page asks for its own page's). */
export const orderItemIdsSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const ids = [...new Set(v.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean))];
    if (!ids.length) ctx.addIssue({ code: "custom", message: "must name at least one purchase" });
    else if (ids.length > 100) ctx.addIssue({ code: "custom", message: "must name at most 100 purchases" });
    else if (!ids.every((id) => z.uuid().safeParse(id).success)) ctx.addIssue({ code: "custom", message: "must be purchase ids separated by commas" });
    return ids;
  });

export const listReceivings = defineContract({
  id: "listReceivings",
  method: "GET",
  path: "/web/receivings",
  summary: "The store's inbound shipments to the fulfilment center, one tab (ALL, NONE not received yet, PARTIAL, RECEIVED, CANCELED), searched by number, supplier, tracking number or SKU, sorted and paged; with each tab's count.",
  tags: ["inventory", "receivings"],
  access: "user",
  query: z.strictObject({
    filter: z.enum(RECEIVING_FILTERS).default("ALL"),
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
    sort: z.enum(RECEIVING_SORTS).default("-createdAt"),
    orderItemIds: orderItemIdsSchema.optional().describe("Optional: sourcing purchase ids, comma-separated; only the live (not canceled) receivings delivering them"),
    ...pageQuery,
  }),
  response: pageOf(receivingSchema).extend({ counts: z.record(z.enum(RECEIVING_FILTERS), z.number().int()) }),
});

export const getReceiving = defineContract({
  id: "getReceiving",
  method: "GET",
  path: "/web/receivings/:sn",
  summary: "One inbound shipment: its lines (expected, received, damaged, still to come per SKU and bin), boxes, delivery and receiving status, and each count entered.",
  tags: ["inventory", "receivings"],
  access: "user",
  params: snParams,
  response: receivingDetailSchema,
});

export const createReceivingBody = z
  .strictObject({
    supplierName: z.string().trim().max(120, "must be at most 120 characters").optional().describe("Who sends it, e.g. the factory's name"),
    boxCount: z.number().int("must be a whole number").min(1, "must be at least 1").max(1000, "must be at most 1,000").default(1).describe("How many boxes or cartons arrive"),
    carrier: carrierSchema.optional().describe("Optional: the carrier, e.g. UPS"),
    trackingNumber: trackingSchema.optional().describe("Optional: the shipment's tracking number"),
    expectedArrival: isoDate.optional().describe("Optional: the day it should arrive, YYYY-MM-DD"),
    note: z.string().trim().max(500, "must be at most 500 characters").optional().describe("Optional: anything the fulfilment center should know"),
    lines: z
      .array(
        z.strictObject({
          sku: skuSchema.describe("The SKU, e.g. TEE-BLK-M"),
          title: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional().describe("The product's name; needed only for a SKU not in the inventory yet"),
          expectedQuantity: z.number().int("must be a whole number").min(1, "must be at least 1").max(1_000_000, "must be at most 1,000,000").describe("Units expected"),
          bin: binSchema.optional().describe("Optional: the bin to stock it in (default the SKU's fullest bin, or A-01)"),
        }),
      )
      .min(1, "must name at least one SKU")
      .max(100, "must have at most 100 lines"),
    boxes: boxesSchema.optional().describe("Optional: what each box holds (SKU and units), one entry per box; the units of each SKU across the boxes must add up to its expected quantity"),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.lines.forEach((l, i) => {
      const k = l.sku.toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: "custom", message: "appears twice; put all its units on one line", path: ["lines", i, "sku"] });
      seen.add(k);
    });
    if (!b.boxes || seen.size < b.lines.length) return;
    if (b.boxes.length !== b.boxCount) ctx.addIssue({ code: "custom", message: `must list ${b.boxCount} ${b.boxCount === 1 ? "box" : "boxes"}, one per box, not ${b.boxes.length}`, path: ["boxes"] });
    else for (const p of boxProblems(b.lines.map((l) => ({ sku: l.sku, expected: l.expectedQuantity })), b.boxes)) ctx.addIssue({ code: "custom", message: p.message, path: ["boxes", ...p.path] });
  });

export const createReceiving = defineContract({
  id: "createReceiving",
  method: "POST",
  path: "/web/receivings",
  summary: "Announces an inbound shipment to the fulfilment center: the SKUs and units expected, boxes, supplier, tracking and arrival day. Its units show as incoming in the inventory until received. A SKU not in the inventory yet is added (its name is needed).",
  tags: ["inventory", "receivings"],
  access: "user",
  status: 201,
  idempotent: true,
  body: createReceivingBody,
  response: receivingDetailSchema,
});

export const updateReceivingDelivery = defineContract({
  id: "updateReceivingDelivery",
  method: "POST",
  path: "/web/receivings/:sn/delivery",
  summary: "Moves an inbound shipment's delivery forward: NOT_YET_DELIVERED when it is shipped (with carrier and tracking when known), IN_QUEUE when it reached the dock. Going back, or changing a canceled or counted one, is 409.",
  tags: ["inventory", "receivings"],
  access: "user",
  idempotent: true,
  params: snParams,
  body: z.strictObject({
    status: z.enum(["NOT_YET_DELIVERED", "IN_QUEUE"]).describe("NOT_YET_DELIVERED (shipped, on its way) or IN_QUEUE (arrived at the dock)"),
    carrier: carrierSchema.optional().describe("Optional: the carrier, e.g. UPS"),
    trackingNumber: trackingSchema.optional().describe("Optional: the tracking number"),
  }),
  response: receivingDetailSchema,
});

export const updateReceivingBoxes = defineContract({
  id: "updateReceivingBoxes",
  method: "PUT",
  path: "/web/receivings/:sn/boxes",
  summary: "Sets what each box of an inbound shipment holds (SKU and units per box), replacing its packing list; the box count becomes the number of boxes listed. The units of each SKU across the boxes must add up to its expected quantity. A canceled or fully received shipment is 409.",
  tags: ["inventory", "receivings"],
  access: "user",
  idempotent: true,
  params: snParams,
  body: z.strictObject({ boxes: boxesSchema.describe("One entry per box, box 1 first: the SKUs and units it holds") }),
  response: receivingDetailSchema,
});

/** The box labels' document, for a person or an agent to hand over: where it downloads and what it holds. */
export const getReceivingBoxLabels = defineContract({
  id: "getReceivingBoxLabels",
  method: "GET",
  path: "/web/receivings/:sn/box-labels",
  summary: "The printable box labels of an inbound shipment: one 4×6 page per box with a Code 128 barcode of the receiving and box number, the box's contents and 'Box 2 of 5'. Answers the download path of the PDF and each box's contents (empty when no packing list was given).",
  tags: ["inventory", "receivings"],
  access: "user",
  params: snParams,
  response: z.object({
    sn: z.string(),
    supplierName: z.string(),
    boxCount: z.number().int(),
    /** Whether a packing list says what each box holds. */
    listed: z.boolean(),
    boxes: z.array(receivingBoxSchema),
    /** The PDF under the API's base, e.g. /web/receivings/RCV-1001/box-labels/document (sent with the session's bearer token). */
    documentPath: z.string(),
    fileName: z.string(),
  }),
});

/** "RCV-1001-B02": what a box label's barcode reads, the receiving and the box. */
export const boxBarcodeText = (sn: string, box: number) => `${sn}-B${String(box).padStart(2, "0")}`;

export const receiveReceivingBody = z
  .strictObject({
    lines: z
      .array(
        z
          .strictObject({
            sku: skuSchema.describe("A SKU of the receiving"),
            received: units("Good units counted now; they go on hand").default(0),
            damaged: units("Damaged units counted now; recorded, never stocked").default(0),
          })
          .refine((l) => l.received + l.damaged > 0, { message: "must count at least one unit, received or damaged", path: ["received"] }),
      )
      .max(100, "must have at most 100 lines")
      .default([]),
    finish: z.boolean().default(false).describe("True when nothing more will come: what was not counted stops counting as incoming"),
    note: z.string().trim().max(500, "must be at most 500 characters").optional().describe("Optional: what was seen at the dock"),
  })
  .refine((b) => b.lines.length > 0 || b.finish, { message: "must count at least one SKU, or finish the receiving", path: ["lines"] });

export const receiveReceiving = defineContract({
  id: "receiveReceiving",
  method: "POST",
  path: "/web/receivings/:sn/receive",
  summary: "Counts units of an inbound shipment at the dock, per SKU: received units go on hand in the line's bin, damaged units are recorded; both leave incoming. Partial counts add up; finish ends a short receiving. More than expected, or a canceled or finished receiving, is 409.",
  tags: ["inventory", "receivings"],
  access: "user",
  idempotent: true,
  params: snParams,
  body: receiveReceivingBody,
  response: receivingDetailSchema,
});

export const cancelReceiving = defineContract({
  id: "cancelReceiving",
  method: "POST",
  path: "/web/receivings/:sn/cancel",
  summary: "Cancels an inbound shipment nothing of which was counted yet, with a reason; its units stop counting as incoming. One already counted is 409 (finish it instead).",
  tags: ["inventory", "receivings"],
  access: "user",
  idempotent: true,
  params: snParams,
  body: z.strictObject({ reason: z.string().trim().min(3, "must have at least 3 characters").max(500, "must be at most 500 characters").describe("Why it is canceled") }),
  response: receivingDetailSchema,
});

/** Order item statuses whose units exist: paid, in production or shipped by the supplier. */
export const STORABLE_ORDER_ITEM_STATUSES = ["IN_PRODUCTION", "IN_SUBSCRIPTION", "SHIPPED"] as const;

export const updateStoredAtFbp = defineContract({
  id: "updateStoredAtFbp",
  method: "PUT",
  path: "/web/creator-order-items/:id/update-stored-at-fbp",
  summary: "Has a paid sourcing purchase delivered to the fulfilment center (storedAtFbp true): its units become an inbound receiving under the SKU given (added to the inventory with the purchase's name when new). False calls off that receiving while nothing of it was counted. A purchase not paid yet is 409.",
  tags: ["purchasing", "receivings", "inventory"],
  access: "user",
  idempotent: true,
  params: z.strictObject({ id: z.uuid("must be an order item id").describe("The sourcing purchase (creator order item)") }),
  body: z
    .strictObject({
      storedAtFbp: z.boolean().describe("True to deliver the purchase to the fulfilment center; false to call that off"),
      sku: skuSchema.optional().describe("The SKU the units are stocked under, e.g. TEE-BLK-M (needed with true)"),
      bin: binSchema.optional().describe("Optional: the bin to stock it in"),
      boxCount: z.number().int("must be a whole number").min(1, "must be at least 1").max(1000, "must be at most 1,000").optional().describe("Optional: how many boxes (default 1)"),
      expectedArrival: isoDate.optional().describe("Optional: the day it should arrive, YYYY-MM-DD"),
    })
    .refine((b) => !b.storedAtFbp || b.sku !== undefined, { message: "is needed to stock the purchase at the fulfilment center", path: ["sku"] }),
  response: z.object({ orderItemId: z.string(), storedAtFbp: z.boolean(), receiving: receivingDetailSchema.nullable() }),
});
