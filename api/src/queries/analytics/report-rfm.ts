import type { ReportSql } from "./report-sql";
import { pct, SEGMENT_CUSTOMERS } from "./report-segments";

// RFM without filters: each customer's three scores as percent_rank gives them, without its three window sorts of
// every customer's row. docs/decisions.md (arfm16) says why every figure is the same.

/**
 * A 1–5 score with percent_rank's own arithmetic: `below` customers come strictly before this one in the order
 * (percent_rank's rank − 1), over the `n − 1` others, in double precision, 0 when there is one customer.
 */
const score = (below: string) => `least(5, 1 + floor(CASE WHEN e.n > 1 THEN (${below})::float8 / (e.n - 1)::float8 ELSE 0 END * 5))::int`;

/**
 * `rfg`: the customers of `sgc` (the customer rollup, with the few who ordered since the cutoff summed from their
 * facts) counted per (r, f, mo), with their revenue, recency and orders summed. Each dimension's values are
 * sorted once into an array (`rfe`), and a customer's count of values strictly below theirs is a binary search
 * in it (`width_bucket` counts the values ≤ its operand, so the operand is one step below: one cent, one order,
 * one microsecond). Recency, highest first, is ranked by the last order's moment, earliest first: recency is
 * that moment's distance to the cutoff, so the two orders and their ties are the same. The groups are
 * materialised: otherwise the report's `key IS NOT NULL` is pushed below the grouping and every use of r, f
 * and mo in the segments' CASE searches the arrays again.
 */
const RFM_GROUPS = `${SEGMENT_CUSTOMERS},
rfx AS (SELECT s.last_order_at, s.orders_count, s.revenue_cents FROM sgc s),
rfe AS (
  SELECT count(*) AS n, array_agg(last_order_at ORDER BY last_order_at) AS ra, array_agg(orders_count ORDER BY orders_count) AS fa,
         array_agg(revenue_cents ORDER BY revenue_cents) AS ma
    FROM rfx
),
rfg AS MATERIALIZED (
  SELECT ${score("width_bucket(x.last_order_at - interval '1 microsecond', e.ra)")} AS r,
         ${score("width_bucket(x.orders_count - 1, e.fa)")} AS f,
         ${score("width_bucket(x.revenue_cents - 1, e.ma)")} AS mo,
         count(*) AS n, sum(x.revenue_cents) AS revenue_cents, sum(x.orders_count) AS orders_count,
         sum(extract(epoch FROM (SELECT cutoff FROM params) - x.last_order_at) / 86400) AS recency_days
    FROM rfx x, rfe e
   GROUP BY 1, 2, 3
)`;

/**
 * The report's measures over the groups (rows and totals in one statement, as the report's own version): sums of
 * the groups' sums, and the averages as avg computes them (the numeric sum divided by the count as numeric).
 */
export const RFM_SETS = {
  facts: [], extra: RFM_GROUPS, from: "rfg",
  measures: {
    customers: "coalesce(sum(n), 0)", share: { row: pct("sum(n)", "sum(sum(n)) OVER (PARTITION BY grouping(key))"), total: "100" }, revenue: "sum(revenue_cents)",
    avgRecency: "round((sum(recency_days) / sum(n))::numeric, 1)::float8", avgOrders: "round(sum(orders_count)::numeric / sum(n), 2)::float8",
  },
} satisfies ReportSql["sets"];
