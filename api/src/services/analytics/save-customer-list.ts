import type { analytics, BodyOf, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { AppError } from "../../errors";
import { insertCustomerListFromReport } from "../../queries/analytics/customer-lists";
import { openReport } from "./analytics-access";
import { computeReport, factArgs, resolveParams, specOf } from "./compute-report";
import { toCustomerListDto } from "./customer-list-dto";

const MONTH = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/**
 * Saves the customers behind one row of a customer report as a list. The report runs first with
 * the caller's parameters (as-of moment fixed now when not given), so the row must exist and its
 * label names the list; the members are then exactly the drill-down's customers of that row.
 */
export async function saveCustomerList(ctx: UserContext, body: BodyOf<typeof analytics.saveCustomerList>): Promise<ResponseOf<typeof analytics.saveCustomerList>> {
  const { def, timezone } = await openReport(ctx, body.reportId);
  const p = resolveParams(body.params, timezone, new Date());
  const result = await computeReport(ctx.pool, ctx.auth.storeId, def, p);
  const row = result.rows.find((r) => r.key === body.key);
  if (!row) {
    const rows = result.rows.map((r) => `${r.key} (${r.label})`).join(", ");
    throw new AppError("VALIDATION_FAILED", `The ${def.title} report has no such row.`, [{ field: "body.key", reason: rows ? `must be one of the report's rows: ${rows}` : "must be a row of the report, and it has none for these dates" }]);
  }
  const name = body.name ?? `${def.title}: ${row.label}, ${MONTH.format(new Date(p.asOf))}`;
  const saved = await insertCustomerListFromReport(ctx.pool, specOf(def, p), factArgs(ctx.auth.storeId, p), body.key, {
    name, reportId: def.id, segmentLabel: row.label, params: { from: p.from, to: p.to, asOf: p.asOf }, createdBy: ctx.auth.userId,
  });
  if (!saved) throw new AppError("VALIDATION_FAILED", `No customers are in “${row.label}” for these dates, so there is nothing to save.`, [{ field: "body.key", reason: "must be a row with customers in it" }]);
  return toCustomerListDto(saved);
}
