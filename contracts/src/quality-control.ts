import { z } from "zod";
import { defineContract } from "./contract";
import { pageOf, pageQuery } from "./domain";
import { orderItemIdsSchema } from "./receivings";
import { AQLS, CODE_LETTERS, INSPECTION_LEVELS, MAX_LOT, MIN_LOT, codeLetterFor, samplingPlan, type Aql, type InspectionLevel } from "./aql";

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, "must not be empty");
// Quality checks (000 §2.2 /homebase/quality-control): an inspection of a lot planned from the
// ISO 2859-1 tables (contracts/src/aql.ts), then its report and the verdict.

/**
 * What one inspection costs the store, charged through the payments ledger when it is booked. The
 * spec names no inspection price (000 §9 lists fulfilment, storage and SMS only); $299 is the
 * going rate of one inspector-day at the third-party inspection firms (QIMA, V-Trust) in 2026.
 */
export const QC_INSPECTION_FEE_CENTS = 29_900;
/** Defect photos one report may carry. */
export const MAX_QC_PHOTOS = 12;

export const QC_STAGES = ["PRE_PRODUCTION", "DURING_PRODUCTION", "PRE_SHIPMENT", "RECEIVING"] as const;
export const QC_STATUSES = ["BOOKED", "REPORTED"] as const;
/** The list's verdict filter: passed, failed, or still waiting for its report. */
export const QC_VERDICT_FILTERS = ["PASS", "FAIL", "PENDING"] as const;
export const DEFECT_CLASSES = ["critical", "major", "minor"] as const;
export type DefectClass = (typeof DEFECT_CLASSES)[number];

const aqlField = (what: string, dflt: Aql) => z.enum(AQLS, `must be one of the AQLs ${AQLS.join(", ")}`).default(dflt).describe(`AQL for ${what} defects, percent (default ${dflt})`);
const samplingFields = {
  lotSize: z.number("must be a number of units").int("must be a whole number of units").min(MIN_LOT, `must be at least ${MIN_LOT} units`).max(MAX_LOT, "must be at most 10,000,000 units").describe("Units in the lot"),
  level: z.enum(INSPECTION_LEVELS, "must be I, II or III").default("II").describe("General inspection level I, II (default) or III"),
  aqlCritical: aqlField("critical", "0.065"),
  aqlMajor: aqlField("major", "2.5"),
  aqlMinor: aqlField("minor", "4.0"),
};

export const classPlanSchema = z.object({ aql: z.enum(AQLS), sampleSize: z.number().int(), accept: z.number().int(), reject: z.number().int() });
export const samplingPlanSchema = z.object({ codeLetter: z.enum(CODE_LETTERS), sampleSize: z.number().int(), critical: classPlanSchema, major: classPlanSchema, minor: classPlanSchema });
export type QcSamplingPlan = z.infer<typeof samplingPlanSchema>;

/** The plan for each class, and the units to open: the largest class sample (smaller classes read the first units). */
export function qcSamplingPlan(lotSize: number, level: InspectionLevel, aqls: Record<DefectClass, Aql>): QcSamplingPlan {
  const plan = (aql: Aql) => {
    const p = samplingPlan(lotSize, level, aql);
    return { aql, sampleSize: p.sampleSize, accept: p.accept, reject: p.reject };
  };
  const critical = plan(aqls.critical);
  const major = plan(aqls.major);
  const minor = plan(aqls.minor);
  return { codeLetter: codeLetterFor(lotSize, level), sampleSize: Math.max(critical.sampleSize, major.sampleSize, minor.sampleSize), critical, major, minor };
}

export const getSamplingPlan = defineContract({
  id: "getSamplingPlan",
  method: "GET",
  path: "/homebase/quality-control/sampling-plan",
  summary: "The ISO 2859-1 (ANSI/ASQ Z1.4) single sampling plan, normal inspection, for a lot: the sample size code letter from the lot size and inspection level, and for each defect class (critical, major, minor) at its AQL the units to inspect and the acceptance and rejection numbers.",
  tags: ["quality"],
  access: "user",
  previewAllowed: true,
  query: z.strictObject({
    lotSize: z.coerce.number("must be a number of units").int("must be a whole number of units").min(MIN_LOT, `must be at least ${MIN_LOT} units`).max(MAX_LOT, "must be at most 10,000,000 units"),
    level: samplingFields.level,
    aqlCritical: samplingFields.aqlCritical,
    aqlMajor: samplingFields.aqlMajor,
    aqlMinor: samplingFields.aqlMinor,
  }),
  response: samplingPlanSchema,
});

export const qcInspectionSchema = z.object({
  id: z.string(),
  reference: z.string(),
  product: z.string(),
  stage: z.enum(QC_STAGES),
  lotSize: z.number().int(),
  level: z.enum(INSPECTION_LEVELS),
  plan: samplingPlanSchema,
  status: z.enum(QC_STATUSES),
  found: z.object({ critical: z.number().int(), major: z.number().int(), minor: z.number().int() }).nullable(),
  /** Per class, PASS when the defects found are at most its acceptance number. */
  classVerdicts: z.object({ critical: z.enum(["PASS", "FAIL"]), major: z.enum(["PASS", "FAIL"]), minor: z.enum(["PASS", "FAIL"]) }).nullable(),
  verdict: z.enum(["PASS", "FAIL"]).nullable(),
  notes: z.string(),
  /** The fee charged when it was booked, in cents (0 for inspections booked before fees). */
  feeCents: z.number().int(),
  /** The receiving inspected, when the reference names one of the store's receivings (RCV-1003). */
  receiving: z.object({ id: z.string(), number: z.number().int(), supplierName: z.string() }).nullable(),
  /** The sourcing purchase inspected, when it was booked for one (a production order at the factory). */
  purchase: z.object({ id: z.string(), title: z.string(), quantity: z.number().int(), supplierName: z.string().nullable() }).nullable(),
  /** Defect photos of the report, in the inspector's order: pictures uploaded through /upload. */
  photos: z.array(z.object({ id: z.string(), url: z.string(), fileName: z.string() })),
  createdAt: z.string(),
  reportedAt: z.string().nullable(),
});
export type QcInspection = z.infer<typeof qcInspectionSchema>;

export const createQcInspection = defineContract({
  id: "createQcInspection",
  method: "POST",
  path: "/homebase/quality-control",
  summary: "Books an inspection of a lot (a production order or a receiving, by its reference) at a stage, planned from the ISO 2859-1 tables: the sample size and the acceptance and rejection numbers per defect class are fixed at booking. The inspection fee is charged to the store's card; the body names the fee the person confirmed. A reference RCV-<number> links the inspection to that receiving; orderItemId links it to a paid sourcing purchase.",
  tags: ["quality"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    reference: required(60).describe("The purchase order or receiving inspected, e.g. PO-1042"),
    product: required(120).describe("What the lot is, e.g. Heavyweight tee, black"),
    stage: z.enum(QC_STAGES, "must be PRE_PRODUCTION, DURING_PRODUCTION, PRE_SHIPMENT or RECEIVING").default("PRE_SHIPMENT").describe("When: PRE_PRODUCTION, DURING_PRODUCTION, PRE_SHIPMENT (default) or RECEIVING"),
    ...samplingFields,
    orderItemId: z.uuid("must be the id of one of the store's purchases").optional().describe("Optional: the sourcing purchase inspected (a paid sample or production order), which then lists this inspection"),
    expectedFeeCents: z.number("must be the fee in cents").int("must be a whole number of cents").min(0, "must be 0 or more").describe("The inspection fee the person confirmed, in cents; a different fee is refused so nobody pays what they did not see"),
  }),
  response: qcInspectionSchema,
});

export const listQcInspections = defineContract({
  id: "listQcInspections",
  method: "GET",
  path: "/homebase/quality-control",
  summary: "The store's inspections, newest first, searched by reference or product, filtered by status or verdict (PASS, FAIL, or PENDING for those waiting for their report), paged.",
  tags: ["quality"],
  access: "user",
  query: z.strictObject({
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
    status: z.enum(QC_STATUSES).optional(),
    verdict: z.enum(QC_VERDICT_FILTERS, "must be PASS, FAIL or PENDING").optional().describe("Only passed (PASS), failed (FAIL) or not yet reported (PENDING) inspections"),
    receivingId: z.uuid("must be a receiving id").optional().describe("Only the inspections of this receiving"),
    orderItemIds: orderItemIdsSchema.optional().describe("Optional: sourcing purchase ids, comma-separated; only the inspections of those purchases"),
    ...pageQuery,
  }),
  response: pageOf(qcInspectionSchema),
});

const qcParams = z.strictObject({ id: z.uuid("must be an inspection id").describe("The inspection's id") });

export const getQcInspection = defineContract({
  id: "getQcInspection",
  method: "GET",
  path: "/homebase/quality-control/:id",
  summary: "One inspection with its plan, and its report and verdict once reported.",
  tags: ["quality"],
  access: "user",
  params: qcParams,
  response: qcInspectionSchema,
});

const found = (what: string) => z.number("must be a number of defects").int("must be a whole number").min(0, "must be 0 or more").max(100_000, "must be at most 100,000").describe(`${what} defects found in the sample`);

export const reportQcInspection = defineContract({
  id: "reportQcInspection",
  method: "POST",
  path: "/homebase/quality-control/:id/report",
  summary: "Records the defects found per class in the sample, with defect photos (pictures uploaded through /upload), and decides the verdict: the lot passes when every class is at or under its acceptance number. An inspection is reported once; again is 409.",
  tags: ["quality"],
  access: "user",
  idempotent: true,
  params: qcParams,
  body: z.strictObject({
    critical: found("Critical"),
    major: found("Major"),
    minor: found("Minor"),
    notes: text(1000).default("").describe("What the inspector saw (optional)"),
    photoIds: z.array(z.uuid("must be the id of an uploaded picture"), "must be a list of uploaded picture ids").max(MAX_QC_PHOTOS, `must be at most ${MAX_QC_PHOTOS} photos`).default([]).describe("Defect photos: ids of pictures uploaded through /upload (optional)"),
  }),
  response: qcInspectionSchema,
});
