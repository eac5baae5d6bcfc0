import { monthSplit } from "./facts";
import type { ReportSql } from "./report-sql";

// The average order value by month, without filters, on the per-month order values: a row per whole month of
// the range with its orders, revenue and median (migration 0567, kept from 0540's counts per month and order
// total), the partial months at its edges from the facts. The median is percentile_cont's, computed from the
// counts: the two middle values are found by walking a month's counts in order of value, then interpolated with
// the same float8 arithmetic (value + (next − value) × fraction), so the rounded figure is the same to the cent;
// 0567 computes the whole months' the same way when the fold changes their counts, and the totals' median walks
// the counts of the value buckets it falls in at read time.

/** The orders, revenue and median of `rel`'s counted values (total_cents, n) per `part`. */
const median = (rel: string, part: string) => {
  const pos = (cnt: string) => `0.5::float8 * (${cnt} - 1)::float8`;
  const at = (edge: "floor" | "ceil") => `min(total_cents) FILTER (WHERE cum > ${edge}(${pos("cnt")}))::float8`;
  return `SELECT ${part}, sum(n) AS orders, sum(n * total_cents) AS revenue,
                 ${at("floor")} + (${at("ceil")} - ${at("floor")}) * (${pos("max(cnt)")} - floor(${pos("max(cnt)")})) AS median
      FROM (SELECT ${part}, total_cents, n, sum(n) OVER (PARTITION BY ${part} ORDER BY total_cents) AS cum,
                   sum(n) OVER (PARTITION BY ${part}) AS cnt FROM ${rel}) w GROUP BY ${part}`;
};

const EDGE = (from: string, to: string) => `
          SELECT f.placed_at, f.total_cents FROM order_facts f WHERE f.store_id = $1 AND f.placed_at >= ${from} AND f.placed_at < ${to}`;

/** The range's whole months: their kept rows (0567) in [m_from, m_to). */
const WHOLE_MONTHS = "s.store_id = $1 AND s.month >= (SELECT m_from FROM vsplit) AND s.month < (SELECT m_to FROM vsplit)";

/**
 * `ove`: the edges' orders counted per month and total (the partial months at the range's edges, from the facts);
 * `ovr`: one row per month with its orders, revenue and median: the whole months' kept rows (migration 0567) and
 * the edges' from their counts. `ovr` is MATERIALIZED so the report's key and its `IS NOT NULL` test run on its
 * one row a month (inlined, the planner pushed them down into the scan below it).
 *
 * The totals' median, `ova`, walks only the counts near it: `ovb` is the range's orders per value bucket (the whole
 * months' kept buckets and the edges' orders) with the orders in lower buckets (`below`); `ovw` the buckets
 * holding percentile_cont's two middle places; `ovc` the counts per total within them (each whole month's read
 * through 0540's key, index-only, and the edges'), whose running sum from `below` is the range's; the two middle
 * values and the interpolation are then the same arithmetic as `median`'s over every count.
 */
const VALUES = `${monthSplit("v", "order_value_months")},
ove (month, total_cents, n) AS (
  SELECT date_trunc('month', f.placed_at AT TIME ZONE $5::text)::date, f.total_cents, count(*)
    FROM (${EDGE("(SELECT from_at FROM params)", "(SELECT before_to FROM vsplit)")}
          UNION ALL${EDGE("(SELECT after_from FROM vsplit)", "(SELECT cutoff FROM params)")}) f
   GROUP BY 1, 2
),
ovr AS MATERIALIZED (
  SELECT s.month::timestamp AS local_at, s.orders, s.revenue_cents AS revenue, s.median FROM order_value_month_sums s WHERE ${WHOLE_MONTHS}
  UNION ALL
  SELECT d.month::timestamp, d.orders, d.revenue, d.median FROM (${median("ove", "month")}) d
),
ovb AS MATERIALIZED (
  SELECT bucket, n, sum(n) OVER (ORDER BY bucket) - n AS below
    FROM (SELECT bucket, sum(n) AS n
            FROM (SELECT b.bucket, b.n FROM order_value_month_sums s CROSS JOIN LATERAL unnest(s.buckets, s.bucket_orders) AS b (bucket, n) WHERE ${WHOLE_MONTHS}
                  UNION ALL
                  SELECT total_cents / order_value_bucket_cents(), n FROM ove) u
           GROUP BY bucket) g
),
ovp AS (SELECT 0.5::float8 * (sum(n) - 1)::float8 AS pos FROM ovb),
ovw AS (
  SELECT min(b.bucket) * order_value_bucket_cents() AS from_cents, (max(b.bucket) + 1) * order_value_bucket_cents() AS to_cents, min(b.below) AS below
    FROM ovb b, ovp p
   WHERE b.below <= ceil(p.pos) AND b.below + b.n > floor(p.pos)
),
ovc AS (
  SELECT total_cents, sum(n) AS n
    FROM (SELECT x.total_cents, x.orders::bigint AS n
            FROM ovw w, order_value_month_sums s
            JOIN LATERAL (SELECT x.total_cents, x.orders FROM order_value_months x
                           WHERE x.store_id = $1 AND x.month = s.month AND x.total_cents >= w.from_cents AND x.total_cents < w.to_cents) x ON TRUE
           WHERE ${WHOLE_MONTHS}
          UNION ALL
          SELECT e.total_cents, e.n FROM ove e, ovw w WHERE e.total_cents >= w.from_cents AND e.total_cents < w.to_cents) c
   GROUP BY total_cents
),
ova AS (
  SELECT min(total_cents) FILTER (WHERE cum > floor(pos))::float8 + (min(total_cents) FILTER (WHERE cum > ceil(pos))::float8 - min(total_cents) FILTER (WHERE cum > floor(pos))::float8) * (max(pos) - floor(max(pos))) AS median
    FROM (SELECT c.total_cents, w.below + sum(c.n) OVER (ORDER BY c.total_cents) AS cum FROM ovc c, ovw w) x, ovp
)`;

/** order-avg-value by month on the order values; the measures match the report's over the facts. */
export const ORDER_VALUE_SETS = {
  facts: [], extra: VALUES, from: "ovr",
  measures: {
    aov: "round(sum(revenue)::numeric / nullif(sum(orders), 0))",
    medianValue: { row: "round(max(median))", total: "round((SELECT median FROM ova))" },
    orders: "sum(orders)",
  },
} satisfies ReportSql["sets"];
