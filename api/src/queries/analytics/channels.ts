import { CUTOFF, IN_RANGE, monthSplit } from "./facts";
import type { ReportSql } from "./report-sql";

// Marketing channels without filters, on its two rollups (migration 0562) rather than every order of the range:
// orders, revenue and new customers are sums, read per channel from the whole months of `channel_months` and
// from the facts of the partial months at the range's edges; customers are not sums (a customer ordering twice
// in a channel counts once, and once in the totals however many channels they used), so each is one row of
// `customer_channels` (per channel) or `customer_metrics` (the totals) whose first or last order tells whether
// they ordered within the range. A customer's first order is in one channel, so the new customers of the
// channels sum to the total's.

const FROM_AT = "($2::date::timestamp AT TIME ZONE $5::text)";

/**
 * A range of under half a year, whose customers are counted from its facts: a short range far from the as-of
 * moment (a comparison period) has few facts and many customers whose orders straddle it, each a look-up
 * (a month a year back: 5 ms from its facts, 23 ms through the rollups at 100,000 orders). Written out of the
 * bind values alone, so the planner folds it and plans one side only.
 */
const SHORT = `${CUTOFF} - ${FROM_AT} < interval '183 days'`;

/**
 * The customers of `table` (with orders from `first` to `last`) who ordered within [range start, cutoff), counted in
 * two parts: those whose first or last order is in it, from their row alone; and those whose orders straddle it
 * (the first before it, the last after the cutoff), through their facts (`facts`, a condition on `f`, looked up by
 * the facts' customer index). Apart, the planner costs the look-up for the few rows past the cutoff (the rollup's
 * (store, last order) index finds them); as one OR it costed a look-up for every row and sent the statement
 * through the JIT compiler (1.8 s of compiling). A short range counts them from its facts instead (SHORT).
 */
const inRange = (table: string, first: string, last: string, facts: string, group = "") => `
  SELECT ${group}count(*) AS n FROM ${table} x
   WHERE x.store_id = $1 AND EXISTS (SELECT 1 FROM chsplit) AND NOT (${SHORT})
     AND ${first} < ${CUTOFF} AND ${last} >= ${FROM_AT} AND (${first} >= ${FROM_AT} OR ${last} < ${CUTOFF})
   ${group ? "GROUP BY 1" : ""}
  UNION ALL
  SELECT ${group}count(*) FROM ${table} x
   WHERE x.store_id = $1 AND EXISTS (SELECT 1 FROM chsplit) AND NOT (${SHORT}) AND ${first} < ${FROM_AT} AND ${last} >= ${CUTOFF}
     AND EXISTS (SELECT 1 FROM order_facts f WHERE ${facts} AND f.store_id = $1 AND ${IN_RANGE("f.placed_at")})
   ${group ? "GROUP BY 1" : ""}
  UNION ALL
  SELECT ${group.replace("x.", "f.")}count(DISTINCT f.customer_id) FROM order_facts f
   WHERE f.store_id = $1 AND EXISTS (SELECT 1 FROM chsplit) AND ${SHORT} AND ${IN_RANGE("f.placed_at")}
   ${group ? "GROUP BY 1" : ""}`;

const EDGE = (from: string, to: string) => `
  SELECT f.origin, count(*), sum(f.total_cents), count(*) FILTER (WHERE f.seq = 1 AND f.customer_id IS NOT NULL), 0
    FROM order_facts f
   WHERE f.store_id = $1 AND f.placed_at >= ${from} AND f.placed_at < ${to}
   GROUP BY f.origin`;

/**
 * `chm`: rows per channel, each with some of the channel's orders, revenue, new customers and customers, to be
 * summed: the whole months' rows, the edges' facts, and the count of the channel's customers who ordered in
 * the range. `cht`: the customers who ordered in the range through any channel (the totals' customers).
 */
const CHANNELS = `${monthSplit("ch", "channel_months")},
chm (origin, orders, revenue_cents, new_customers, customers) AS (
  SELECT x.origin, x.orders::bigint, x.revenue_cents, x.new_customers::bigint, 0::bigint
    FROM channel_months x
   WHERE x.store_id = $1 AND x.month >= (SELECT m_from FROM chsplit) AND x.month < (SELECT m_to FROM chsplit)
  UNION ALL${EDGE("(SELECT from_at FROM params)", "(SELECT before_to FROM chsplit)")}
  UNION ALL${EDGE("(SELECT after_from FROM chsplit)", "(SELECT cutoff FROM params)")}
  UNION ALL
  SELECT c.origin, 0, 0, 0, c.n
    FROM (${inRange("customer_channels", "x.first_at", "x.last_at", "f.customer_id = x.customer_id AND f.origin = x.origin", "x.origin, ")}) c
),
cht AS (SELECT sum(c.n) AS n FROM (${inRange("customer_metrics", "x.first_order_at", "x.last_order_at", "f.customer_id = x.customer_id")}) c)`;

export const CHANNEL_SETS = {
  facts: [], extra: CHANNELS, from: "chm",
  measures: {
    orders: "sum(orders)", revenue: "sum(revenue_cents)", aov: "round(sum(revenue_cents)::numeric / nullif(sum(orders), 0))",
    customers: { row: "sum(customers)", total: "(SELECT n FROM cht)" },
    newCustomers: "coalesce(sum(new_customers), 0)",
  },
} satisfies ReportSql["sets"];
