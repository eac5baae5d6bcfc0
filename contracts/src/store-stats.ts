import { z } from "zod";
import { defineContract } from "./contract";
import { MILESTONE_LEVELS } from "./domain";

export type MilestoneLevel = (typeof MILESTONE_LEVELS)[number];

/** Lifetime-sales thresholds in US cents, lowest first (000 §3 "Milestone levels"). */
export const MILESTONE_THRESHOLDS_CENTS: readonly (readonly [MilestoneLevel, number])[] = [
  ["1k", 100_000], ["5k", 500_000], ["10k", 1_000_000], ["50k", 5_000_000], ["100k", 10_000_000],
  ["500k", 50_000_000], ["1MM", 100_000_000], ["5MM", 500_000_000],
];

/** The congratulation message of each level. */
export const MILESTONE_MESSAGES: Record<MilestoneLevel, string> = {
  DEFAULT: "Your brand starts here. Make your first sale and we'll celebrate it with you.",
  FIRST_SALE: "Congratulations on your first sale! Someone out there loves what you made.",
  "1k": "Congratulations on $1,000 in lifetime sales! You've turned an idea into a business.",
  "5k": "Congratulations on $5,000 in lifetime sales! Your customers keep coming back.",
  "10k": "Congratulations on $10,000 in lifetime sales! Five figures: your brand is real.",
  "50k": "Congratulations on $50,000 in lifetime sales! Time to think about scaling up.",
  "100k": "Congratulations on $100,000 in lifetime sales! A six-figure brand.",
  "500k": "Congratulations on $500,000 in lifetime sales! Half a million: extraordinary work.",
  "1MM": "Congratulations on $1,000,000 in lifetime sales! You're a seven-figure brand.",
  "5MM": "Congratulations on $5,000,000 in lifetime sales! Very few brands get here.",
};

/** DEFAULT before any sale, FIRST_SALE after one, then the highest threshold reached. */
export function milestoneLevelOf(lifetimeSalesCents: number, orderCount: number): MilestoneLevel {
  let level: MilestoneLevel = orderCount > 0 || lifetimeSalesCents > 0 ? "FIRST_SALE" : "DEFAULT";
  for (const [l, min] of MILESTONE_THRESHOLDS_CENTS) if (lifetimeSalesCents >= min) level = l;
  return level;
}

const periodSchema = z.object({
  salesCents: z.number().int().describe("Sum of order totals in the period, US cents"),
  orderCount: z.number().int(),
});

export const salesStatsSchema = z.object({
  currency: z.literal("USD"),
  lifetimeSalesCents: z.number().int().describe("Sum of the totals of every order not fully canceled"),
  orderCount: z.number().int(),
  averageOrderValueCents: z.number().int().describe("Lifetime sales / order count, rounded; 0 without orders"),
  last30Days: periodSchema,
  previous30Days: periodSchema.describe("The 30 days before the last 30"),
  salesChangePercent: z.number().nullable().describe("Last 30 days against the previous 30, in percent; null when the previous period had no sales"),
  firstOrderAt: z.string().nullable(),
  lastOrderAt: z.string().nullable(),
  milestone: z.object({
    level: z.enum(MILESTONE_LEVELS),
    message: z.string(),
    nextLevel: z.enum(MILESTONE_LEVELS).nullable(),
    nextLevelAtCents: z.number().int().nullable().describe("Lifetime sales needed for the next level"),
  }),
});

/** Sales figures of the current store from its orders, with its milestone level and message. */
export const getStoreSalesStats = defineContract({
  id: "getStoreSalesStats",
  method: "GET",
  path: "/web/stores/me/sales-stats",
  summary: "Lifetime sales, order count, average order value, the last 30 days against the previous 30, and the sales milestone with its congratulation message.",
  tags: ["stores"],
  access: "user",
  response: salesStatsSchema,
});

/** Whether the store has paid for at least one sample from a supplier. */
export const getStoreHasPurchasedSamples = defineContract({
  id: "getStoreHasPurchasedSamples",
  method: "GET",
  path: "/web/stores/me/has-purchased-samples",
  summary: "True once the store has paid for a sample order (in production, shipped or in a subscription).",
  tags: ["stores"],
  access: "user",
  response: z.object({ hasPurchasedSamples: z.boolean() }),
});
