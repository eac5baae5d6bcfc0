import { z } from "zod";
import { defineContract } from "./contract";
import { pageOf, pageQuery } from "./domain";
import { paymentResultSchema } from "./payments";

// The store's money with the platform (000 §7 payments-report, payout and card payment records;
// §9 fees): what the fulfilment center charges (per order shipped, per bin and SKU stored), what
// the store paid by card (quality checks, purchases, its plan, labels, AI credits) and what the
// platform paid out from storefront sales less the 5% processing and any balance due.

/** 000 §9: per order shipped by the fulfilment center, by the plan when it ships. */
export const FULFILMENT_FEE_CENTS = 150;
export const FULFILMENT_FEE_PROFESSIONAL_CENTS = 115;
/** 000 §9: per bin per SKU, secured for 12 months at a time. */
export const STORAGE_FEE_CENTS = 100;
export const STORAGE_PERIOD_MONTHS = 12;
/** 000 §9: storefront payment processing, taken from each payout. */
export const STOREFRONT_PROCESSING_PERCENT = 5;

/** The per-order fee on a plan (Professional is TIER_3). */
export function fulfilmentFeeCents(planType: string): number {
  return planType === "TIER_3" ? FULFILMENT_FEE_PROFESSIONAL_CENTS : FULFILMENT_FEE_CENTS;
}

/** The fee schedule as the fulfilment screens show it before the first order or receiving (the store's consent). */
export const FEE_SCHEDULE_LINES = [
  "$1.50 per order the fulfilment center ships ($1.15 on the Professional plan), charged once when it ships.",
  "$1 per bin per SKU, secured for 12 months, charged when a receiving first puts the SKU in the bin and again each 12 months while units stay there.",
  "Fees go on your default card; without a card that works they wait as a balance due, taken from your next payout.",
] as const;

export const PAYMENT_KINDS = ["FULFILMENT_FEE", "STORAGE_FEE", "QC_FEE", "PURCHASE", "SUBSCRIPTION", "SHIPPING_LABEL", "AI_CREDITS", "PAYOUT", "BALANCE_PAYMENT"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_KIND_WORDS: Record<PaymentKind, string> = {
  FULFILMENT_FEE: "Fulfilment fees",
  STORAGE_FEE: "Storage fees",
  QC_FEE: "Quality-check fees",
  PURCHASE: "Purchases",
  SUBSCRIPTION: "Subscription",
  SHIPPING_LABEL: "Shipping labels",
  AI_CREDITS: "AI credits",
  PAYOUT: "Payouts",
  BALANCE_PAYMENT: "Balance payments",
};

/** PAID: charged to a card; DUE: waiting as a balance due; DEDUCTED: taken from a payout; DECLINED: the card refused; PAID_OUT: money to the store. */
export const PAYMENT_ROW_STATUSES = ["PAID", "DUE", "DEDUCTED", "DECLINED", "REFUNDED", "PAID_OUT"] as const;
export const PAYMENT_ROW_STATUS_WORDS: Record<(typeof PAYMENT_ROW_STATUSES)[number], string> = {
  PAID: "Paid by card",
  DUE: "Balance due",
  DEDUCTED: "Taken from a payout",
  DECLINED: "Card declined",
  REFUNDED: "Refunded",
  PAID_OUT: "Paid out to you",
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day like 2026-10-01 that exists. */
export const daySchema = z.string().regex(DAY, "must be a date like 2026-10-01").refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "must be a real calendar date");

export const paymentRowSchema = z.object({
  /** A card payment's id (ch_…), a payout's id, or a fee's id when it was never charged. */
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_ROW_STATUSES),
  occurredAt: z.string(),
  description: z.string(),
  /** What moved: paid by the store, or paid out to it (PAYOUT). */
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  /** The card payment record to open, if it was a card payment. */
  paymentRecordId: z.string().nullable(),
  /** The payout record to open (a payout, or the payout a balance due was taken from). */
  payoutRecordId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  receivingSn: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

export const getPaymentsReport = defineContract({
  id: "getPaymentsReport",
  method: "GET",
  path: "/web/stores/me/payments-report",
  summary: "The store's payments in a period (from inclusive, to exclusive), newest first: fulfilment and storage fees, quality-check fees, purchases, subscription, labels, AI credits by card, and payouts of storefront sales less the 5% processing; one kind or all, paged; with the total of each kind in the period and the balance due now.",
  tags: ["payments"],
  access: "user",
  query: z
    .strictObject({
      from: daySchema.optional().describe("First day of the period, like 2026-10-01 (default: 30 days ago)"),
      to: daySchema.optional().describe("The day after the last day (the period is half-open), like 2026-11-01 (default: tomorrow)"),
      kind: z.enum(PAYMENT_KINDS).optional().describe("Only one kind: FULFILMENT_FEE, STORAGE_FEE, QC_FEE, PURCHASE, SUBSCRIPTION, SHIPPING_LABEL, AI_CREDITS or PAYOUT"),
      ...pageQuery,
    })
    .refine((q) => !q.from || !q.to || q.from < q.to, { message: "must be after the first day", path: ["to"] }),
  response: pageOf(paymentRowSchema).extend({
    from: z.string(),
    to: z.string(),
    totals: z.record(z.enum(PAYMENT_KINDS), z.number().int()),
    /** Fees waiting for a card or the next payout. */
    balanceDueCents: z.number().int(),
    /** What "Pay now" would charge: the fees due (not those a card charge is already working on). */
    payableCents: z.number().int(),
    /** The card "Pay now" charges, as the owner knows it; null when the store has none. */
    defaultCard: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  }),
});

const BRAND_WORDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };
/** A card as its owner knows it: "Visa ending 4242". */
export const cardEnding = (card: { brand: string; last4: string }) => `${BRAND_WORDS[card.brand] ?? "Card"} ending ${card.last4}`;

const cardOfPayment = z.object({ brand: z.string(), last4: z.string() });

export const payBalanceDue = defineContract({
  id: "payBalanceDue",
  method: "POST",
  path: "/web/stores/me/balance-due/payments",
  summary: "Pays the balance due now (the fees due, as payableCents in the payments report says) with the store's default card, after the owner confirmed that amount and card. amountCents must equal the balance due, or nothing is charged (409 names the new balance). COMPLETED marks those fees paid; INSTRUMENT_DECLINED changes nothing. Send an Idempotency-Key: a retry with the same key charges once and answers the same.",
  tags: ["payments"],
  access: "user",
  idempotent: true,
  body: z.strictObject({
    amountCents: z.number().int("must be a whole number of cents").positive("must be more than zero").max(100_000_000, "must be at most $1,000,000").describe("The balance due the owner confirmed, in cents"),
  }),
  response: z.object({
    result: paymentResultSchema,
    /** The card payment record to open (also for a decline). */
    chargeId: z.string(),
    amountCents: z.number().int(),
    /** How many fees the payment covered (or would have, when declined). */
    feeCount: z.number().int(),
    card: cardOfPayment,
    /** The balance due after the payment: 0 when it went through and nothing new arrived. */
    balanceDueCents: z.number().int(),
    /** What happened, in a sentence the screen and the assistant can show as it is. */
    message: z.string(),
  }),
});

const recordId = z.strictObject({ id: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").describe("The record's id, as the payments report gives it") });

export const payoutRecordSchema = z.object({
  id: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  paidAt: z.string(),
  orderCount: z.number().int(),
  grossCents: z.number().int(),
  processingCents: z.number().int(),
  feesCents: z.number().int(),
  netCents: z.number().int(),
  /** The storefront sales it pays (up to 200, oldest first). */
  orders: z.array(z.object({ orderId: z.string(), orderNumber: z.number().int(), placedAt: z.string(), amountCents: z.number().int(), processingCents: z.number().int() })),
  /** The balance due taken from it. */
  fees: z.array(z.object({ id: z.string(), kind: z.enum(PAYMENT_KINDS), description: z.string(), amountCents: z.number().int(), orderNumber: z.number().int().nullable(), receivingSn: z.string().nullable() })),
});
export type PayoutRecord = z.infer<typeof payoutRecordSchema>;

export const getPayoutRecord = defineContract({
  id: "getPayoutRecord",
  method: "GET",
  path: "/web/payout-records/:id/details",
  summary: "One payout: the week of storefront sales it pays, each order with its 5% processing, the fees due taken from it, and the net paid to the store.",
  tags: ["payments"],
  access: "user",
  params: recordId,
  response: payoutRecordSchema,
});

export const paymentRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  description: z.string(),
  createdAt: z.string(),
  amountCents: z.number().int(),
  discountCents: z.number().int(),
  succeeded: z.boolean(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The fees this payment paid, with the order or receiving each belongs to. */
  fees: z.array(z.object({ id: z.string(), kind: z.enum(PAYMENT_KINDS), description: z.string(), amountCents: z.number().int(), orderNumber: z.number().int().nullable(), receivingSn: z.string().nullable() })),
  refunds: z.array(z.object({ id: z.string(), amountCents: z.number().int(), reason: z.string(), createdAt: z.string() })),
  refundedCents: z.number().int(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const getPaymentRecord = defineContract({
  id: "getPaymentRecord",
  method: "GET",
  path: "/web/stripe-payment-records/:id",
  summary: "One card payment: the amount, the card's brand and last 4 digits, what it paid for (the fee's order or receiving), and its refunds.",
  tags: ["payments"],
  access: "user",
  params: recordId,
  response: paymentRecordSchema,
});
