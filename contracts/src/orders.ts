import { z } from "zod";
import { defineContract } from "./contract";
import { idSchema, pageOf, pageQuery } from "./domain";

// What a store's own customers buy from it (000 §3 order origin, §4 order list filter, processing,
// fulfilment and cancellation states, §7 /web/orders). Not purchases from suppliers: those are
// `purchasing`. This slice: the list, the detail, notes, holds and cancelling.

/** Where an order came from (000 §3). */
export const ORDER_ORIGINS = ["SHOPIFY_PLATFORM", "SHOPIFY_CREATOR", "IMPORT", "CART_ROVER", "MANUAL_RETAIL", "MANUAL_WHOLESALE"] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];
/** How each origin is shown (000 §3: IMPORT is "Imported"). */
export const ORDER_ORIGIN_LABELS: Record<OrderOrigin, string> = {
  SHOPIFY_PLATFORM: "Atelier shop",
  SHOPIFY_CREATOR: "Shopify",
  IMPORT: "Imported",
  CART_ROVER: "CartRover",
  MANUAL_RETAIL: "Manual retail",
  MANUAL_WHOLESALE: "Manual wholesale",
};

/** How the carrier service is chosen when the fulfilment center ships the order (a manual order is placed with one; a rule may choose one). */
export const SHIPPING_METHODS = ["ECONOMY", "STANDARD", "EXPEDITED", "OVERNIGHT"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = { ECONOMY: "Economy", STANDARD: "Standard", EXPEDITED: "Expedited", OVERNIGHT: "Overnight" };

export const PROCESSING_STATUSES = ["OUTSTANDING", "PROCESSING", "ON_HOLD", "FINISHED"] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];
export const FULFILLMENT_STATES = ["NONE", "PARTIAL", "FULFILLED"] as const;
export const CANCELLATION_STATES = ["NONE", "PARTIAL", "CANCELED"] as const;

/** The list's tabs (000 §4). */
export const ORDER_LIST_FILTERS = ["ALL", "OUTSTANDING", "PROCESSING", "FULFILLED", "CANCELED", "ON_HOLD", "RETURNS"] as const;
/** A search of the orders list counts its matches up to this many (the list then says "1,000+"). */
export const ORDER_SEARCH_COUNT_CAP = 1000;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];

export const ORDER_SORTS = ["-placedAt", "placedAt", "-orderNumber", "orderNumber", "-total", "total"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const ORDER_EVENT_KINDS = ["PLACED", "NOTE_ADDED", "HOLD_PLACED", "HOLD_RELEASED", "STATUS_CHANGED", "CANCELED", "FULFILMENT_UPDATED", "RETURN_CREATED", "RETURN_SHIPPING", "RETURN_RECEIVED", "RETURN_CANCELED", "REFUNDED"] as const;

// Made once: building a schema per parse was most of the detail's validation cost (oapi13's profile).
const ORDER_ID = z.uuid();

/**
 * An order as a path names it: its id, or its number (`1043` or `#1043`), as people say it.
 * Numbers become `{ number }`, ids `{ id }`.
 */
export const orderRefSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const n = v.replace(/^#/, "");
    if (/^\d{1,9}$/.test(n)) return { number: Number(n) } as { number: number; id?: undefined };
    if (ORDER_ID.safeParse(v).success) return { id: v.toLowerCase() } as { id: string; number?: undefined };
    ctx.addIssue({ code: "custom", message: "must be an order id or an order number like 1043" });
    return z.NEVER;
  });

const actorSchema = z.object({
  userId: z.string().nullable(),
  /** The person's name or e-mail, or null for a rule. */
  userName: z.string().nullable(),
  /** The rule that acted, when no person did. */
  rule: z.string().nullable(),
});

export const orderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  origin: z.enum(ORDER_ORIGINS),
  customerName: z.string(),
  email: z.string().nullable(),
  totalCents: z.number().int(),
  currency: z.string(),
  itemCount: z.number().int(),
  processingStatus: z.enum(PROCESSING_STATUSES),
  fulfillmentState: z.enum(FULFILLMENT_STATES),
  cancellationState: z.enum(CANCELLATION_STATES),
  hasReturns: z.boolean(),
  openHolds: z.number().int(),
  /** Why the order waits on a pre-sale, as a sentence with the expected ship date; null when it doesn't. */
  preSale: z.string().nullable(),
  placedAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderHoldSchema = z.object({
  id: z.string(),
  reason: z.string(),
  setBy: actorSchema,
  createdAt: z.string(),
  releasedAt: z.string().nullable(),
  releasedBy: actorSchema.nullable(),
  releaseNote: z.string().nullable(),
});
export type OrderHold = z.infer<typeof orderHoldSchema>;

export const orderEventSchema = z.object({
  id: z.string(),
  kind: z.enum(ORDER_EVENT_KINDS),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  message: z.string(),
  holdId: z.string().nullable(),
  actor: actorSchema,
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderLineSchema = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  variantTitle: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  fulfilledQuantity: z.number().int(),
  returnedQuantity: z.number().int(),
});

/** The order's trips through the fulfilment center: accepted, picked, packed, shipped with a tracking number. */
export const FULFILMENT_STATUSES = ["SUBMITTED", "ACCEPTED", "PICKED", "PACKED", "SHIPPED", "FAILED", "CANCELED"] as const;
export const orderShipmentSchema = z.object({
  id: z.string(),
  status: z.enum(FULFILMENT_STATUSES),
  carrier: z.string().nullable(),
  service: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** Why the last attempt failed (the center retries), or why it stopped. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  shippedAt: z.string().nullable(),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/** A part of a split order (split by stock, as Shopify's fulfilment orders): its lines and where it stands. */
export const ORDER_PART_STATUSES = ["OPEN", "WAITING", "IN_PROGRESS", "SHIPPED", "CANCELED"] as const;
export const ORDER_PART_STATUS_LABELS: Record<(typeof ORDER_PART_STATUSES)[number], string> = {
  OPEN: "Ready to ship",
  WAITING: "Waiting for stock",
  IN_PROGRESS: "At the fulfilment center",
  SHIPPED: "Shipped",
  CANCELED: "Canceled",
};
export const orderPartSchema = z.object({
  id: z.string(),
  /** 1 ships first; 2 is the backorder. */
  position: z.number().int(),
  status: z.enum(ORDER_PART_STATUSES),
  /** What it waits for, while it waits. */
  waitReason: z.string().nullable(),
  /** The rule that split the order. */
  splitByRule: z.string(),
  lines: z.array(z.object({ lineId: z.string(), sku: z.string(), title: z.string(), quantity: z.number().int() })),
  createdAt: z.string(),
  releasedAt: z.string().nullable(),
});
export type OrderPart = z.infer<typeof orderPartSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  discountCode: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), phoneNumber: z.string().nullable() }).nullable(),
  shippingAddress: z
    .object({ name: z.string().nullable(), address1: z.string().nullable(), city: z.string().nullable(), region: z.string().nullable(), postalCode: z.string().nullable(), countryCode: z.string().nullable() })
    .nullable(),
  note: z.string().nullable(),
  /** The method the order was placed with; null when it came in without one. */
  shippingMethod: z.enum(SHIPPING_METHODS).nullable(),
  fulfilledAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  lines: z.array(orderLineSchema),
  holds: z.array(orderHoldSchema),
  /** The ledger, oldest first, starting with the order being placed. */
  timeline: z.array(orderEventSchema),
  shipments: z.array(orderShipmentSchema),
  /** The parts a split by stock made (none when the order ships whole). */
  parts: z.array(orderPartSchema).default([]),
  /** What the caller may do now, with the sentence saying why not. */
  actions: z.object({
    fulfil: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
    hold: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
    cancel: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
  }),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The `:id` of every order route: the order's id or its number. */
export const orderRefParams = z.strictObject({ id: orderRefSchema.describe("The order's id, or its number like 1043") });
const text = (min: number, max: number, what: string) =>
  z.string().trim().min(min, `must have at least ${min} characters`).max(max, `must be at most ${max} characters`).describe(what);

export const listOrders = defineContract({
  id: "listOrders",
  method: "GET",
  path: "/web/orders",
  summary: "The store's customer orders, one tab of 000 §4 (ALL, OUTSTANDING, PROCESSING, FULFILLED, CANCELED, ON_HOLD, RETURNS), searched by order number, customer name or e-mail, of one sales channel if asked, sorted and paged; with the number of orders in each tab (of that channel).",
  tags: ["orders"],
  access: "user",
  query: z.strictObject({
    filter: z.enum(ORDER_LIST_FILTERS).default("ALL"),
    origin: z.enum(ORDER_ORIGINS).optional().describe("Only the orders that came from this sales channel"),
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
    sort: z.enum(ORDER_SORTS).default("-placedAt"),
    ...pageQuery,
  }),
  response: pageOf(orderSummarySchema).extend({
    /** True when a search matched more orders than `total` (a search counts up to ORDER_SEARCH_COUNT_CAP). */
    totalCapped: z.boolean().default(false),
    counts: z.record(z.enum(ORDER_LIST_FILTERS), z.number().int()),
  }),
});

export const getOrder = defineContract({
  id: "getOrder",
  method: "GET",
  path: "/web/orders/:id",
  summary: "One order of the store: lines, customer, address, holds (open and released) and its timeline.",
  tags: ["orders"],
  access: "user",
  params: orderRefParams,
  response: orderDetailSchema,
});

export const addOrderNote = defineContract({
  id: "addOrderNote",
  method: "POST",
  path: "/web/orders/:id/order-notes",
  summary: "Adds a note to the order's timeline (notes are never edited or deleted).",
  tags: ["orders"],
  access: "user",
  status: 201,
  idempotent: true,
  params: orderRefParams,
  body: z.strictObject({ note: text(1, 2000, "The note, as the team should read it") }),
  response: orderDetailSchema,
});

export const holdOrder = defineContract({
  id: "holdOrder",
  method: "POST",
  path: "/web/orders/:id/holds",
  summary: "Puts the order on hold with a reason. Several holds can be open at once; the order ships only when every one is released. A fulfilled or canceled order cannot be held (409).",
  tags: ["orders"],
  access: "user",
  status: 201,
  idempotent: true,
  params: orderRefParams,
  body: z.strictObject({ reason: text(3, 500, "Why the order must wait, e.g. 'Address looks wrong'") }),
  response: orderDetailSchema,
});

export const releaseOrderHold = defineContract({
  id: "releaseOrderHold",
  method: "POST",
  path: "/web/orders/:id/holds/:holdId/release",
  summary: "Releases one hold. When it was the last open hold, the order goes back to the status it had before (OUTSTANDING or PROCESSING). A hold already released is 409.",
  tags: ["orders", "inventory"],
  access: "user",
  idempotent: true,
  params: orderRefParams.extend({ holdId: idSchema.describe("The hold to release, from get_order") }),
  body: z.strictObject({ note: text(0, 500, "Optional: why the hold can be released").optional() }),
  response: orderDetailSchema,
});

export const cancelOrder = defineContract({
  id: "cancelOrder",
  method: "POST",
  path: "/web/orders/:id/cancel",
  summary: "Cancels an order nothing of which has shipped; its open holds are released. Already canceled, fulfilled or partly shipped orders are 409. Owners and admins only.",
  tags: ["orders", "inventory"],
  access: "user",
  idempotent: true,
  params: orderRefParams,
  body: z.strictObject({ reason: text(3, 500, "Why the order is canceled") }),
  response: orderDetailSchema,
});

export const BULK_ORDER_ACTIONS = ["HOLD", "RELEASE", "CANCEL"] as const;

export const bulkUpdateOrders = defineContract({
  id: "bulkUpdateOrders",
  method: "POST",
  path: "/web/orders/-/bulk",
  summary: "Holds, releases (every open hold) or cancels up to 100 orders at once; each order succeeds or fails on its own, with the sentence saying why.",
  tags: ["orders", "inventory"],
  access: "user",
  idempotent: true,
  noToolReason: "Agents act on one order at a time (hold_order, release_order_hold, cancel_order), each with its own approval.",
  body: z.strictObject({
    action: z.enum(BULK_ORDER_ACTIONS),
    orderIds: z.array(idSchema).min(1, "must list at least one order").max(100, "must list at most 100 orders"),
    reason: text(3, 500, "Why (required to hold or cancel)").optional(),
  }),
  response: z.object({
    results: z.array(z.object({ orderId: z.string(), orderNumber: z.number().int().nullable(), ok: z.boolean(), message: z.string() })),
  }),
});

// Manual orders (000 §7 /web/orders/manual-retail and manual-wholesale): placed by the store
// itself; placing one reserves its units, and an order whose units are short waits on an
// "Out of stock" hold set by the inventory rule.

const manualOrderBody = z.strictObject({
  customer: z.strictObject({
    name: text(1, 200, "The customer's name"),
    email: z.email("must be an e-mail address like name@example.com").max(254, "must be at most 254 characters").describe("The customer's e-mail"),
  }),
  shippingAddress: z.strictObject({
    address1: text(1, 200, "Street and number"),
    city: text(1, 100, "City"),
    region: text(0, 100, "State or region").optional(),
    postalCode: text(1, 20, "Postal code"),
    countryCode: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "must be a two-letter country code like US").describe("Two-letter country code, e.g. US"),
  }),
  lines: z
    .array(
      z.strictObject({
        sku: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").describe("A SKU of the store's inventory"),
        quantity: z.number().int("must be a whole number").min(1, "must be at least 1").max(10_000, "must be at most 10,000").describe("Units"),
        unitPriceCents: z.number().int("must be a whole number of cents").min(0, "must be 0 or more").max(10_000_000, "must be at most $100,000").describe("Price per unit in cents"),
      }),
    )
    .min(1, "must have at least one line")
    .max(100, "must have at most 100 lines"),
  shippingCents: z.number().int("must be a whole number of cents").min(0, "must be 0 or more").max(10_000_000, "must be at most $100,000").default(0).describe("Shipping charged, in cents"),
  shippingMethod: z.enum(SHIPPING_METHODS).default("STANDARD").describe("How it ships: ECONOMY, STANDARD (the default), EXPEDITED or OVERNIGHT"),
  note: text(0, 2000, "Optional: a note on the order").optional(),
});

export const createManualRetailOrder = defineContract({
  id: "createManualRetailOrder",
  method: "POST",
  path: "/web/orders/manual-retail",
  summary: "Creates a retail order by hand (origin MANUAL_RETAIL) from SKUs of the store's inventory. Its units are reserved at once; when any line is short the order waits on an 'Out of stock' hold. Nothing is charged.",
  tags: ["orders", "inventory"],
  access: "user",
  status: 201,
  idempotent: true,
  body: manualOrderBody,
  response: orderDetailSchema,
});

export const createManualWholesaleOrder = defineContract({
  id: "createManualWholesaleOrder",
  method: "POST",
  path: "/web/orders/manual-wholesale",
  summary: "Creates a wholesale order by hand (origin MANUAL_WHOLESALE), reserved like a retail one. Nothing is charged.",
  tags: ["orders", "inventory"],
  access: "user",
  status: 201,
  idempotent: true,
  body: manualOrderBody,
  response: orderDetailSchema,
});

export const submitOrderFulfilment = defineContract({
  id: "submitOrderFulfilment",
  method: "POST",
  path: "/web/orders/:id/fulfilment",
  summary: "Sends an order to the fulfilment center, which accepts, picks, packs and ships it in the background (each step in the timeline, the shipment with its carrier and tracking number). The order must be open, not on hold, and its units reserved (409 with the reason otherwise). Nothing is charged.",
  tags: ["orders", "inventory"],
  access: "user",
  status: 202,
  idempotent: true,
  params: orderRefParams,
  response: orderDetailSchema,
});

// Public tracking (/track-order): a buyer looks an order up by its number and the e-mail or
// postcode it was placed with, or a shipment by its tracking number (the carrier's link). The
// answer holds only what a tracking page shows: no names, addresses, prices, notes or hold reasons.

/** Where a tracked order stands, as the buyer reads it. */
export const TRACKING_STATUSES = ["RECEIVED", "ON_HOLD", "PREPARING", "SHIPPED", "CANCELED"] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const trackingStepSchema = z.object({
  /** What happened, as a sentence for the buyer. */
  message: z.string(),
  occurredAt: z.string(),
});

export const trackedOrderSchema = z.object({
  /** The order, when it was looked up by number and contact; null for a tracking-number lookup (a tracking number alone names only the parcel). */
  order: z.object({ orderNumber: z.number().int(), storeName: z.string(), placedAt: z.string(), itemCount: z.number().int() }).nullable(),
  status: z.enum(TRACKING_STATUSES),
  /** The status as a sentence. */
  statusText: z.string(),
  shipments: z.array(z.object({ carrier: z.string().nullable(), service: z.string().nullable(), trackingNumber: z.string().nullable(), trackingUrl: z.string().nullable(), shippedAt: z.string().nullable() })),
  /** Oldest first. */
  timeline: z.array(trackingStepSchema),
});
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

export const trackOrder = defineContract({
  id: "trackOrder",
  method: "GET",
  path: "/app/track-order",
  summary: "Public order tracking without login (/track-order): an order by its number and the e-mail or postcode it was placed with, or a parcel by its tracking number; its status and tracking timeline only. A wrong number or contact is the same 404, so nothing tells which was wrong. Rate-limited per connection.",
  tags: ["orders"],
  access: "public",
  query: z
    .strictObject({
      orderNumber: z.string().trim().regex(/^#?\d{1,9}$/, "must be an order number like 1043").transform((v) => Number(v.replace(/^#/, ""))).optional().describe("The order number from the receipt, like 1043"),
      contact: z.string().trim().min(3, "must be the e-mail or postcode the order was placed with").max(254, "must be at most 254 characters").optional().describe("The e-mail or postcode the order was placed with"),
      tracking: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{6,40}$/, "must be a tracking number of letters and digits").optional().describe("A tracking number from the shipping e-mail"),
    })
    .superRefine((q, ctx) => {
      if (q.tracking !== undefined) return;
      if (q.orderNumber === undefined) ctx.addIssue({ code: "custom", path: ["orderNumber"], message: "is needed, with the e-mail or postcode (or give a tracking number)" });
      if (q.contact === undefined) ctx.addIssue({ code: "custom", path: ["contact"], message: "is needed: the e-mail or postcode the order was placed with" });
    }),
  response: trackedOrderSchema,
});
