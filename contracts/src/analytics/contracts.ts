import { z } from "zod";
import { defineContract } from "../contract";
import { pageOf, pageQuery } from "../domain";
import { ORDER_ORIGINS } from "../orders";
import { REPORT_IDS, type ReportDef } from "./reports";

// The analytics endpoints (issue 20): list the reports, run one with its parameters, list the orders
// or customers behind one of its numbers, export it as CSV, and share it through a public link.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = z.string().regex(DAY, "must be a date like 2025-10-01").refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "must be a real calendar date");

export const COMPARE_MODES = ["NONE", "PREVIOUS_PERIOD", "PREVIOUS_YEAR"] as const;
export const GRANULARITIES = ["day", "week", "month"] as const;
export const CUSTOMER_SEGMENTS = ["NEW", "RETURNING"] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];
export type Granularity = (typeof GRANULARITIES)[number];

/** The longest range a report covers: five years of days. */
export const MAX_RANGE_DAYS = 1830;

const reportParamsShape = {
  from: daySchema.describe("First day of the range in the store's time zone, like 2025-10-01"),
  to: daySchema.describe("Day after the last day of the range (the range is half-open), like 2025-11-01"),
  asOf: z.iso.datetime({ offset: true, message: "must be a date and time like 2025-11-01T00:00:00Z" }).optional().describe("Read the data as it was at this moment (default: when the report runs; the answer says which moment was used)"),
  compare: z.enum(COMPARE_MODES).default("NONE").describe("Compare with the period just before, or the same period a year earlier"),
  granularity: z.enum(GRANULARITIES).default("month").describe("Time buckets of period rows"),
  origin: z.enum(ORDER_ORIGINS).optional().describe("Only orders from this channel (order origin)"),
  country: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code like US").optional().describe("Only orders shipped to (or customers in) this country"),
  sku: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").optional().describe("Only orders containing this SKU"),
  segment: z.enum(CUSTOMER_SEGMENTS).optional().describe("Only new customers' first orders, or returning customers' orders"),
};

/** The range must run forwards and stay under five years. */
function checkRange<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((p) => p.from < p.to, { message: "must be after the start of the range", path: ["to"] })
    .refine((p) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 <= MAX_RANGE_DAYS, { message: `must be at most ${MAX_RANGE_DAYS} days after the start`, path: ["to"] });
}

/**
 * A report's parameters: a half-open range of the store's calendar days [from, to), the moment the
 * data is read as of (orders placed later are ignored, so a rerun gives the same rows), the
 * comparison period, the time buckets and the filters.
 */
export const reportParamsSchema = checkRange(z.strictObject(reportParamsShape));
export type ReportParams = z.infer<typeof reportParamsSchema>;
export type ReportParamsInput = z.input<typeof reportParamsSchema>;

const measureSchema = z.object({ key: z.string(), label: z.string(), format: z.enum(["money", "count", "percent", "days", "ratio"]), description: z.string() });
export const reportDefSchema = z.object({
  id: z.string(),
  title: z.string(),
  group: z.enum(["overview", "customers", "orders", "products", "marketing", "fulfilment"]),
  description: z.string(),
  dimension: z.object({ kind: z.enum(["time", "category", "band"]), label: z.string() }),
  measures: z.array(measureSchema),
  primary: z.string(),
  chart: z.enum(["line", "bar", "heatmap"]),
  drill: z.enum(["orders", "customers"]),
  flag: z.enum(["analytics", "fulfillmentMetrics"]),
  caveat: z.string().optional(),
}) satisfies z.ZodType<ReportDef>;

const values = z.record(z.string(), z.number().nullable());
export const reportRowSchema = z.object({ key: z.string(), label: z.string(), values });
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportResultSchema = z.object({
  report: reportDefSchema,
  /** The parameters as run: asOf is always filled, so the same call reproduces these rows. */
  params: z.object({
    from: z.string(), to: z.string(), asOf: z.string(), timezone: z.string(), compare: z.enum(COMPARE_MODES), granularity: z.enum(GRANULARITIES),
    origin: z.string().optional(), country: z.string().optional(), sku: z.string().optional(), segment: z.string().optional(),
  }),
  rows: z.array(reportRowSchema),
  totals: values,
  comparison: z.object({ from: z.string(), to: z.string(), rows: z.array(reportRowSchema), totals: values }).nullable(),
  /** Sentences about the figures: caveats and what the data suggests (never an invented number). */
  notes: z.array(z.string()),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

const reportIdParams = z.strictObject({ reportId: z.enum(REPORT_IDS, { message: "must be one of the analytics reports" }) });

export const listReports = defineContract({
  id: "listReports",
  method: "GET",
  path: "/web/analytics/reports",
  summary: "The analytics reports the store may open (the analytics flag; fulfilment metrics has its own), each with its measures, their definitions and its chart, and the store's time zone.",
  tags: ["analytics"],
  access: "user",
  response: z.object({ reports: z.array(reportDefSchema), timezone: z.string() }),
});

export const runReport = defineContract({
  id: "runReport",
  method: "GET",
  path: "/web/analytics/reports/:reportId",
  summary: "Runs one analytics report for a half-open range of the store's days as of a moment, with filters (channel, country, SKU, new or returning customers) and an optional comparison period: rows, totals, measure definitions and notes.",
  tags: ["analytics"],
  access: "user",
  params: reportIdParams,
  query: reportParamsSchema,
  response: reportResultSchema,
});

export const drillOrderSchema = z.object({ id: z.string(), orderNumber: z.number().int(), placedAt: z.string(), customerName: z.string(), totalCents: z.number().int(), origin: z.enum(ORDER_ORIGINS) });
export const drillCustomerSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), ordersCount: z.number().int(), revenueCents: z.number().int(), lastOrderAt: z.string().nullable() });

export const drillDownReport = defineContract({
  id: "drillDownReport",
  method: "GET",
  path: "/web/analytics/reports/:reportId/drill-down",
  summary: "The orders or customers behind one row of a report (and, for cohorts, one cell), with the report's own parameters; paged.",
  tags: ["analytics"],
  access: "user",
  params: reportIdParams,
  query: checkRange(
    z.strictObject({
      ...reportParamsShape,
      key: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters").describe("The row's key, as the report returned it"),
      measure: z.string().max(40, "must be at most 40 characters").optional().describe("A measure of the row, when it narrows the list (a cohort month)"),
      ...pageQuery,
    }),
  ),
  response: z.object({
    kind: z.enum(["orders", "customers"]),
    label: z.string(),
    orders: pageOf(drillOrderSchema).nullable(),
    customers: pageOf(drillCustomerSchema).nullable(),
  }),
});

export const exportReportCsv = defineContract({
  id: "exportReportCsv",
  method: "GET",
  path: "/web/analytics/reports/:reportId/csv",
  summary: "One report as a CSV file (one row per report row, money in dollars), with the same parameters as running it.",
  tags: ["analytics"],
  access: "user",
  params: reportIdParams,
  query: reportParamsSchema,
  response: z.object({ filename: z.string(), csv: z.string() }),
});

export const SHARE_MODES = ["SNAPSHOT", "LIVE"] as const;
export const reportShareSchema = z.object({
  id: z.string(),
  token: z.string(),
  reportId: z.string(),
  title: z.string(),
  mode: z.enum(SHARE_MODES),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The public page's path. */
  path: z.string(),
});
export type ReportShare = z.infer<typeof reportShareSchema>;

export const createReportShare = defineContract({
  id: "createReportShare",
  method: "POST",
  path: "/web/analytics/shares",
  summary: "Creates a public link to one report with its parameters: a snapshot (the figures frozen now) or live (re-run at each visit), optionally expiring and optionally behind a password.",
  tags: ["analytics"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    reportId: z.enum(REPORT_IDS, { message: "must be one of the analytics reports" }).describe("The report to share"),
    params: reportParamsSchema.describe("The report's parameters"),
    mode: z.enum(SHARE_MODES).default("SNAPSHOT").describe("SNAPSHOT freezes today's figures; LIVE re-runs the report at each visit"),
    password: z.string().min(8, "must be at least 8 characters").max(200, "must be at most 200 characters").optional().describe("Visitors must type this password (kept only as a hash)"),
    expiresAt: z.iso.datetime({ offset: true, message: "must be a date and time like 2025-12-31T00:00:00Z" }).optional().describe("The link stops working after this moment"),
  }),
  response: reportShareSchema,
});

export const listReportShares = defineContract({
  id: "listReportShares",
  method: "GET",
  path: "/web/analytics/shares",
  summary: "The store's report links, newest first, with whether each is revoked or expiring.",
  tags: ["analytics"],
  access: "user",
  query: z.strictObject({ ...pageQuery }),
  response: pageOf(reportShareSchema),
});

export const revokeReportShare = defineContract({
  id: "revokeReportShare",
  method: "POST",
  path: "/web/analytics/shares/:shareId/revoke",
  summary: "Revokes a report link at once: its page then says the link was revoked.",
  tags: ["analytics"],
  access: "user",
  idempotent: true,
  params: z.strictObject({ shareId: z.uuid({ message: "must be a link id" }) }),
  response: reportShareSchema,
  noToolReason: "Revoking a public link is done on the report screen where the link is listed.",
});

export const SHARED_REPORT_STATES = ["OK", "PASSWORD_REQUIRED", "WRONG_PASSWORD", "REVOKED", "EXPIRED"] as const;

export const openSharedReport = defineContract({
  id: "openSharedReport",
  method: "POST",
  path: "/web/share-reports/:token/open",
  summary: "Opens a public report link (no login): the report's figures, or why they can't be shown (a password is needed, the link was revoked or has expired). Nothing else of the store is reachable from it.",
  tags: ["analytics"],
  access: "public",
  previewAllowed: true,
  params: z.strictObject({ token: z.string().min(20, "must be a report link").max(64, "must be a report link").regex(/^[A-Za-z0-9_-]+$/, "must be a report link") }),
  body: z.strictObject({ password: z.string().max(200, "must be at most 200 characters").optional() }),
  response: z.object({
    state: z.enum(SHARED_REPORT_STATES),
    title: z.string().nullable(),
    storeName: z.string().nullable(),
    mode: z.enum(SHARE_MODES).nullable(),
    result: reportResultSchema.nullable(),
  }),
  noToolReason: "The public page of a shared report is for people outside the store, not the store's assistant.",
});
