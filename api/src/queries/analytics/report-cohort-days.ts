import { monthSplit } from "./facts";
import type { ReportSql } from "./report-sql";

// Customer daily LTV without filters, on the per-cohort rollup (migration 0511) instead of every order the
// store had before the as-of moment. docs/decisions.md says why the figures are the orders'.

const FACT_ROW = `extract(epoch FROM f.placed_at - f.first_at) / 86400, 1, (f.seq = 1)::int, f.total_cents::bigint`;

/**
 * The fact rows a per-cohort read takes beside its rollup's whole months (`<p>split`, monthSplit), each as
 * `row` over the fact `f`: the cohorts of the partial months at either edge of the range (all their orders
 * before the cutoff, through the first order's index) and the whole cohorts' orders in the cutoff's month.
 */
export const cohortEdgeFacts = (p: string, row: string) => `
  SELECT ${row} FROM order_facts f
   WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at < (SELECT cutoff FROM params)
     AND f.first_at >= (SELECT from_at FROM params) AND f.first_at < (SELECT before_to FROM ${p}split)
  UNION ALL
  SELECT ${row} FROM order_facts f
   WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at < (SELECT cutoff FROM params)
     AND f.first_at >= (SELECT after_from FROM ${p}split) AND f.first_at < (SELECT cutoff FROM params)
  UNION ALL
  SELECT ${row} FROM order_facts f
   WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at >= (SELECT after_from FROM ${p}split) AND f.placed_at < (SELECT cutoff FROM params)
     -- The whole cohorts as months, not as a range of first_at: the orders of one month are read through
     -- (store, placed_at), where a range of first_at led the planner to read every whole cohort's orders.
     AND date_trunc('month', f.first_at AT TIME ZONE $5::text) >= (SELECT m_from FROM ${p}split)
     AND date_trunc('month', f.first_at AT TIME ZONE $5::text) < (SELECT m_to FROM ${p}split)`;

/**
 * `cdl`: the orders of the customers whose first order falls in the range, up to the cutoff, as rows with the
 * days since the first order (`since`; the rollup's since_day bands the same way), orders, first orders and
 * revenue. Whole cohort months up to the month the cutoff falls in come from the rollup; from the facts: the
 * cohorts of the partial months at either edge (all their orders before the cutoff, through the first order's
 * index) and the whole cohorts' orders in the cutoff's month. `cdn`: the cohorts' customers.
 */
const COHORT_DAYS = `${monthSplit("d", "cohort_days")},
cdl AS (
  SELECT x.since_day::numeric AS since, x.orders, x.first_orders, x.revenue_cents
    FROM cohort_days x
   WHERE x.store_id = $1 AND x.cohort >= (SELECT m_from FROM dsplit) AND x.cohort < (SELECT m_to FROM dsplit) AND x.month < (SELECT m_to FROM dsplit)
  UNION ALL${cohortEdgeFacts("d", FACT_ROW)}
),
cdn AS (SELECT nullif(sum(first_orders), 0)::bigint AS n FROM cdl)`;

/**
 * Customer daily LTV's rows and totals from the rollup. Revenue per customer divides whole numbers, as the
 * orders' version does (a sum of integers over a count); the running figure divides the running sum.
 */
export const DAILY_LTV_SETS = {
  facts: [],
  extra: COHORT_DAYS,
  from: "cdl",
  measures: {
    revenuePerCustomer: "round(sum(revenue_cents)::bigint / (SELECT n FROM cdn))",
    cumulativeLtv: { row: "round(sum(sum(revenue_cents)) OVER (ORDER BY key) / (SELECT n FROM cdn))", total: "round(sum(revenue_cents)::bigint / (SELECT n FROM cdn))" },
    orders: "coalesce(sum(orders), 0)",
  },
} satisfies ReportSql["sets"];
