import { z } from "zod";

// A quote as both sides read it (issue 18: cards are objects with their own state). Kept apart from
// the endpoints so a message (./messages) can carry its quote's live state.

export const QUOTE_STATUSES = ["PROPOSED", "COUNTERED", "ACCEPTED", "DECLINED", "EXPIRED"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** The statuses still open to an answer. */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ["PROPOSED", "COUNTERED"];

export const quoteSchema = z.object({
  id: z.string(),
  conversationSid: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  projectId: z.string().nullable(),
  /** The QUOTE card's index in the conversation. */
  messageIndex: z.number().int(),
  title: z.string(),
  status: z.enum(QUOTE_STATUSES),
  currency: z.literal("USD"),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  /** Minimum order quantity. */
  moq: z.number().int(),
  leadTimeDays: z.number().int(),
  samplePriceCents: z.number().int().nullable(),
  /** Unit price × quantity. */
  totalCents: z.number().int(),
  validUntil: z.string(),
  note: z.string(),
  /** Whose terms stand; the other side answers. */
  offeredBy: z.enum(["STORE", "SUPPLIER"]),
  /** The side that may accept, counter or decline now (the one whose terms do not stand); null once settled or lapsed. */
  awaitingSide: z.enum(["STORE", "SUPPLIER"]).nullable(),
  /** Per unit with duty and freight, worked out when accepted; null before. */
  landedCostCents: z.number().int().nullable(),
  landedCostBasis: z.string(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** One step of a quote's audit trail, with the terms as they stood after it. */
export const quoteEventSchema = z.object({
  action: z.enum(QUOTE_STATUSES),
  side: z.enum(["STORE", "SUPPLIER", "SYSTEM"]),
  actorName: z.string(),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  moq: z.number().int(),
  leadTimeDays: z.number().int(),
  samplePriceCents: z.number().int().nullable(),
  validUntil: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type QuoteEvent = z.infer<typeof quoteEventSchema>;

export const quoteDetailSchema = quoteSchema.extend({ events: z.array(quoteEventSchema) });
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;
