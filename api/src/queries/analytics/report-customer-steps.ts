import { monthSplit } from "./facts";
import type { ReportSql } from "./report-sql";

// The overview by month without filters, on the customers' month steps (migration 0510) and the daily
// rollup (0171) instead of every order of the range. docs/decisions.md says why the counts are exact.

/**
 * `stc`: one row per step of a customer's history the range counts, with how many customers it stands for
 * in its month's bucket (`bucket_customers`), in the whole range (`range_customers`) and as new
 * (`new_customers`). Whole months come from the steps: a customer is in the range once, at their first
 * month in it (the step from a month before the range's first whole month). The partial months at either
 * edge are the fact rows, one per order: an order counts its customer in its bucket when the customer's
 * previous order came before the bucket's part of the range, in the range when it came before the range.
 * A customer whose last order before the whole months lies in the range's first, partial month is counted
 * there, so the step into the whole months takes them off again (their next order falls in those months).
 */
const STEPS = `${monthSplit("s", "customer_month_steps")},
stc AS (
  SELECT x.month::timestamp AS local_at, x.customers AS bucket_customers,
         CASE WHEN x.prev_month < (SELECT m_from FROM ssplit) THEN x.customers ELSE 0 END AS range_customers,
         CASE WHEN x.prev_month = '-infinity'::date THEN x.customers ELSE 0 END AS new_customers
    FROM customer_month_steps x
   WHERE x.store_id = $1 AND x.month >= (SELECT m_from FROM ssplit) AND x.month < (SELECT m_to FROM ssplit)
  UNION ALL
  SELECT e.local_at,
         (e.prev_at IS NULL OR e.prev_at < greatest(p.from_at, date_trunc('month', e.local_at) AT TIME ZONE $5::text))::int,
         (e.prev_at IS NULL OR e.prev_at < p.from_at)::int
           - coalesce((e.next_at >= (s.m_from::timestamp AT TIME ZONE $5::text) AND e.next_at < (s.m_to::timestamp AT TIME ZONE $5::text))::int, 0),
         (e.seq = 1)::int
    FROM params p, ssplit s,
         (SELECT f.placed_at AT TIME ZONE $5::text AS local_at, f.prev_at, f.next_at, f.seq
            FROM order_facts f
           WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at >= (SELECT from_at FROM params) AND f.placed_at < (SELECT before_to FROM ssplit)
          UNION ALL
          SELECT f.placed_at AT TIME ZONE $5::text, f.prev_at, f.next_at, f.seq
            FROM order_facts f
           WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at >= (SELECT after_from FROM ssplit) AND f.placed_at < (SELECT cutoff FROM params)) e
),
ovw AS (
  SELECT od.local_at, od.orders, od.revenue_cents, 0 AS bucket_customers, 0 AS range_customers, 0 AS new_customers FROM od
  UNION ALL
  SELECT stc.local_at, 0, NULL, stc.bucket_customers, stc.range_customers, stc.new_customers FROM stc
)`;

/** The overview (`analytics`) by month without filters: orders and revenue from the days, customers from the steps. */
export const OVERVIEW_SETS = {
  facts: ["daily"],
  extra: STEPS,
  from: "ovw",
  measures: {
    revenue: "sum(revenue_cents)",
    orders: "coalesce(sum(orders), 0)",
    aov: "round(sum(revenue_cents)::numeric / nullif(sum(orders), 0))",
    customers: { row: "coalesce(sum(bucket_customers), 0)", total: "coalesce(sum(range_customers), 0)" },
    newCustomers: "coalesce(sum(new_customers), 0)",
  },
} satisfies ReportSql["sets"];
