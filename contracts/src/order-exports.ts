import { z } from "zod";
import { defineContract } from "./contract";
import { idSchema } from "./domain";
import { daySchema } from "./fees";
import { JOB_STATUSES } from "./jobs";

// The two export jobs of 000 §7 (/web/orders/financial-export-job, /web/return-orders/export-job):
// a period's payments (the payments report's rows) or return orders (one row per returned line),
// written by a background job into a CSV file the store downloads. The period is half-open, in
// days of the store's time zone: `from` is the first day, `to` the day after the last.

export const ORDER_EXPORT_KINDS = ["FINANCIAL", "RETURNS"] as const;
export type OrderExportKind = (typeof ORDER_EXPORT_KINDS)[number];
export const ORDER_EXPORT_KIND_WORDS: Record<OrderExportKind, string> = { FINANCIAL: "financial report", RETURNS: "returns export" };

/** The background job of each kind. */
export const ORDER_EXPORT_JOBS: Record<OrderExportKind, string> = { FINANCIAL: "orders.financialExport", RETURNS: "returns.export" };

/** The longest period one file covers. */
export const ORDER_EXPORT_MAX_DAYS = 366;

/** The day a year after `day` (29 February → 1 March), as YYYY-MM-DD. */
export function dayAYearAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

export const exportPeriodSchema = z
  .strictObject({
    from: daySchema.describe("The first day of the period in the store's time zone, like 2026-10-01"),
    to: daySchema.describe("The day after the last day (the period is half-open), like 2026-11-01 for all of October"),
  })
  .refine((p) => p.from < p.to, { message: "must be after the first day", path: ["to"] })
  // A `from` that is not a day is refused by its own field; the year is measured only from a real one.
  .refine((p) => Number.isNaN(Date.parse(`${p.from}T00:00:00Z`)) || p.to <= dayAYearAfter(p.from), { message: "must be at most a year after the first day", path: ["to"] });
export type ExportPeriod = z.infer<typeof exportPeriodSchema>;

/** An export as the dialog, the assistant's card and the tools read it. */
export const orderExportSchema = z.object({
  /** The job's id: the export's id. */
  id: z.string(),
  kind: z.enum(ORDER_EXPORT_KINDS),
  from: z.string(),
  to: z.string(),
  /** The store's time zone the days are read in. */
  timezone: z.string(),
  status: z.enum(JOB_STATUSES),
  percent: z.number().int().min(0).max(100),
  /** Where it stands, in a sentence ("Writing 1,200 of 3,400 payments.", "The file is ready: 3,400 payments."). */
  summary: z.string(),
  /** Rows in the file, once written. */
  rowCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** The file's address under /rest/main once it is ready (a signed-in member of the store downloads it). */
  downloadPath: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type OrderExport = z.infer<typeof orderExportSchema>;

const exportParams = z.strictObject({ id: idSchema.describe("The export's id, as starting it answered") });

export const startFinancialExport = defineContract({
  id: "startFinancialExport",
  method: "POST",
  path: "/web/orders/financial-export-job",
  summary: "Starts writing the payments report of a period (from inclusive, to exclusive, days in the store's time zone, at most a year) into a CSV file in the background: date, order number, type of charge in words, description, status, amount, refunded, currency and the balance running over the period. Answers the export with its progress; the file downloads from downloadPath once it is done. Nothing is charged or sent.",
  tags: ["payments"],
  access: "user",
  status: 202,
  idempotent: true,
  body: exportPeriodSchema,
  response: orderExportSchema,
});

export const getFinancialExport = defineContract({
  id: "getFinancialExport",
  method: "GET",
  path: "/web/orders/financial-export-job/:id",
  summary: "A financial export: its period, progress, and when done the number of rows and the file's download address.",
  tags: ["payments"],
  access: "user",
  params: exportParams,
  response: orderExportSchema,
});

export const startReturnExport = defineContract({
  id: "startReturnExport",
  method: "POST",
  path: "/web/return-orders/export-job",
  summary: "Starts writing the return orders created in a period (from inclusive, to exclusive, days in the store's time zone, at most a year) into a CSV file in the background, one row per returned line: return and order number, customer, status in words, reason, SKU, quantity, refund method, refund amount and where it went. Answers the export with its progress; the file downloads from downloadPath once it is done. Nothing is charged or sent.",
  tags: ["returns"],
  access: "user",
  status: 202,
  idempotent: true,
  body: exportPeriodSchema,
  response: orderExportSchema,
});

export const getReturnExport = defineContract({
  id: "getReturnExport",
  method: "GET",
  path: "/web/return-orders/export-job/:id",
  summary: "A returns export: its period, progress, and when done the number of rows and the file's download address.",
  tags: ["returns"],
  access: "user",
  params: exportParams,
  response: orderExportSchema,
});

/** The contracts of each kind, for the screens and tools that take a kind. */
export const ORDER_EXPORT_CONTRACTS = {
  FINANCIAL: { start: startFinancialExport, get: getFinancialExport },
  RETURNS: { start: startReturnExport, get: getReturnExport },
} as const;
