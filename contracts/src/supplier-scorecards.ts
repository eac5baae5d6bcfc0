import { z } from "zod";
import { defineContract } from "./contract";
import { pageOf, pageQuery } from "./domain";

// Supplier scorecards (issue 17): how each supplier the store dealt with has delivered, from the
// store's own records only: receivings (expected arrival day against the day counting started;
// units received and damaged against units expected), purchases (shipped by the promised day:
// paid day + the item's longest production time) and quality inspections of the supplier's
// receivings. Every figure carries the counts behind it, and says "not enough data yet" below
// SCORECARD_MIN_EVENTS instead of a misleading 100 %.

/** Fewer events than this and a figure has no rate: one on-time shipment is not a 100 % record. */
export const SCORECARD_MIN_EVENTS = 3;

/** One figure and what it stands on. */
export const scorecardFigureSchema = z.object({
  /** Events that went well (shipments on time, units received sound, inspections passed). */
  good: z.number().int(),
  /** Events counted. */
  total: z.number().int(),
  /** The events the figure stands on (shipments, deliveries or inspections): the threshold counts these. */
  basis: z.number().int(),
  /** good ÷ total, 0–1; null while basis is under the threshold. */
  rate: z.number().nullable(),
  /** The figure in words, with its counts: "9 of 10 shipments on time", "Not enough data yet (1 shipment)". */
  words: z.string(),
});
export type ScorecardFigure = z.infer<typeof scorecardFigureSchema>;

/** "45 min", "3 h 20 min", "2 days 4 h". */
export function durationWords(minutes: number): string {
  const m = Math.round(minutes);
  if (m < 60) return `${Math.max(1, m)} min`;
  if (m < 48 * 60) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}`;
  const hours = Math.round(m / 60);
  return `${Math.floor(hours / 24)} days${hours % 24 ? ` ${hours % 24} h` : ""}`;
}

/** How fast the supplier first answers the store in the inbox: each time the store writes (a run of messages is one), the time to the supplier's next message. */
export const replyTimeSchema = z.object({
  /** The median of the first replies, in minutes; null under SCORECARD_MIN_EVENTS answered messages. */
  medianMinutes: z.number().nullable(),
  /** Store messages the supplier answered. */
  answered: z.number().int(),
  /** Store messages (a run of them counts once). */
  asked: z.number().int(),
  /** "Answers in a median of 3 h 20 min (8 of 9 messages answered)", or why there is no figure yet. */
  words: z.string(),
});
export type ReplyTime = z.infer<typeof replyTimeSchema>;

export const supplierScorecardSchema = z.object({
  /** The marketplace supplier, or null for a supplier known only by the name typed on receivings. */
  supplierId: z.string().nullable(),
  name: z.string(),
  countryCode: z.string().nullable(),
  /** Whether the store has any purchase or receiving from this supplier (a scorecard of nothing otherwise). */
  hasDealings: z.boolean(),
  /** Receivings counted by their expected arrival day, and purchases shipped by their promised day. */
  onTime: scorecardFigureSchema,
  /** The two halves of onTime. */
  onTimeReceivings: scorecardFigureSchema,
  onTimePurchases: scorecardFigureSchema,
  /** Units received sound of units expected, over receivings whose counting is over (threshold in shipments). */
  accuracy: scorecardFigureSchema,
  /** Units counted damaged of units counted (good = damaged units here: the lower the better). */
  damage: scorecardFigureSchema,
  /** Reported inspections of this supplier's receivings or purchases that passed. */
  qcPass: scorecardFigureSchema,
  /** Defects found per unit sampled across those inspections (good = defects found). */
  defects: scorecardFigureSchema,
  /** First replies to the store's messages in the inbox (not part of the reliability score). */
  replyTime: replyTimeSchema,
  /** Mean of the on-time, accuracy and QC pass rates that have enough data, 0–100; null when none has. */
  reliability: z.number().nullable(),
  /** One sentence a person reads: the strongest and weakest figures, or why there is no score yet. */
  summary: z.string(),
  /** The latest purchase or receiving from this supplier. */
  lastDealtAt: z.string().nullable(),
});
export type SupplierScorecard = z.infer<typeof supplierScorecardSchema>;

export const SCORECARD_SORTS = ["MOST_RELIABLE", "LEAST_RELIABLE", "MOST_LATE", "NAME"] as const;
export type ScorecardSort = (typeof SCORECARD_SORTS)[number];

export const listSupplierScorecards = defineContract({
  id: "listSupplierScorecards",
  method: "GET",
  path: "/web/supplier-scorecards",
  summary: "The store's suppliers (bought from, or named on a receiving) with their scorecards from the store's own records, ranked by reliability (MOST_RELIABLE, the default), least reliable first, most late deliveries first (MOST_LATE), or by name; searched by name; paged.",
  tags: ["sourcing"],
  access: "user",
  query: z.strictObject({
    search: z.string().trim().max(100, "must be at most 100 characters").optional().describe("Words of the supplier's name"),
    sort: z.enum(SCORECARD_SORTS, "must be MOST_RELIABLE, LEAST_RELIABLE, MOST_LATE or NAME").default("MOST_RELIABLE").describe("MOST_RELIABLE (default), LEAST_RELIABLE, MOST_LATE (the share of late deliveries, highest first) or NAME"),
    lateOnly: z.enum(["true", "false"], "must be true or false").default("false").transform((v) => v === "true").describe("Only suppliers with at least one late delivery"),
    ...pageQuery,
  }),
  response: pageOf(supplierScorecardSchema),
});

export const getSupplierScorecard = defineContract({
  id: "getSupplierScorecard",
  method: "GET",
  path: "/web/supplier-scorecards/:supplierId",
  summary: "One marketplace supplier's scorecard from the store's own records: on-time rate, receiving accuracy, damage rate, QC pass and defect rates, each with its counts; hasDealings false when the store never bought from or received from it.",
  tags: ["sourcing"],
  access: "user",
  params: z.strictObject({ supplierId: z.uuid("must be a supplier id").describe("The supplier's id") }),
  response: supplierScorecardSchema,
});
