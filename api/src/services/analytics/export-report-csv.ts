import { stringify } from "csv-stringify/sync";
import type { analytics, QueryOf, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { openReport } from "./analytics-access";
import { computeReport, resolveParams } from "./compute-report";

/** A figure as a spreadsheet reads it: dollars with cents for money, the plain number otherwise. */
function cell(value: number | null, format: analytics.MeasureFormat): string {
  if (value === null) return "";
  return format === "money" ? (value / 100).toFixed(2) : String(value);
}

/** One report as CSV: a header of the row dimension and measure labels, one line per row, then the totals. */
export async function exportReportCsv(ctx: UserContext, reportId: string, query: QueryOf<typeof analytics.exportReportCsv>): Promise<ResponseOf<typeof analytics.exportReportCsv>> {
  const { def, timezone } = await openReport(ctx, reportId);
  const result = await computeReport(ctx.pool, ctx.auth.storeId, def, resolveParams(query, timezone, new Date()));
  const header = [def.dimension.label, ...def.measures.map((m) => (m.format === "money" ? `${m.label} (USD)` : m.format === "percent" ? `${m.label} (%)` : m.label))];
  const lines = result.rows.map((r) => [r.label, ...def.measures.map((m) => cell(r.values[m.key] ?? null, m.format))]);
  const totals = ["Total", ...def.measures.map((m) => cell(result.totals[m.key] ?? null, m.format))];
  const csv = stringify([header, ...lines, totals]);
  return { filename: `${def.id}_${result.params.from}_${result.params.to}.csv`, csv };
}
