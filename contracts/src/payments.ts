import { z } from "zod";
import { defineContract } from "./contract";
import { invoiceBehaviorSchema, pageOf, pageQuery, planTypeSchema, subscriptionStatusSchema } from "./domain";

/** Payment results (000 §4). */
export const PAYMENT_RESULTS = ["COMPLETED", "INSTRUMENT_DECLINED"] as const;
export const paymentResultSchema = z.enum(PAYMENT_RESULTS);
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

/** Card numbers of the local provider that always behave the same way (any other valid number succeeds). */
export const TEST_CARDS = {
  visaSuccess: "4242424242424242",
  mastercardSuccess: "5555555555554444",
  declined: "4000000000000002",
} as const;

/** Payment method lists are capped at 10 cards (000 §9). */
export const PAYMENT_METHOD_LIST_LIMIT = 10;

export const PROMOTION_TARGETS = ["products", "design"] as const;

export const paymentMethodSchema = z.object({
  id: z.string(),
  type: z.literal("card"),
  brand: z.string().describe("visa, mastercard, amex, discover or unknown"),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  fingerprint: z.string().describe("Same card, same fingerprint; the number itself is never stored"),
  isDefault: z.boolean(),
  createdAt: z.string(),
});

export const subscriptionSchema = z.object({
  id: z.string(),
  planType: planTypeSchema,
  status: subscriptionStatusSchema,
  isActive: z.boolean().describe("ACTIVE, TRIALING or PAST_DUE"),
  isPaused: z.boolean().describe("A pause time is set and the status is not CANCELED"),
  pauseBehavior: invoiceBehaviorSchema.nullable(),
  pausedAt: z.string().nullable(),
  resumesAt: z.string().nullable(),
  discountPercent: z.number().int(),
  discountEndsAt: z.string().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
});

export const INVOICE_STATUSES = ["draft", "open", "paid", "uncollectible", "void"] as const;

/** Why an invoice exists: a plan's period, or the prorated difference of an upgrade mid-period. */
export const INVOICE_REASONS = ["PLAN_PERIOD", "UPGRADE_PRORATION"] as const;

export const invoiceSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  planType: planTypeSchema.describe("The plan this invoice pays for"),
  reason: z.enum(INVOICE_REASONS),
  description: z.string().describe("The line as billing history shows it, e.g. why an upgrade cost what it did"),
  amountCents: z.number().int(),
  currency: z.literal("USD"),
  status: z.enum(INVOICE_STATUSES),
  periodStart: z.string(),
  periodEnd: z.string(),
  attemptCount: z.number().int(),
  chargeId: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});

export const promotionCodeSchema = z.object({
  code: z.string(),
  percentOff: z.number().int(),
  appliesTo: z.enum(PROMOTION_TARGETS),
  active: z.boolean(),
});

/** Cancellation survey answers (000 §4 and §8), as codes. */
export const CANCELLATION_REASONS = [
  "NOT_READY_TO_START",
  "UNSURE_WHAT_TO_CREATE",
  "PRODUCT_NOT_FOUND",
  "SUPPLIER_DID_NOT_REPLY",
  "LOW_FUNDS",
  "NEED_HELP",
] as const;
export const RATING_BUCKETS = ["0-3", "4-6", "7-9", "10"] as const;
export const SAMPLES_NOT_ORDERED_REASONS = [
  "DID_NOT_KNOW_TO_ORDER",
  "UNABLE_TO_FIND_PRODUCTS",
  "ORDERED_AND_WANTS_TO_CANCEL",
  "SUPPLIER_DID_NOT_RESPOND",
  "TOO_MUCH_WORK",
] as const;
export const OFFER_ANSWERS = ["YES", "MAYBE_LATER", "NO"] as const;

/** The 40%-off retention offer: percent and how many months it lasts. */
export const RETENTION_OFFER = { percentOff: 40, months: 3 } as const;

/** Every answer of the cancellation survey; all are required, suggestions may be empty. */
export const cancellationSurveySchema = z.strictObject({
  reason: z.enum(CANCELLATION_REASONS),
  rating: z.enum(RATING_BUCKETS).describe("How likely to recommend us, as a bucket"),
  bookCall: z.boolean().describe("Whether they want a call with the team before leaving"),
  samplesNotOrderedReason: z.enum(SAMPLES_NOT_ORDERED_REASONS),
  offerAnswer: z.enum(OFFER_ANSWERS).describe("YES takes 40% off instead of cancelling"),
  suggestions: z.string().trim().max(2000, "must be at most 2000 characters").default(""),
});

/** CONFIRMED_REQUEST_SENT when cancelled; OFFER_APPLIED when the 40%-off offer was taken instead. */
export const CANCEL_RESULTS = ["CONFIRMED_REQUEST_SENT", "OFFER_APPLIED"] as const;

export const pauseBodySchema = z.strictObject({
  behavior: invoiceBehaviorSchema.describe("What happens to invoices while paused"),
  resumesAt: z.iso
    .datetime({ offset: true, message: "must be an ISO date-time" })
    .optional()
    .describe("When the plan resumes by itself; paused until resumed when absent"),
});

const cardPayment = "/commons/card-payment";
const idParams = z.strictObject({ id: z.string().min(1).max(100) });

/** The local provider's publishable key. */
export const getCardPaymentKeys = defineContract({
  id: "getCardPaymentKeys",
  method: "GET",
  path: `${cardPayment}/keys`,
  summary: "The card-payment provider's name and publishable key.",
  tags: ["payments"],
  access: "public",
  response: z.object({ provider: z.string(), publishableKey: z.string() }),
});

/** The store's subscription invoices, newest first. */
export const listCardPaymentInvoices = defineContract({
  id: "listCardPaymentInvoices",
  method: "GET",
  path: `${cardPayment}/invoices`,
  summary: "The store's subscription invoices, newest first.",
  tags: ["payments"],
  access: "user",
  query: z.strictObject({ ...pageQuery }),
  response: pageOf(invoiceSchema),
});

/** One invoice of the store. */
export const getCardPaymentInvoice = defineContract({
  id: "getCardPaymentInvoice",
  method: "GET",
  path: `${cardPayment}/invoices/:id`,
  summary: "One subscription invoice of the store.",
  tags: ["payments"],
  access: "user",
  params: idParams,
  response: invoiceSchema,
});

/** Charges an open invoice again (default card unless one is named); a paid invoice applies its plan. */
export const retryCardPaymentInvoice = defineContract({
  id: "retryCardPaymentInvoice",
  method: "POST",
  path: `${cardPayment}/invoices/:id/retry`,
  summary: "Charge an open invoice again with the default card or the given one; a declined card answers result INSTRUMENT_DECLINED.",
  tags: ["payments"],
  access: "user",
  idempotent: true,
  params: idParams,
  body: z.strictObject({ paymentMethodId: z.string().min(1).max(100).optional() }).optional(),
  response: z.object({ result: paymentResultSchema, chargeId: z.string(), invoice: invoiceSchema }),
});

/** One subscription of the store. */
export const getCardPaymentSubscription = defineContract({
  id: "getCardPaymentSubscription",
  method: "GET",
  path: `${cardPayment}/subscriptions/:id`,
  summary: "One subscription of the store.",
  tags: ["payments"],
  access: "user",
  params: idParams,
  response: subscriptionSchema,
});

/** Pauses the subscription; open invoices follow the chosen behaviour. */
export const pauseCardPaymentSubscription = defineContract({
  id: "pauseCardPaymentSubscription",
  method: "POST",
  path: `${cardPayment}/subscriptions/:id/pause`,
  summary: "Pause a subscription: keep_as_draft, mark_uncollectible or void its open invoices; optionally resume at a time.",
  tags: ["payments"],
  access: "user",
  params: idParams,
  body: pauseBodySchema,
  response: subscriptionSchema,
});

/** Resumes a paused subscription. */
export const resumeCardPaymentSubscription = defineContract({
  id: "resumeCardPaymentSubscription",
  method: "POST",
  path: `${cardPayment}/subscriptions/:id/resume`,
  summary: "Resume a paused subscription.",
  tags: ["payments"],
  access: "user",
  params: idParams,
  response: subscriptionSchema,
});

/** Cancels a subscription; takes the full cancellation survey like the plan screen does. */
export const cancelCardPaymentSubscription = defineContract({
  id: "cancelCardPaymentSubscription",
  method: "POST",
  path: `${cardPayment}/subscriptions/:id/cancel`,
  summary: "Cancel a subscription with the cancellation survey; offerAnswer YES applies 40% off instead.",
  tags: ["payments"],
  access: "user",
  params: idParams,
  body: cancellationSurveySchema,
  response: z.object({ result: z.enum(CANCEL_RESULTS), subscription: subscriptionSchema }),
});

/** Looks up a promotion code (PRODUCTS10, DESIGN50). */
export const getPromotionCode = defineContract({
  id: "getPromotionCode",
  method: "GET",
  path: `${cardPayment}/promotion-codes/:code`,
  summary: "Validate a promotion code: its percent off and what it applies to (products or design).",
  tags: ["payments"],
  access: "user",
  params: z.strictObject({ code: z.string().trim().min(1).max(40).transform((v) => v.toUpperCase()) }),
  response: promotionCodeSchema,
});

/** The store's cards, newest first, at most 10. */
export const listPaymentMethods = defineContract({
  id: "listPaymentMethods",
  method: "GET",
  path: `${cardPayment}/payment-methods`,
  summary: "The store's saved cards, newest first (type card, at most 10).",
  tags: ["payments"],
  access: "user",
  query: z.strictObject({
    type: z.literal("card").default("card"),
    limit: z.coerce.number().int().min(1).max(PAYMENT_METHOD_LIST_LIMIT).default(PAYMENT_METHOD_LIST_LIMIT),
  }),
  response: z.object({ list: z.array(paymentMethodSchema), defaultPaymentMethodId: z.string().nullable() }),
});

/** Saves a card; the first card becomes the default. */
export const attachPaymentMethod = defineContract({
  id: "attachPaymentMethod",
  method: "POST",
  path: `${cardPayment}/payment-methods`,
  summary: "Save a card (only brand, last 4 digits, expiry and a fingerprint are kept). The first card becomes the default.",
  tags: ["payments"],
  access: "user",
  status: 201,
  noToolReason: "Card numbers must never pass through a model or its transcript.",
  body: z.strictObject({
    cardNumber: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^\d{12,19}$/, "must be 12 to 19 digits")),
    expMonth: z.number().int().min(1, "must be 1 to 12").max(12, "must be 1 to 12"),
    expYear: z.number().int().min(2000, "must be a four-digit year").max(2100, "must be a four-digit year"),
    cvc: z.string().regex(/^\d{3,4}$/, "must be 3 or 4 digits"),
    makeDefault: z.boolean().default(false),
  }),
  response: paymentMethodSchema,
});

/** Removes a card; the newest remaining card becomes the default. */
export const detachPaymentMethod = defineContract({
  id: "detachPaymentMethod",
  method: "POST",
  path: `${cardPayment}/payment-methods/:id/detach`,
  summary: "Remove a saved card; if it was the default, the newest remaining card becomes the default.",
  tags: ["payments"],
  access: "user",
  params: idParams,
  response: z.object({ detached: paymentMethodSchema, defaultPaymentMethodId: z.string().nullable() }),
});

/** Makes a card the default for plan and credit charges. */
export const setDefaultPaymentMethod = defineContract({
  id: "setDefaultPaymentMethod",
  method: "POST",
  path: `${cardPayment}/payment-methods/:id/default`,
  summary: "Make a saved card the default one charged for plans and AI credits.",
  tags: ["payments"],
  access: "user",
  params: idParams,
  response: paymentMethodSchema,
});
