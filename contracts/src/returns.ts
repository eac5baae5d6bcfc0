import { z } from "zod";
import { defineContract } from "./contract";
import { pageOf, pageQuery } from "./domain";
// Bodies and queries carry the order as text (tools send them as they are); the service reads it with `orderRefSchema`.
const orderRefText = z
  .string()
  .trim()
  .refine((v) => /^#?\d{1,9}$/.test(v) || z.uuid().safeParse(v).success, "must be an order id or an order number like 1043");
import { skuSchema } from "./inventory";

// Returns of a store's customer orders (000 §3 return order, §4 return status, refund method,
// return fee, refund destination, §7 /web/return-orders) and the store's return policy (the
// Manage Returns screen, /return-settings, blocked for preview accounts). Modelled on Medusa v2's
// returns: a return names units of shipped lines; receiving it restocks and refunds.

/** 000 §4: CREATED (the customer made it), SHIPPING (on its way back), RECEIVED (complete: received and refunded), CANCELED (with a reason, no refund). */
export const RETURN_STATUSES = ["CREATED", "SHIPPING", "RECEIVED", "CANCELED"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  CREATED: "Created",
  SHIPPING: "On its way back",
  RECEIVED: "Complete: received and refunded",
  CANCELED: "Canceled",
};
export const RETURN_FILTERS = ["ALL", ...RETURN_STATUSES] as const;
export type ReturnFilter = (typeof RETURN_FILTERS)[number];

/** AUTOMATIC: the line value (less any fee) is refunded on receipt; MANUAL: the team enters the amount on receipt; STORE_CREDIT: refunded as store credit. */
export const REFUND_METHODS = ["AUTOMATIC", "MANUAL", "STORE_CREDIT"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = { AUTOMATIC: "Automatic", MANUAL: "Manual", STORE_CREDIT: "Store credit" };
export const RETURN_FEES = ["FREE", "DEDUCT_FROM_REFUND"] as const;
export const RETURN_FEE_LABELS: Record<(typeof RETURN_FEES)[number], string> = { FREE: "Free returns", DEDUCT_FROM_REFUND: "Fee taken from the refund" };
export const REFUND_DESTINATIONS = ["ORIGINAL_PAYMENT", "STORE_CREDIT"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
export const REFUND_DESTINATION_LABELS: Record<RefundDestination, string> = { ORIGINAL_PAYMENT: "Original payment", STORE_CREDIT: "Store credit" };

/** A return as a path names it: its id, or its number (`RMA-1001` or `1001`). */
export const returnRefSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const n = v.replace(/^(rma-?|#)/i, "");
    if (/^\d{1,9}$/.test(n)) return { number: Number(n) } as { number: number; id?: undefined };
    if (z.uuid().safeParse(v).success) return { id: v.toLowerCase() } as { id: string; number?: undefined };
    ctx.addIssue({ code: "custom", message: "must be a return id or a return number like RMA-1001" });
    return z.NEVER;
  });

export const returnLineSchema = z.object({
  lineId: z.string(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  restockedQuantity: z.number().int(),
});

export const returnRefundSchema = z.object({ amountCents: z.number().int(), destination: z.enum(REFUND_DESTINATIONS), createdAt: z.string() });

export const returnOrderSchema = z.object({
  id: z.string(),
  /** RMA-1001 */
  handle: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  customerName: z.string(),
  currency: z.string(),
  status: z.enum(RETURN_STATUSES),
  refundMethod: z.enum(REFUND_METHODS),
  returnFee: z.enum(RETURN_FEES),
  feeCents: z.number().int(),
  refundDestination: z.enum(REFUND_DESTINATIONS),
  reason: z.string(),
  cancelReason: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  lines: z.array(returnLineSchema),
  /** What receiving would refund now: the lines' value less any fee, never above what the buyer paid and was not refunded yet. */
  expectedRefundCents: z.number().int(),
  refund: returnRefundSchema.nullable(),
  createdAt: z.string(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
});
export type ReturnOrder = z.infer<typeof returnOrderSchema>;

export const returnSettingsSchema = z.object({
  refundMethod: z.enum(REFUND_METHODS),
  returnFee: z.enum(RETURN_FEES),
  feeCents: z.number().int(),
  refundDestination: z.enum(REFUND_DESTINATIONS),
  returnWindowDays: z.number().int(),
  restockOnReceipt: z.boolean(),
});
export type ReturnSettings = z.infer<typeof returnSettingsSchema>;

const returnParams = z.strictObject({ id: returnRefSchema.describe("The return's id, or its number like RMA-1001") });
const text = (min: number, max: number, what: string) =>
  z.string().trim().min(min, `must have at least ${min} characters`).max(max, `must be at most ${max} characters`).describe(what);
const cents = (what: string) => z.number().int("must be a whole number of cents").min(0, "must be 0 or more").max(100_000_000, "must be at most $1,000,000").describe(what);

export const listReturnOrders = defineContract({
  id: "listReturnOrders",
  method: "GET",
  path: "/web/return-orders",
  summary: "The store's returns, one status tab (ALL, CREATED, SHIPPING, RECEIVED, CANCELED), optionally of one order, searched by return number, order number or customer, newest first and paged; with each tab's count.",
  tags: ["orders", "returns"],
  access: "user",
  query: z.strictObject({
    filter: z.enum(RETURN_FILTERS).default("ALL"),
    orderId: orderRefText.optional().describe("Only this order's returns: its id or number like 1043"),
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
    ...pageQuery,
  }),
  response: pageOf(returnOrderSchema).extend({ counts: z.record(z.enum(RETURN_FILTERS), z.number().int()) }),
});

export const getReturnOrder = defineContract({
  id: "getReturnOrder",
  method: "GET",
  path: "/web/return-orders/:id",
  summary: "One return: its lines, status, refund method, fee, destination, the refund it would make or made, and tracking.",
  tags: ["orders", "returns"],
  access: "user",
  params: returnParams,
  response: returnOrderSchema,
});

export const createReturnOrder = defineContract({
  id: "createReturnOrder",
  method: "POST",
  path: "/web/return-orders",
  summary: "Opens a return (CREATED) for shipped units of an order's lines, with the reason. Refund method, fee and destination default to the store's return settings. Units already in another return, or not shipped, are 409.",
  tags: ["orders", "returns"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    orderId: orderRefText.describe("The order: its id or its number like 1043"),
    lines: z
      .array(z.strictObject({ sku: skuSchema.describe("The SKU of the order's line, e.g. MUG-01"), quantity: z.number().int("must be a whole number").min(1, "must be at least 1").max(10_000, "must be at most 10,000").describe("Units coming back") }))
      .min(1, "must name at least one line")
      .max(100, "must have at most 100 lines"),
    reason: text(3, 500, "Why the customer returns it, e.g. 'Arrived chipped'"),
    refundMethod: z.enum(REFUND_METHODS).optional().describe("AUTOMATIC, MANUAL or STORE_CREDIT (default: the store's setting)"),
    returnFee: z.enum(RETURN_FEES).optional().describe("FREE or DEDUCT_FROM_REFUND (default: the store's setting)"),
    refundDestination: z.enum(REFUND_DESTINATIONS).optional().describe("ORIGINAL_PAYMENT or STORE_CREDIT (default: the store's setting)"),
  }),
  response: returnOrderSchema,
});

export const shipReturnOrder = defineContract({
  id: "shipReturnOrder",
  method: "POST",
  path: "/web/return-orders/:id/ship",
  summary: "Marks a created return as on its way back (SHIPPING), with the carrier and tracking number when known. Any other status is 409.",
  tags: ["orders", "returns"],
  access: "user",
  idempotent: true,
  params: returnParams,
  body: z.strictObject({
    carrier: text(1, 60, "Optional: the carrier, e.g. USPS").optional(),
    trackingNumber: z.string().trim().min(4, "must have at least 4 characters").max(60, "must be at most 60 characters").regex(/^[A-Za-z0-9-]+$/, "may use only letters, digits and dashes").optional().describe("Optional: the return's tracking number"),
  }),
  response: returnOrderSchema,
});

export const receiveReturnOrder = defineContract({
  id: "receiveReturnOrder",
  method: "POST",
  path: "/web/return-orders/:id/receive",
  summary: "Receives a created or shipping return: restocks its units (unless told not to) and refunds the buyer, to the original payment or as store credit; the return is then complete. The refund is never above what the buyer paid and was not refunded yet. A manual refund method takes the amount here. Owners and admins only.",
  tags: ["orders", "returns", "inventory"],
  access: "user",
  idempotent: true,
  params: returnParams,
  body: z.strictObject({
    restock: z.boolean().optional().describe("Put the units back on the shelf (default: the store's setting)"),
    refundCents: cents("Only for a manual refund: the amount to refund, in cents").optional(),
  }),
  response: returnOrderSchema,
});

export const cancelReturnOrder = defineContract({
  id: "cancelReturnOrder",
  method: "POST",
  path: "/web/return-orders/:id/cancel",
  summary: "Cancels a created or shipping return with a reason; nothing is refunded and its units can be returned again. A received or canceled return is 409.",
  tags: ["orders", "returns"],
  access: "user",
  idempotent: true,
  params: returnParams,
  body: z.strictObject({ reason: text(3, 500, "Why the return is canceled") }),
  response: returnOrderSchema,
});

export const getReturnSettings = defineContract({
  id: "getReturnSettings",
  method: "GET",
  path: "/web/return-settings",
  summary: "The store's return policy: refund method, return fee, refund destination, return window and whether received units are restocked. Not for preview accounts.",
  tags: ["returns"],
  access: "user",
  response: returnSettingsSchema,
});

export const updateReturnSettings = defineContract({
  id: "updateReturnSettings",
  method: "PUT",
  path: "/web/return-settings",
  summary: "Changes the store's return policy; new returns take it, open ones keep theirs.",
  tags: ["returns"],
  access: "user",
  idempotent: true,
  body: z
    .strictObject({
      refundMethod: z.enum(REFUND_METHODS).describe("AUTOMATIC, MANUAL or STORE_CREDIT"),
      returnFee: z.enum(RETURN_FEES).describe("FREE or DEDUCT_FROM_REFUND"),
      feeCents: cents("The fee taken from each refund, in cents (0 with free returns)").default(0),
      refundDestination: z.enum(REFUND_DESTINATIONS).describe("ORIGINAL_PAYMENT or STORE_CREDIT"),
      returnWindowDays: z.number().int("must be a whole number").min(1, "must be at least 1").max(365, "must be at most 365").describe("Days after delivery a return is accepted"),
      restockOnReceipt: z.boolean().describe("Put received units back on the shelf"),
    })
    .refine((b) => b.returnFee === "DEDUCT_FROM_REFUND" || b.feeCents === 0, { message: "must be 0 with free returns", path: ["feeCents"] }),
  response: returnSettingsSchema,
});

/** Cents as dollars in a sentence ("$12.50"), for messages, approvals and screens alike. */
export function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
