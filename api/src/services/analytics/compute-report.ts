import { orders as ordersContracts, type analytics } from "@atelier/contracts";
import type { Queryable } from "../../db/pool";
import { AppError } from "../../errors";
import type { FactArgs } from "../../queries/analytics/facts";
import { foldChangedOrders } from "../../queries/analytics/fold-changes";
import { reportSql } from "../../queries/analytics/report-sql";
import { selectReportRows, selectReportRowsAndTotals, selectReportTotals, type SqlRow } from "../../queries/analytics/run-report-sql";
import { fillTimeBuckets, shiftRange } from "./report-periods";
import { reportNotes } from "./report-notes";

type Params = analytics.ReportParams;

/** The parameters as run: the as-of moment fixed (the caller's, or now at the edge) and the store's zone. */
export function resolveParams(params: Params, timezone: string, now: Date): analytics.ReportResult["params"] {
  const asOf = params.asOf ? new Date(params.asOf).toISOString() : now.toISOString();
  const { from, to, compare, granularity, origin, country, sku, segment } = params;
  return { from, to, asOf, timezone, compare, granularity, ...(origin && { origin }), ...(country && { country }), ...(sku && { sku }), ...(segment && { segment }) };
}

export function factArgs(storeId: string, p: analytics.ReportResult["params"], range = { from: p.from, to: p.to }): FactArgs {
  return { storeId, from: range.from, to: range.to, asOf: p.asOf, timezone: p.timezone, origin: p.origin, country: p.country, sku: p.sku, segment: p.segment };
}

export function specOf(def: analytics.ReportDef, p: analytics.ReportResult["params"]) {
  const spec = reportSql(def.id, p.granularity);
  if (!spec) throw new AppError("NOT_FOUND", "There is no such report.");
  // A filter the report can't honour is refused, never silently ignored.
  const refused = (["origin", "country", "sku", "segment"] as const).filter((f) => p[f] && spec.refuses?.[f]);
  if (refused.length) {
    throw new AppError("VALIDATION_FAILED", refused.map((f) => `The ${FILTER_WORDS[f]} filter ${spec.refuses![f]}`).join(" "), refused.map((f) => ({ field: `query.${f}`, reason: spec.refuses![f] })));
  }
  return spec;
}

const FILTER_WORDS = { origin: "channel", country: "country", sku: "product", segment: "new or returning customers" } as const;

const ORIGIN_LABELS: Record<string, string> = ordersContracts.ORDER_ORIGIN_LABELS;

/** Channel keys are order origins: shown with their words, never the code. */
function labelled(def: analytics.ReportDef, rows: SqlRow[]): SqlRow[] {
  if (def.id !== "marketing-channels" && def.id !== "analytics-customer-economics") return rows;
  return rows.map((r) => ({ ...r, label: ORIGIN_LABELS[r.key] ?? r.label }));
}

async function rowsAndTotals(db: Queryable, def: analytics.ReportDef, storeId: string, p: analytics.ReportResult["params"], range: { from: string; to: string }) {
  const spec = specOf(def, p);
  const args = factArgs(storeId, p, range);
  const { rows, totals } = spec.oneStatement
    ? await selectReportRowsAndTotals(db, spec, args)
    : await Promise.all([selectReportRows(db, spec, args), selectReportTotals(db, spec, args)]).then(([rows, totals]) => ({ rows, totals }));
  const filled = def.dimension.kind === "time" && !["analytics-repeat-purchase", "analytics-ltv", "analytics-cohorts", "analytics-revenue-by-cohorts"].includes(def.id)
    ? fillTimeBuckets(rows, def, range, p.granularity)
    : rows;
  return { rows: labelled(def, filled), totals };
}

/** Runs a report: its rows and totals, the comparison period's, and the notes about them. */
export async function computeReport(db: Queryable, storeId: string, def: analytics.ReportDef, p: analytics.ReportResult["params"]): Promise<analytics.ReportResult> {
  // The rollups are kept outside the order's transaction (0420): the orders written since the last fold first.
  await foldChangedOrders(db, storeId);
  const main = await rowsAndTotals(db, def, storeId, p, { from: p.from, to: p.to });
  let comparison: analytics.ReportResult["comparison"] = null;
  if (p.compare !== "NONE") {
    const range = shiftRange(p.from, p.to, p.compare);
    comparison = { ...range, ...(await rowsAndTotals(db, def, storeId, p, range)) };
  }
  return { report: def, params: p, rows: main.rows, totals: main.totals, comparison, notes: reportNotes(def, main.rows, main.totals, comparison) };
}
