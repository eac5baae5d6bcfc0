import { IN_RANGE, orderFilters } from "./facts";
import type { ReportSql } from "./report-sql";

// The relations of the reports that read the rollups rather than every order (migrations 0421, 0441):
// the per-month customer sets and the customer rollup for the cohort reports without filters, and the
// narrow reads of the facts for recovered customers and churn risk development. docs/analytics.md says
// why each gives the same figures as the orders.

/** Cohorts, repeat purchase rate and lifetime value without filters: the cohort's customers with their months (co, facts.ts). */
export const COHORT_SETS = { facts: ["cohorts"], from: "co" } satisfies ReportSql["sets"];

const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;

/**
 * Revenue by cohorts without filters: the range's customers by month from the sets (cmo), each with the
 * month of their first order from the customer rollup; a guest order is its own first order.
 */
export const REVENUE_BY_COHORT_SETS = {
  facts: ["months"],
  extra: `rbc AS (SELECT cmo.*, coalesce(date_trunc('month', m.first_order_at AT TIME ZONE $5::text), date_trunc('month', cmo.local_at)) AS cohort
                    FROM cmo LEFT JOIN customer_metrics m ON m.customer_id = cmo.customer_id)`,
  from: "rbc",
  measures: { revenue: "sum(revenue_cents)", customers: "count(DISTINCT customer_id)", orders: "sum(orders)", share: { row: pct("sum(revenue_cents)", "sum(sum(revenue_cents)) OVER ()"), total: "100" } },
} satisfies ReportSql["sets"];

/**
 * Recovered customers: the orders after a gap of more than 180 days, read alone through 0441's partial
 * index rather than filtered out of every order of the range. The interval comparison is the gap in
 * days (a difference of two moments is days and time, never months).
 */
export const RECOVERED_ORDERS = `rc AS (SELECT f.order_id AS id, f.customer_id, f.total_cents, f.placed_at AT TIME ZONE $5::text AS local_at,
                       extract(epoch FROM f.placed_at - f.prev_at) / 86400 AS gap_days
                  FROM order_facts f
                 WHERE f.store_id = $1 AND f.placed_at - f.prev_at > interval '180 days' AND ${IN_RANGE("f.placed_at")} AND ${orderFilters("f")})`;

/**
 * Churn risk development: only the orders whose moment of risk (the order plus 1.5 × the store's median
 * interval, `med`) falls in the range, one index range of the facts, [range start − δ, cutoff − δ),
 * rather than every order the store ever had.
 */
export const AT_RISK_ORDERS = `dlt AS (SELECT make_interval(secs => 1.5 * (SELECT d FROM med) * 86400) AS d),
  ar0 AS (SELECT f.customer_id, CASE WHEN f.next_at < $4::timestamptz THEN f.next_at END AS next_at, f.placed_at + (SELECT d FROM dlt) AS risk_at
            FROM order_facts f
           WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at < $4::timestamptz
             AND f.placed_at >= (SELECT from_at FROM params) - (SELECT d FROM dlt) AND f.placed_at < (SELECT cutoff FROM params) - (SELECT d FROM dlt)),
  ar AS (SELECT * FROM ar0 WHERE (next_at IS NULL OR next_at > risk_at) AND ${IN_RANGE("risk_at")})`;
