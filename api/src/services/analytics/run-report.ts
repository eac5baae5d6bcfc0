import type { analytics, QueryOf, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { openReport } from "./analytics-access";
import { computeReport, resolveParams } from "./compute-report";

/** Runs one report for the caller's store; the answer carries the as-of moment used, so it can be rerun. */
export async function runReport(ctx: UserContext, reportId: string, query: QueryOf<typeof analytics.runReport>): Promise<ResponseOf<typeof analytics.runReport>> {
  const { def, timezone } = await openReport(ctx, reportId);
  return computeReport(ctx.pool, ctx.auth.storeId, def, resolveParams(query, timezone, new Date()));
}
