import { monthSplit } from "./facts";
import type { ReportSql } from "./report-sql";

// The average order value by month, without filters, on the per-month order values (migration 0540): a
// count per month and order total for the whole months of the range, the partial months at its edges
// from the facts. The median is percentile_cont's, computed from the counts: the two middle values are
// found by walking each month's counts in order of value, then interpolated with the same float8
// arithmetic (value + (next − value) × fraction), so the rounded figure is the same to the cent.

/** The orders, revenue and median of `rel`'s counted values (total_cents, n), per `part` (or over every row without one). */
const median = (rel: string, part?: string) => {
  const pos = (cnt: string) => `0.5::float8 * (${cnt} - 1)::float8`;
  const at = (edge: "floor" | "ceil") => `min(total_cents) FILTER (WHERE cum > ${edge}(${pos("cnt")}))::float8`;
  return `SELECT ${part ? `${part}, ` : ""}sum(n) AS orders, sum(n * total_cents) AS revenue,
                 ${at("floor")} + (${at("ceil")} - ${at("floor")}) * (${pos("max(cnt)")} - floor(${pos("max(cnt)")})) AS median
      FROM (SELECT ${part ? `${part}, ` : ""}total_cents, n, sum(n) OVER (${part ? `PARTITION BY ${part} ` : ""}ORDER BY total_cents) AS cum,
                   sum(n) OVER (${part ? `PARTITION BY ${part}` : ""}) AS cnt FROM ${rel}) w${part ? ` GROUP BY ${part}` : ""}`;
};

const EDGE = (from: string, to: string) => `
          SELECT f.placed_at, f.total_cents FROM order_facts f WHERE f.store_id = $1 AND f.placed_at >= ${from} AND f.placed_at < ${to}`;

/**
 * `ovm`: the range's orders counted per month and total (the rollup's rows are one per month and total
 * already, and its months are not the edges' months, so only the edges' facts are grouped); `ovr`: one row
 * per month with its orders, revenue and median; `ova`: the median over the whole range (the totals' row).
 * `ovr` is MATERIALIZED so the report's key and its `IS NOT NULL` test run on its one row a month: inlined, the
 * planner pushed them down into the scan of `ovm`, once for each of its ~25,000 rows (20–30 ms on Postgres).
 */
const VALUES = `${monthSplit("v", "order_value_months")},
ovm (month, total_cents, n) AS (
  SELECT x.month, x.total_cents, x.orders::bigint
    FROM order_value_months x
   WHERE x.store_id = $1 AND x.month >= (SELECT m_from FROM vsplit) AND x.month < (SELECT m_to FROM vsplit)
  UNION ALL
  SELECT date_trunc('month', f.placed_at AT TIME ZONE $5::text)::date, f.total_cents, count(*)
    FROM (${EDGE("(SELECT from_at FROM params)", "(SELECT before_to FROM vsplit)")}
          UNION ALL${EDGE("(SELECT after_from FROM vsplit)", "(SELECT cutoff FROM params)")}) f
   GROUP BY 1, 2
),
ovr AS MATERIALIZED (SELECT d.month::timestamp AS local_at, d.orders, d.revenue, d.median FROM (${median("ovm", "month")}) d),
ova AS (${median("(SELECT total_cents, sum(n) AS n FROM ovm GROUP BY total_cents) t")})`;

/** order-avg-value by month on the order values; the measures match the report's over the facts. */
export const ORDER_VALUE_SETS = {
  facts: [], extra: VALUES, from: "ovr",
  measures: {
    aov: "round(sum(revenue)::numeric / nullif(sum(orders), 0))",
    medianValue: { row: "round(max(median))", total: "round((SELECT median FROM ova))" },
    orders: "sum(orders)",
  },
} satisfies ReportSql["sets"];
