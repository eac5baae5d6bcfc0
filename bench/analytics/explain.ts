import type pg from "pg";
import type { FactArgs } from "../../api/src/queries/analytics/facts";
import type { ReportSql } from "../../api/src/queries/analytics/report-sql";
import { selectReportRows, selectReportRowsAndTotals, selectReportTotals } from "../../api/src/queries/analytics/run-report-sql";
import type { Queryable } from "../../api/src/db/pool";

/** Prints the plan and timings of a report's row and total statements, as the report runs them. */
export async function explainReport(pool: pg.Pool, spec: ReportSql, args: FactArgs): Promise<void> {
  const explaining = {
    query: async (sql: string, values: unknown[]) => {
      const { rows } = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS false) ${sql}`, values);
      console.log(rows.map((r) => r["QUERY PLAN"]).join("\n"), "\n");
      return { rows: [] };
    },
  } as unknown as Queryable;
  if (spec.oneStatement) return void (await selectReportRowsAndTotals(explaining, spec, args));
  await selectReportRows(explaining, spec, args);
  await selectReportTotals(explaining, spec, args);
}
