import { z } from "zod";
import { defineContract } from "./contract";
import { idSchema, pageOf, pageQuery } from "./domain";
import { orderRefSchema } from "./orders";

// Warehouse tickets (000 §4 support ticket types, §7 /web/creator-warehouse-tickets): a store's
// question to its fulfilment center about an order, kept as a conversation between the store and
// the warehouse, with files uploaded through /upload attached. OPEN while the warehouse owes an
// answer, ANSWERED when it is the store's turn, CLOSED when settled.

/** 000 §4 support ticket types, in the spec's order. */
export const TICKET_TYPES = ["RETURN_EXCHANGE", "MISSING_WRONG_ITEMS", "LOST_DELAYED", "BROKEN", "CANCELED_REFUND", "RELEASE_HOLD", "WHOLESALE_ATTACHMENT_PACKING_SLIP", "WHOLESALE_ORDER_REQUIREMENTS"] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const TICKET_TYPE_LABELS: Record<TicketType, string> = {
  RETURN_EXCHANGE: "Return or exchange",
  MISSING_WRONG_ITEMS: "Missing or wrong items",
  LOST_DELAYED: "Lost or delayed parcel",
  BROKEN: "Broken or damaged item",
  CANCELED_REFUND: "Cancellation or refund",
  RELEASE_HOLD: "Release a hold",
  WHOLESALE_ATTACHMENT_PACKING_SLIP: "Wholesale packing slip",
  WHOLESALE_ORDER_REQUIREMENTS: "Wholesale order requirements",
};

export const TICKET_STATUSES = ["OPEN", "ANSWERED", "CLOSED"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = { OPEN: "Waiting for the warehouse", ANSWERED: "Answered", CLOSED: "Closed" };
export const TICKET_FILTERS = ["ALL", ...TICKET_STATUSES] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number];

/** A ticket as a path names it: its number (WT-1001 or 1001) or its id. */
export const ticketRefSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const n = v.replace(/^(wt-?|#)/i, "");
    if (/^\d{1,9}$/.test(n)) return { number: Number(n) } as { number: number; id?: undefined };
    if (z.uuid().safeParse(v).success) return { id: v.toLowerCase() } as { id: string; number?: undefined };
    ctx.addIssue({ code: "custom", message: "must be a ticket number like WT-1001" });
    return z.NEVER;
  });
export type TicketRef = z.output<typeof ticketRefSchema>;

export const ticketAttachmentSchema = z.object({ uploadId: z.string(), fileName: z.string(), url: z.string() });

export const ticketMessageSchema = z.object({
  id: z.string(),
  author: z.enum(["STORE", "WAREHOUSE"]),
  /** The store member's name or e-mail; null for the warehouse. */
  authorName: z.string().nullable(),
  body: z.string(),
  attachments: z.array(ticketAttachmentSchema),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const warehouseTicketSchema = z.object({
  id: z.string(),
  /** WT-1001: how people and the route name it. */
  sn: z.string(),
  number: z.number().int(),
  type: z.enum(TICKET_TYPES),
  status: z.enum(TICKET_STATUSES),
  subject: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  messageCount: z.number().int(),
  /** The latest message, shortened, and who wrote it. */
  lastMessage: z.object({ author: z.enum(["STORE", "WAREHOUSE"]), excerpt: z.string(), createdAt: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type WarehouseTicket = z.infer<typeof warehouseTicketSchema>;

export const warehouseTicketDetailSchema = warehouseTicketSchema.extend({ messages: z.array(ticketMessageSchema) });
export type WarehouseTicketDetail = z.infer<typeof warehouseTicketDetailSchema>;

/**
 * An order named in a body or query: its id or number, kept as text (tools parse arguments with
 * the contract before the client does, so a transform here would reach the client as an object);
 * the service reads it with orderRefSchema.
 */
const orderRefText = z.string().trim().refine((v) => orderRefSchema.safeParse(v).success, "must be an order id or an order number like 1043");

const snParams = z.strictObject({ sn: ticketRefSchema.describe("The ticket's number, like WT-1001") });
const bodyText = z.string().trim().min(1, "must not be empty").max(4000, "must be at most 4,000 characters");
const uploadIds = z.array(idSchema).max(10, "must list at most 10 files").default([]).describe("Optional: ids of files uploaded with /upload to attach (photos, packing slips)");

export const listWarehouseTickets = defineContract({
  id: "listWarehouseTickets",
  method: "GET",
  path: "/web/creator-warehouse-tickets",
  summary: "The store's tickets to its fulfilment center, newest activity first: one tab (ALL, OPEN waiting for the warehouse, ANSWERED, CLOSED), optionally of one order, searched by number, subject or order number, paged; with each tab's count.",
  tags: ["orders", "warehouse-tickets"],
  access: "user",
  query: z.strictObject({
    filter: z.enum(TICKET_FILTERS).default("ALL"),
    orderId: orderRefText.optional().describe("Optional: only the tickets about this order (its id or number like 1043)"),
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
    ...pageQuery,
  }),
  response: pageOf(warehouseTicketSchema).extend({ counts: z.record(z.enum(TICKET_FILTERS), z.number().int()) }),
});

export const getWarehouseTicket = defineContract({
  id: "getWarehouseTicket",
  method: "GET",
  path: "/web/creator-warehouse-tickets/:sn",
  summary: "One ticket to the fulfilment center: its type, status, order and the whole conversation with the warehouse, attachments included.",
  tags: ["orders", "warehouse-tickets"],
  access: "user",
  params: snParams,
  response: warehouseTicketDetailSchema,
});

export const createWarehouseTicket = defineContract({
  id: "createWarehouseTicket",
  method: "POST",
  path: "/web/creator-warehouse-tickets",
  summary: "Opens a ticket with the fulfilment center: its type (return or exchange, missing or wrong items, lost or delayed, broken, cancellation or refund, release a hold, wholesale packing slip or order requirements), the order it is about, a subject and the first message, with files attached. The warehouse answers in the ticket.",
  tags: ["orders", "warehouse-tickets"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    type: z.enum(TICKET_TYPES).describe("What the ticket is about"),
    orderId: orderRefText.optional().describe("The order it is about: its id or number like 1043 (needed for every type but wholesale order requirements)"),
    subject: z.string().trim().min(3, "must have at least 3 characters").max(200, "must be at most 200 characters").describe("A short title"),
    message: bodyText.describe("What the warehouse should know or do"),
    uploadIds,
  }).refine((b) => b.orderId !== undefined || b.type === "WHOLESALE_ORDER_REQUIREMENTS", { message: "is needed: say which order the ticket is about", path: ["orderId"] }),
  response: warehouseTicketDetailSchema,
});

export const replyWarehouseTicket = defineContract({
  id: "replyWarehouseTicket",
  method: "POST",
  path: "/web/creator-warehouse-tickets/:sn/messages",
  summary: "Adds the store's message to a ticket (with files attached); the ticket waits for the warehouse again. A closed ticket is 409: open a new one.",
  tags: ["orders", "warehouse-tickets"],
  access: "user",
  idempotent: true,
  params: snParams,
  body: z.strictObject({ message: bodyText.describe("The store's message"), uploadIds }),
  response: warehouseTicketDetailSchema,
});

export const closeWarehouseTicket = defineContract({
  id: "closeWarehouseTicket",
  method: "POST",
  path: "/web/creator-warehouse-tickets/:sn/close",
  summary: "Closes a ticket that is settled. Closing one already closed is 409.",
  tags: ["orders", "warehouse-tickets"],
  access: "user",
  idempotent: true,
  params: snParams,
  body: z.strictObject({}),
  response: warehouseTicketDetailSchema,
});
