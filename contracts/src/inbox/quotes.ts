import { z } from "zod";
import { defineContract } from "../contract";
import { idSchema, pageOf, pageQuery } from "../domain";
import { conversationSidSchema } from "./conversations";
import { QUOTE_STATUSES, quoteDetailSchema, quoteSchema } from "./quote-schema";

// Quotes in the inbox (issue 18). A supplier proposes from its workspace; then each side in turn
// counters, accepts or declines; open quotes expire at their valid-until time (a scheduled job).
// Accepting writes the terms and the landed cost into the custom project the quote answers.

export * from "./quote-schema";

const cents = (what: string) => z.number().int("must be a whole number of cents").min(1, `must be at least 1 cent`).max(10_000_000, `must be at most $100,000 ${what}`);
const count = (what: string) => z.number().int("must be a whole number").min(1, "must be at least 1").max(10_000_000, `must be at most 10,000,000 ${what}`);
const isoDateTime = z.iso.datetime({ offset: true, message: "must be an ISO date and time like 2026-12-01T15:00:00Z" });

/** The terms a quote carries. */
const terms = {
  unitPriceCents: cents("a unit").describe("Price per unit in cents (e.g. 380 for $3.80)"),
  quantity: count("units").describe("Units quoted for"),
  moq: count("units").describe("Minimum order quantity"),
  leadTimeDays: z.number().int("must be a whole number of days").min(1, "must be at least 1 day").max(365, "must be at most 365 days").describe("Days from order to ready to ship"),
  samplePriceCents: z.number().int("must be a whole number of cents").min(0, "must be 0 or more").max(1_000_000, "must be at most $10,000").nullable().describe("Price of one sample in cents; null when no sample is offered"),
  validUntil: isoDateTime.describe("When the offer lapses, in the future"),
};
const note = z.string().trim().max(2000, "must be at most 2000 characters");
const quoteIdParams = z.strictObject({ id: idSchema.describe("The quote's id, from list_quotes") });

export const proposeQuote = defineContract({
  id: "proposeQuote",
  method: "POST",
  path: "/web/conversations/:sid/quotes",
  summary: "The supplier proposes a quote in a conversation (unit price, quantity, MOQ, lead time, sample price, valid until), optionally answering one of the store's custom projects; it appears there as a live quote card.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  status: 201,
  idempotent: true,
  noToolReason: "Suppliers propose quotes from their workspace; the store's agents answer them.",
  params: z.strictObject({ sid: conversationSidSchema }),
  body: z.strictObject({
    title: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").describe("What is quoted, e.g. Canvas tote bags"),
    projectId: idSchema.optional().describe("The store's custom project this quote answers"),
    ...terms,
    samplePriceCents: terms.samplePriceCents.default(null),
    note: note.default(""),
  }),
  response: quoteDetailSchema,
});

export const listQuotes = defineContract({
  id: "listQuotes",
  method: "GET",
  path: "/web/quotes",
  summary: "The caller's quotes, newest first: optionally of one custom project, one conversation or one status.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  query: z.strictObject({
    projectId: idSchema.optional().describe("Only quotes answering this custom project"),
    sid: conversationSidSchema.optional().describe("Only quotes in this conversation"),
    status: z.enum(QUOTE_STATUSES).optional().describe("PROPOSED, COUNTERED, ACCEPTED, DECLINED or EXPIRED"),
    ...pageQuery,
  }),
  response: pageOf(quoteSchema),
});

export const getQuote = defineContract({
  id: "getQuote",
  method: "GET",
  path: "/web/quotes/:id",
  summary: "One quote with its audit trail (who proposed, countered, accepted or declined what, and when).",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  params: quoteIdParams,
  response: quoteDetailSchema,
});

export const counterQuote = defineContract({
  id: "counterQuote",
  method: "POST",
  path: "/web/quotes/:id/counter",
  summary: "Answers an open quote with new terms (only the terms given change); the other side then accepts, counters or declines.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  idempotent: true,
  params: quoteIdParams,
  body: z
    .strictObject({
      unitPriceCents: terms.unitPriceCents.optional(),
      quantity: terms.quantity.optional(),
      moq: terms.moq.optional(),
      leadTimeDays: terms.leadTimeDays.optional(),
      samplePriceCents: terms.samplePriceCents.optional(),
      validUntil: terms.validUntil.optional(),
      note: note.default("").describe("A line for the other side, e.g. why"),
    })
    .refine((b) => ["unitPriceCents", "quantity", "moq", "leadTimeDays", "samplePriceCents", "validUntil"].some((k) => b[k as keyof typeof b] !== undefined), {
      message: "must change at least one term (unit price, quantity, MOQ, lead time, sample price or valid until)",
      path: ["unitPriceCents"],
    }),
  response: quoteDetailSchema,
});

export const acceptQuote = defineContract({
  id: "acceptQuote",
  method: "POST",
  path: "/web/quotes/:id/accept",
  summary: "Accepts the other side's standing terms: the quote is settled, and its terms and landed cost (unit price + duty + freight) are written into the custom project it answers.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  idempotent: true,
  params: quoteIdParams,
  response: quoteDetailSchema,
});

export const declineQuote = defineContract({
  id: "declineQuote",
  method: "POST",
  path: "/web/quotes/:id/decline",
  summary: "Declines an open quote, optionally saying why.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  idempotent: true,
  params: quoteIdParams,
  body: z.strictObject({ reason: note.default("").describe("Why, in a sentence the other side reads") }).optional(),
  response: quoteDetailSchema,
});

/** One supplier's row in a comparison: the terms and the landed cost per unit. */
export const quoteComparisonRowSchema = z.object({
  quoteId: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  originCountry: z.string(),
  status: z.enum(QUOTE_STATUSES),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  moq: z.number().int(),
  leadTimeDays: z.number().int(),
  samplePriceCents: z.number().int().nullable(),
  validUntil: z.string(),
  dutyRatePercent: z.number().nullable(),
  dutyPerUnitCents: z.number().int().nullable(),
  freightPerUnitCents: z.number().int().nullable(),
  /** Unit price + duty + freight; null when no tariff line matches the product. */
  landedCostCents: z.number().int().nullable(),
  totalLandedCents: z.number().int().nullable(),
  basis: z.string(),
});
export type QuoteComparisonRow = z.infer<typeof quoteComparisonRowSchema>;

export const compareQuotes = defineContract({
  id: "compareQuotes",
  method: "GET",
  path: "/web/quotes/-/compare",
  summary: "Compares the latest quote of each supplier for one custom project: terms and landed cost per unit (unit price + duty from the tariff data + a freight estimate), cheapest landed first.",
  tags: ["inbox"],
  access: "user",
  query: z.strictObject({ projectId: idSchema.describe("The custom project whose quotes to compare") }),
  response: z.object({
    project: z.object({ id: z.string(), title: z.string(), quantity: z.number().int().nullable() }),
    destinationCountry: z.string(),
    rows: z.array(quoteComparisonRowSchema),
    /** The open quote with the lowest landed cost (unit price when none has one); null when none is open. */
    cheapestQuoteId: z.string().nullable(),
  }),
});
