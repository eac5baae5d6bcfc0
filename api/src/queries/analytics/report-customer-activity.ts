import { IN_RANGE, monthSplit } from "./facts";
import type { MeasureSql, ReportSql } from "./report-sql";

// The customer activity reports by month without filters (new vs returning customers, zone development,
// the all-customers graph) on the customers' month steps (migrations 0510, 0530) instead of every order of
// the range. docs/decisions.md says why the counts are exact.

/**
 * A kind of order a customer is counted by: any order, their first, a repeat order (seq > 1), one at most
 * 180 days after the previous (returning), one more than 180 days after it (reactivated). Each is the
 * predicate the reports filter the orders with (`gap_days`, facts.ts), over a fact row `f`.
 */
export type ActivityKind = "any" | "new" | "repeat" | "returning" | "reactivated";
const GAP = (f: string) => `extract(epoch FROM ${f}.placed_at - ${f}.prev_at) / 86400`;
const KIND_OF: Record<ActivityKind, (f: string) => string> = {
  any: () => "TRUE",
  new: (f) => `${f}.seq = 1`,
  repeat: (f) => `${f}.seq > 1`,
  returning: (f) => `${GAP(f)} <= 180`,
  reactivated: (f) => `${GAP(f)} > 180`,
};

/** The whole months' steps of a kind: `any` and `new` from 0510, the others from 0530. */
function wholeMonths(kind: ActivityKind): string {
  const inMonths = `x.store_id = $1 AND x.month >= (SELECT m_from FROM asplit) AND x.month < (SELECT m_to FROM asplit)`;
  const rangeN = `CASE WHEN x.prev_month < (SELECT m_from FROM asplit) THEN x.customers ELSE 0 END`;
  if (kind === "new") return `SELECT x.month::timestamp, 'new', x.customers, x.customers FROM customer_month_steps x WHERE ${inMonths} AND x.prev_month = '-infinity'::date`;
  if (kind === "any") return `SELECT x.month::timestamp, 'any', x.customers, ${rangeN} FROM customer_month_steps x WHERE ${inMonths}`;
  return `SELECT x.month::timestamp, x.kind, x.customers, ${rangeN} FROM customer_activity_steps x WHERE ${inMonths} AND x.kind = '${kind}'`;
}

/**
 * Whether an edge order's customer is in the range for kind `k.kind` (any, new, repeat), from the order's
 * neighbours, on one order per customer, edge and kind (the others say FALSE; the report counts customers
 * with any TRUE). The edge before the whole months: the customer's last order of the kind there (their last
 * order there; a repeat when its seq > 1), in the range unless their next order falls in the whole months
 * (that next order is a repeat, so this holds for both kinds). The edge after them: the customer's first
 * order of the kind there (their first order; for repeats their first if seq > 1, else their second, seq 2),
 * in the range unless the order before it falls in the whole months (for repeats: and has seq > 1, so the
 * first edge order's seq >= 3). The order before the edge's first is the customer's last before the edge, so
 * no earlier order can lie in the whole months when it does not. A new order is always in the range.
 */
const NEIGHBOUR_IN_RANGE = `CASE
           WHEN k.kind = 'new' THEN TRUE
           WHEN e.edge = 'b' THEN (e.next_at IS NULL OR e.next_at >= (SELECT before_to FROM asplit))
                                  AND NOT coalesce(e.next_at >= ((SELECT m_from FROM asplit)::timestamp AT TIME ZONE $5::text)
                                                   AND e.next_at < ((SELECT m_to FROM asplit)::timestamp AT TIME ZONE $5::text), FALSE)
           WHEN k.kind = 'any' THEN (e.prev_at IS NULL OR e.prev_at < (SELECT after_from FROM asplit))
                                    AND NOT coalesce(e.prev_at >= ((SELECT m_from FROM asplit)::timestamp AT TIME ZONE $5::text)
                                                     AND e.prev_at < ((SELECT m_to FROM asplit)::timestamp AT TIME ZONE $5::text), FALSE)
           ELSE (e.prev_at < (SELECT after_from FROM asplit) OR e.seq = 2)
                AND NOT (e.seq >= 3 AND coalesce(e.prev_at >= ((SELECT m_from FROM asplit)::timestamp AT TIME ZONE $5::text)
                                                 AND e.prev_at < ((SELECT m_to FROM asplit)::timestamp AT TIME ZONE $5::text), FALSE))
         END`;

/**
 * `ca`: the customers of each kind, per month and over the range. Whole months are step rows: `bucket_n`
 * customers in the month, `range_n` of them with no order of the kind earlier in the range's whole months
 * (so each customer of the whole months counts once in the range). The partial months at either edge (a
 * range starting mid-month, the month the cutoff falls in; the whole range when the steps are in another
 * zone) are their orders, one row per order and kind with its customer: distinct there, and in the range
 * (`in_range`) unless the customer has an order of the kind in the whole months, which count them already.
 * `byNeighbours` (kinds any, new and repeat only) answers that from the order's neighbours instead of a probe
 * per order: see `NEIGHBOUR_IN_RANGE`.
 */
function activity(kinds: readonly ActivityKind[], byNeighbours = false): string {
  const edgeOrders = (edge: "b" | "a", from: string, to: string) => `SELECT '${edge}' AS edge, f.customer_id, f.placed_at AT TIME ZONE $5::text AS local_at, f.seq, f.placed_at, f.prev_at, f.next_at
            FROM order_facts f WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at >= ${from} AND f.placed_at < ${to}`;
  const inWholeMonths = `CASE k.kind ${kinds.filter((k) => k !== "new").map((k) => `WHEN '${k}' THEN ${KIND_OF[k]("y")}`).join(" ")} END`;
  const inRange = byNeighbours
    ? NEIGHBOUR_IN_RANGE
    : `k.kind = 'new' OR NOT EXISTS (SELECT 1 FROM order_facts y
                                        WHERE y.customer_id = e.customer_id AND y.store_id = $1
                                          AND y.placed_at >= ((SELECT m_from FROM asplit)::timestamp AT TIME ZONE $5::text)
                                          AND y.placed_at < ((SELECT m_to FROM asplit)::timestamp AT TIME ZONE $5::text)
                                          AND ${inWholeMonths})`;
  return `${monthSplit("a", "customer_month_steps")},
aw (local_at, kind, bucket_n, range_n) AS (
  ${kinds.map(wholeMonths).join("\n  UNION ALL\n  ")}
),
ae AS (
  SELECT e.local_at, k.kind, e.customer_id, ${inRange} AS in_range
    FROM (${edgeOrders("b", "(SELECT from_at FROM params)", "(SELECT before_to FROM asplit)")}
          UNION ALL
          ${edgeOrders("a", "(SELECT after_from FROM asplit)", "(SELECT cutoff FROM params)")}) e
    CROSS JOIN LATERAL (VALUES ${kinds.map((k) => `('${k}', ${KIND_OF[k]("e")})`).join(", ")}) k(kind, ok)
   WHERE k.ok
),
${byNeighbours ? COUNTED_EDGES : `ca AS (
  SELECT local_at, kind, bucket_n, range_n, NULL::uuid AS customer_id, FALSE AS in_range FROM aw
  UNION ALL
  SELECT local_at, kind, 0, 0, customer_id, in_range FROM ae
)`}`;
}

/**
 * `ca` with the edges' customers counted before the report groups them: per month and kind (`bucket_n`),
 * and each customer in the range once, at their first month with an in-range order (`range_n`), so the
 * report sums a few rows per month instead of sorting every edge order by its key.
 */
const COUNTED_EDGES = `aem AS (
  SELECT date_trunc('month', local_at) AS month, kind, customer_id, bool_or(in_range) AS in_range FROM ae GROUP BY 1, 2, 3
),
ca AS (
  SELECT local_at, kind, bucket_n, range_n, NULL::uuid AS customer_id, FALSE AS in_range FROM aw
  UNION ALL
  SELECT month, kind, count(*), 0, NULL, FALSE FROM aem GROUP BY month, kind
  UNION ALL
  SELECT r.month, r.kind, 0, count(*), NULL, FALSE
    FROM (SELECT kind, min(month) FILTER (WHERE in_range) AS month FROM aem GROUP BY kind, customer_id) r
   WHERE r.month IS NOT NULL GROUP BY r.month, r.kind
)`;

const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;
const rowCount = (k: ActivityKind) => `(coalesce(sum(bucket_n) FILTER (WHERE kind = '${k}'), 0) + count(DISTINCT customer_id) FILTER (WHERE kind = '${k}'))`;
const rangeCount = (k: ActivityKind) => `(coalesce(sum(range_n) FILTER (WHERE kind = '${k}'), 0) + count(DISTINCT customer_id) FILTER (WHERE kind = '${k}' AND in_range))`;
/** Distinct customers of a kind: in the row's month, and over the range for the total. */
const customers = (k: ActivityKind): MeasureSql => ({ row: rowCount(k), total: rangeCount(k) });
const share = (part: ActivityKind, whole: ActivityKind): MeasureSql => ({ row: pct(rowCount(part), rowCount(whole)), total: pct(rangeCount(part), rangeCount(whole)) });

/** New vs returning customers (`analytics-customer`) by month without filters. */
export const CUSTOMER_ACTIVITY_SETS = {
  facts: [], extra: activity(["any", "new", "repeat"], true), from: "ca",
  measures: { customers: customers("any"), newCustomers: customers("new"), returningCustomers: customers("repeat"), returningShare: share("repeat", "any") },
} satisfies ReportSql["sets"];

/** Zone development (`analytics-zone-development`) by month without filters. */
export const ZONE_DEVELOPMENT_SETS = {
  facts: [], extra: activity(["new", "returning", "reactivated"]), from: "ca",
  measures: { newCustomers: customers("new"), returning: customers("returning"), reactivated: customers("reactivated") },
} satisfies ReportSql["sets"];

/**
 * `gn`: every customer's first order before the cutoff, for the all-customers graph by month without filters:
 * whole months as the first-month steps (0510) summed, one row per month at its first moment; the partial
 * months (the one the range starts in, the one the cutoff falls in; every month when the steps are in
 * another zone) as their first orders, one row each. `gr`: those in the range.
 */
const FIRST_ORDERS = `${monthSplit("g", "customer_month_steps")},
glo AS (
  SELECT CASE WHEN (SELECT ok FROM gzone_ok) THEN least(date_trunc('month', $2::date)::date, (SELECT m_to FROM gsplit)) ELSE '-infinity'::date END AS m
),
gn AS (
  SELECT (x.month::timestamp AT TIME ZONE $5::text) AS first_order_at, sum(x.customers) AS n
    FROM customer_month_steps x
   WHERE x.store_id = $1 AND x.prev_month = '-infinity'::date
     AND (x.month < (SELECT m FROM glo) OR (x.month >= (SELECT m_from FROM gsplit) AND x.month < (SELECT m_to FROM gsplit)))
   GROUP BY x.month
  UNION ALL
  SELECT f.placed_at, 1 FROM order_facts f
   WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.seq = 1
     AND ((f.placed_at >= ((SELECT m FROM glo)::timestamp AT TIME ZONE $5::text) AND f.placed_at < (SELECT before_to FROM gsplit))
          OR (f.placed_at >= (SELECT after_from FROM gsplit) AND f.placed_at < (SELECT cutoff FROM params)))
),
gr AS (SELECT * FROM gn WHERE ${IN_RANGE("first_order_at")})`;

/** The all-customers graph (`analytics-all-customers-graph`) by month without filters. */
export const ALL_CUSTOMERS_SETS = {
  facts: [], extra: FIRST_ORDERS, from: "gr",
  measures: {
    newCustomers: "coalesce(sum(n), 0)",
    totalCustomers: { row: "(SELECT coalesce(sum(n), 0) FROM gn WHERE first_order_at < (SELECT from_at FROM params)) + sum(sum(n)) OVER (ORDER BY key)", total: "(SELECT coalesce(sum(n), 0) FROM gn)" },
  },
} satisfies ReportSql["sets"];
