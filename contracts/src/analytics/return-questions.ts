import { z } from "zod";
import { defineContract } from "../contract";
import { reportParamsSchema } from "./contracts";

// From a report, one action (issue 20, agents): a product with many returns opens a conversation
// with its supplier in the inbox, or a warehouse ticket when the store has no supplier on record for
// it, with the return figures written into the message. The draft names the recipient and the
// figures first; nothing is sent until the user confirms the draft's recipient.

export const RETURN_RECIPIENT_KINDS = ["SUPPLIER", "WAREHOUSE"] as const;

const productField = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
const rangeFields = {
  from: reportParamsSchema.shape.from,
  to: reportParamsSchema.shape.to,
  asOf: reportParamsSchema.shape.asOf,
};

export const returnFiguresSchema = z.object({
  units: z.number().int(),
  returnedUnits: z.number().int(),
  /** Returned units ÷ units, in percent. */
  returnRate: z.number(),
  returnedValueCents: z.number().int(),
  from: z.string(),
  to: z.string(),
  asOf: z.string(),
});

export const returnRecipientSchema = z.object({
  kind: z.enum(RETURN_RECIPIENT_KINDS),
  /** The supplier, when the store bought the product's stock from one on the marketplace. */
  supplierId: z.string().nullable(),
  /** Who will read it, in words: the supplier's name or "the fulfilment center". */
  name: z.string(),
});

export const returnQuestionDraftSchema = z.object({
  product: z.string(),
  figures: returnFiguresSchema,
  recipient: returnRecipientSchema,
  /** The order a warehouse ticket is about: the latest with a return of the product. */
  orderNumber: z.number().int().nullable(),
  message: z.string(),
});
export type ReturnQuestionDraft = z.infer<typeof returnQuestionDraftSchema>;

export const draftReturnQuestion = defineContract({
  id: "draftReturnQuestion",
  method: "GET",
  path: "/web/analytics/return-questions/draft",
  summary: "The message that would ask about one product's returns, with its return figures (from the return-rate report) and who would receive it: the supplier the store bought it from, else the fulfilment center as a warehouse ticket. Sends nothing.",
  tags: ["analytics"],
  access: "user",
  query: z.strictObject({ product: productField.describe("The product as the return-rate report names it (its row key)"), ...rangeFields })
    .refine((q) => q.from < q.to, { message: "must be after the start of the range", path: ["to"] }),
  response: returnQuestionDraftSchema,
});

export const askAboutReturns = defineContract({
  id: "askAboutReturns",
  method: "POST",
  path: "/web/analytics/return-questions",
  summary: "Sends the question about one product's returns: a message in the store's conversation with the product's supplier, or a warehouse ticket when there is no supplier. The recipient must be the one the draft named.",
  tags: ["analytics"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    product: productField.describe("The product as the return-rate report names it (its row key)"),
    ...rangeFields,
    recipient: z.enum(RETURN_RECIPIENT_KINDS).describe("Who the user confirmed: SUPPLIER or WAREHOUSE, as the draft said"),
    message: z.string().trim().min(3, "must have at least 3 characters").max(4000, "must be at most 4000 characters").describe("The message as the user confirmed it"),
  }).refine((b) => b.from < b.to, { message: "must be after the start of the range", path: ["to"] }),
  response: z.object({
    recipient: returnRecipientSchema,
    /** Where it was sent: the conversation's page or the ticket's page. */
    link: z.string(),
    /** The conversation's sid or the ticket's number (WT-1001). */
    reference: z.string(),
  }),
});
