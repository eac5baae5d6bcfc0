import { monthSplit } from "./facts";
import type { ReportSql } from "./report-sql";

// The overview by month and revenue by cohorts, without filters, on the customers' month steps (migration
// 0510), the daily rollup (0171) and the per-cohort days (0511) instead of every order of the range.
// docs/decisions.md says why the counts are exact.

const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;

/**
 * `ste`: the customers' orders in the partial months at either edge of the range (the whole range when the
 * steps are in another zone), one row per order: it counts its customer in its month's bucket when the
 * customer's previous order came before the bucket's part of the range, in the range when it came before
 * the range. A customer whose last order before the whole months lies in the range's first, partial month
 * is counted there, so that order takes back the count the step into the whole months gives them (their
 * next order falls in those months). `stw`: the whole months' steps; a customer is in the range once, at
 * their first month in it (the step from a month before the range's first whole month).
 */
const STEPS = `${monthSplit("s", "customer_month_steps")},
ste AS (
  SELECT e.local_at, date_trunc('month', e.first_at AT TIME ZONE $5::text) AS cohort, e.total_cents,
         (e.prev_at IS NULL OR e.prev_at < greatest(p.from_at, date_trunc('month', e.local_at) AT TIME ZONE $5::text))::int AS bucket_customers,
         (e.prev_at IS NULL OR e.prev_at < p.from_at)::int
           - coalesce((e.next_at >= (s.m_from::timestamp AT TIME ZONE $5::text) AND e.next_at < (s.m_to::timestamp AT TIME ZONE $5::text))::int, 0) AS range_customers,
         (e.seq = 1)::int AS new_customers
    FROM params p, ssplit s,
         (SELECT f.placed_at AT TIME ZONE $5::text AS local_at, f.first_at, f.prev_at, f.next_at, f.seq, f.total_cents
            FROM order_facts f
           WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at >= (SELECT from_at FROM params) AND f.placed_at < (SELECT before_to FROM ssplit)
          UNION ALL
          SELECT f.placed_at AT TIME ZONE $5::text, f.first_at, f.prev_at, f.next_at, f.seq, f.total_cents
            FROM order_facts f
           WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at >= (SELECT after_from FROM ssplit) AND f.placed_at < (SELECT cutoff FROM params)) e
),
stw AS (
  SELECT x.month::timestamp AS local_at, x.cohort::timestamp AS cohort, x.customers AS bucket_customers,
         CASE WHEN x.prev_month < (SELECT m_from FROM ssplit) THEN x.customers ELSE 0 END AS range_customers,
         CASE WHEN x.prev_month = '-infinity'::date THEN x.customers ELSE 0 END AS new_customers
    FROM customer_month_steps x
   WHERE x.store_id = $1 AND x.month >= (SELECT m_from FROM ssplit) AND x.month < (SELECT m_to FROM ssplit)
)`;

/** The overview by month: orders and revenue from the days (od), customers from the steps. */
const OVERVIEW = `${STEPS},
ovw AS (
  SELECT od.local_at, od.orders, od.revenue_cents, 0 AS bucket_customers, 0 AS range_customers, 0 AS new_customers FROM od
  UNION ALL
  SELECT local_at, 0, NULL, bucket_customers, range_customers, new_customers FROM stw
  UNION ALL
  SELECT local_at, 0, NULL, bucket_customers, range_customers, new_customers FROM ste
)`;

/** The overview (`analytics`) by month without filters. */
export const OVERVIEW_SETS = {
  facts: ["daily"],
  extra: OVERVIEW,
  from: "ovw",
  measures: {
    revenue: "sum(revenue_cents)",
    orders: "coalesce(sum(orders), 0)",
    aov: "round(sum(revenue_cents)::numeric / nullif(sum(orders), 0))",
    customers: { row: "coalesce(sum(bucket_customers), 0)", total: "coalesce(sum(range_customers), 0)" },
    newCustomers: "coalesce(sum(new_customers), 0)",
  },
} satisfies ReportSql["sets"];

/**
 * Revenue by cohorts: the whole months' orders and revenue by cohort from the per-cohort days (0511), their
 * customers from the steps, the edges' orders from the facts, and the range's guest orders (each its own
 * cohort, no customer) through 0441's partial index.
 */
const BY_COHORT = `${STEPS},
rbs AS (
  SELECT x.cohort::timestamp AS cohort, x.revenue_cents, x.orders, 0 AS customers
    FROM cohort_days x
   WHERE x.store_id = $1 AND x.month >= (SELECT m_from FROM ssplit) AND x.month < (SELECT m_to FROM ssplit)
  UNION ALL
  SELECT cohort, 0, 0, range_customers FROM stw
  UNION ALL
  SELECT cohort, total_cents, 1, range_customers FROM ste
  UNION ALL
  SELECT date_trunc('month', f.placed_at AT TIME ZONE $5::text), f.total_cents, 1, 0
    FROM order_facts f
   WHERE f.store_id = $1 AND f.customer_id IS NULL AND f.placed_at >= (SELECT from_at FROM params) AND f.placed_at < (SELECT cutoff FROM params)
      AND EXISTS (SELECT 1 FROM ssplit)
)`;

/** Revenue by cohorts without filters. */
export const REVENUE_BY_COHORT_STEPS = {
  facts: [],
  extra: BY_COHORT,
  from: "rbs",
  measures: {
    revenue: "sum(revenue_cents)",
    customers: "coalesce(sum(customers), 0)",
    orders: "coalesce(sum(orders), 0)",
    share: { row: pct("sum(revenue_cents)", "sum(sum(revenue_cents)) OVER ()"), total: "100" },
  },
} satisfies ReportSql["sets"];
