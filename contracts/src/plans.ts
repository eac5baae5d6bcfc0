import { z } from "zod";
import { defineContract } from "./contract";
import { AI_CREDIT_TIERS, MODULE_STATUSES, PLAN_NAMES, pageOf, pageQuery, planTypeSchema, subscriptionStatusSchema, type PlanType } from "./domain";
import { CANCEL_RESULTS, cancellationSurveySchema, invoiceSchema, paymentMethodSchema, paymentResultSchema, pauseBodySchema, subscriptionSchema } from "./payments";

/** Monthly price of each plan in US cents; the spec names none, so these are ours (docs/decisions.md). */
export const PLAN_PRICES_CENTS: Record<PlanType, number> = { TIER_1: 0, TIER_2: 2900, TIER_2_5: 5900, TIER_3: 9900 };

/** Plan bundles held as modules: one per paid plan. */
export const MODULE_TYPES = ["BEGINNER", "SCALING", "PROFESSIONAL"] as const;
export const MODULE_OF_PLAN: Record<PlanType, (typeof MODULE_TYPES)[number] | null> = {
  TIER_1: null,
  TIER_2: "BEGINNER",
  TIER_2_5: "SCALING",
  TIER_3: "PROFESSIONAL",
};

/** Professional stores buy from the Professional credit tiers, everyone else from the Beginner ones. */
export const AI_CREDIT_BUNDLES = ["BEGINNER", "PROFESSIONAL"] as const;
/** Price of one AI credit in hundredths of a cent per bundle (Beginner 1¢, Professional 0.8¢). */
export const AI_CREDIT_PRICE_CENTI_CENTS = { BEGINNER: 100, PROFESSIONAL: 80 } as const;

export function aiCreditBundleOf(plan: PlanType): (typeof AI_CREDIT_BUNDLES)[number] {
  return plan === "TIER_3" ? "PROFESSIONAL" : "BEGINNER";
}

export function aiCreditPriceCents(bundle: (typeof AI_CREDIT_BUNDLES)[number], credits: number): number {
  return Math.round((credits * AI_CREDIT_PRICE_CENTI_CENTS[bundle]) / 100);
}

const planRefSchema = z.object({ planType: planTypeSchema, name: z.string(), priceCents: z.number().int() });

/** A period's days, counted as the user reads them (a 30-day month, 12 days left). */
const DAY_MS = 86_400_000;

export type UpgradeCharge = { amountCents: number; prorated: boolean; daysLeft: number; periodDays: number; explanation: string };

/**
 * What an upgrade charges (docs/decisions.md, "Upgrades: quote, proration, scheduled downgrades").
 * With a paid period running: (target price − current price) × time left ÷ period length, rounded
 * to the cent, and the subscription keeps its period. Otherwise (from Free, or after a cancel): the
 * target's full price for a new month. A running discount applies to either.
 */
export function upgradeCharge(input: {
  from: PlanType;
  to: PlanType;
  /** The running paid period, if any. */
  period: { start: Date; end: Date } | null;
  at: Date;
  discountPercent: number;
}): UpgradeCharge {
  const discounted = (cents: number) => cents - Math.round((cents * input.discountPercent) / 100);
  const full = PLAN_PRICES_CENTS[input.to];
  const period = input.period;
  if (!period || PLAN_PRICES_CENTS[input.from] === 0 || period.end <= input.at) {
    return { amountCents: discounted(full), prorated: false, daysLeft: 0, periodDays: 0, explanation: `${PLAN_NAMES[input.to]} plan, one month` };
  }
  const length = period.end.getTime() - period.start.getTime();
  const left = Math.min(length, period.end.getTime() - input.at.getTime());
  const difference = full - PLAN_PRICES_CENTS[input.from];
  const periodDays = Math.round(length / DAY_MS);
  const daysLeft = Math.min(periodDays, Math.ceil(left / DAY_MS));
  return {
    amountCents: discounted(Math.round((difference * left) / length)),
    prorated: true,
    daysLeft,
    periodDays,
    explanation: `Upgrade from ${PLAN_NAMES[input.from]} to ${PLAN_NAMES[input.to]}: $${(difference / 100).toFixed(2)} difference for the ${daysLeft} of ${periodDays} days left`,
  };
}

export const planOverviewSchema = z.object({
  planType: planTypeSchema,
  name: z.string(),
  priceCents: z.number().int().describe("Monthly list price of the current plan in US cents"),
  upgradeTarget: planRefSchema.nullable().describe("TIER_2 from TIER_1, TIER_3 from TIER_2 or TIER_2_5, none for TIER_3"),
  subscription: subscriptionSchema.nullable(),
  subscriptionStatus: subscriptionStatusSchema.nullable(),
  isBlueprintActive: z.boolean(),
  isBlueprintPaused: z.boolean(),
  modules: z.array(z.object({ moduleType: z.enum(MODULE_TYPES), status: z.enum(MODULE_STATUSES) })),
  missingModuleTypes: z.array(z.enum(MODULE_TYPES)),
  openInvoice: invoiceSchema.nullable().describe("An unpaid invoice waiting for a retry, if any"),
  scheduledChange: z
    .object({ planType: planTypeSchema, name: z.string(), effectiveAt: z.string() })
    .nullable()
    .describe("A downgrade waiting for the end of the paid period"),
  defaultPaymentMethod: paymentMethodSchema.nullable(),
  aiCredits: z.object({ balance: z.number().int() }),
  canManageBilling: z.boolean(),
});

/** The plan screen's overview: plan, upgrade target, subscription, modules, AI credits. */
export const getPlanOverview = defineContract({
  id: "getPlanOverview",
  method: "GET",
  path: "/web/plans/current",
  summary: "The store's plan: tier, upgrade target, subscription status and pause state, modules, open invoice, AI credit balance.",
  tags: ["plans"],
  access: "user",
  response: planOverviewSchema,
});

export const upgradeQuoteSchema = z.object({
  targetPlan: planTypeSchema,
  name: z.string(),
  amountCents: z.number().int().describe("What the upgrade charges now"),
  fullPriceCents: z.number().int().describe("The target plan's monthly list price"),
  prorated: z.boolean().describe("True when a paid period is running and only the difference for its rest is charged"),
  chargedAt: z.string().describe("When the quote was made; the charge is made at confirmation"),
  periodEnd: z.string().describe("The end of the period the charge covers; the next full charge is then"),
  paymentMethod: paymentMethodSchema.nullable().describe("The default card the upgrade charges, if any"),
  explanation: z.string(),
});

/** What an upgrade would charge, with which card and until when: shown before the user confirms. */
export const getUpgradeQuote = defineContract({
  id: "getUpgradeQuote",
  method: "GET",
  path: "/web/plans/current/upgrade-quote",
  summary: "What upgrading to the target plan charges now (the prorated difference mid-period), the card charged and the period it covers. Show it to the user before upgrading.",
  tags: ["plans"],
  access: "user",
  query: z.strictObject({ targetPlan: planTypeSchema }),
  response: upgradeQuoteSchema,
});

/** Upgrades to the plan's upgrade target, charging a card. */
export const upgradePlan = defineContract({
  id: "upgradePlan",
  method: "POST",
  path: "/web/plans/current/upgrade",
  summary:
    "Upgrade to the upgrade target (only), charging the default card or the given one. A declined card answers result INSTRUMENT_DECLINED, the plan unchanged and the invoice left open for a retry.",
  tags: ["plans"],
  access: "user",
  idempotent: true,
  body: z.strictObject({
    targetPlan: planTypeSchema,
    paymentMethodId: z.string().min(1).max(100).optional(),
    expectedAmountCents: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("The quote's amountCents the user confirmed; a different amount now is a 409 instead of a charge"),
  }),
  response: z.object({ result: paymentResultSchema, chargeId: z.string(), invoiceId: z.string(), plan: planOverviewSchema }),
});

/** Schedules a move to a lower paid plan at the end of the paid period. */
export const downgradePlan = defineContract({
  id: "downgradePlan",
  method: "POST",
  path: "/web/plans/current/downgrade",
  summary: "Schedule a downgrade to a lower paid plan; it takes effect at the end of the paid period, with no charge or refund now. Going to Free is cancelling (cancelPlan).",
  tags: ["plans"],
  access: "user",
  body: z.strictObject({ targetPlan: planTypeSchema }),
  response: z.object({ result: z.literal("SCHEDULED"), plan: planOverviewSchema }),
});

/** Pauses the plan. */
export const pausePlan = defineContract({
  id: "pausePlan",
  method: "POST",
  path: "/web/plans/current/pause",
  summary: "Pause the plan's subscription with an invoice behaviour and an optional automatic resume time.",
  tags: ["plans"],
  access: "user",
  body: pauseBodySchema,
  response: z.object({ result: z.literal("PAUSED"), plan: planOverviewSchema }),
});

/** Resumes a paused plan. */
export const resumePlan = defineContract({
  id: "resumePlan",
  method: "POST",
  path: "/web/plans/current/resume",
  summary: "Resume a paused plan.",
  tags: ["plans"],
  access: "user",
  response: z.object({ result: z.literal("PLAN_RESUMED"), plan: planOverviewSchema }),
});

/** Cancels the plan after the full survey; a YES to the offer keeps it at 40% off instead. */
export const cancelPlan = defineContract({
  id: "cancelPlan",
  method: "POST",
  path: "/web/plans/current/cancel",
  summary:
    "Cancel the plan with every cancellation-survey answer. offerAnswer YES applies 40% off for 3 months instead (OFFER_APPLIED); otherwise the plan returns to Free (CONFIRMED_REQUEST_SENT).",
  tags: ["plans"],
  access: "user",
  body: cancellationSurveySchema,
  response: z.object({ result: z.enum(CANCEL_RESULTS), plan: planOverviewSchema }),
});

const creditTierSchema = z.object({ credits: z.number().int(), priceCents: z.number().int() });

/** The AI credit balance and the tiers this store may buy. */
export const getAiCredits = defineContract({
  id: "getAiCredits",
  method: "GET",
  path: "/web/ai-credits",
  summary: "AI credit balance and the purchasable tiers of the store's bundle (Beginner or Professional).",
  tags: ["plans"],
  access: "user",
  response: z.object({
    balance: z.number().int(),
    bundle: z.enum(AI_CREDIT_BUNDLES),
    tiers: z.array(creditTierSchema),
    defaultCredits: z.number().int(),
  }),
});

export const aiCreditMovementSchema = z.object({
  id: z.string(),
  delta: z.number().int().describe("Credits added (positive) or spent (negative)"),
  balanceAfter: z.number().int(),
  reason: z.string(),
  chargeId: z.string().nullable(),
  createdAt: z.string(),
});

/** Every credit movement, newest first. */
export const listAiCreditMovements = defineContract({
  id: "listAiCreditMovements",
  method: "GET",
  path: "/web/ai-credits/movements",
  summary: "The ledger of AI credit purchases and spending, newest first.",
  tags: ["plans"],
  access: "user",
  query: z.strictObject({ ...pageQuery }),
  response: pageOf(aiCreditMovementSchema),
});

const allCreditTiers = [...new Set<number>([...AI_CREDIT_TIERS.BEGINNER, ...AI_CREDIT_TIERS.PROFESSIONAL])];

/** Buys one tier of AI credits with a card. */
export const purchaseAiCredits = defineContract({
  id: "purchaseAiCredits",
  method: "POST",
  path: "/web/ai-credits/purchase",
  summary: "Buy a tier of AI credits (default the bundle's first tier) with the default card or the given one.",
  tags: ["plans"],
  access: "user",
  idempotent: true,
  body: z.strictObject({
    credits: z
      .number()
      .int()
      .refine((v) => allCreditTiers.includes(v), `must be one of ${allCreditTiers.join(", ")}`)
      .optional()
      .describe("One of the tiers of the store's bundle"),
    paymentMethodId: z.string().min(1).max(100).optional(),
  }).optional(),
  response: z.object({ result: paymentResultSchema, chargeId: z.string(), credits: z.number().int(), priceCents: z.number().int(), balance: z.number().int() }),
});
