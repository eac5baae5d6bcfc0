import { monthSplit } from "./facts";
import type { MeasureSql, ReportSql } from "./report-sql";

// The order reports that group every order of their range by one band (an hour, a value band, a place in
// the history, a basket size, a discount code, a day, a first order's value) read the per-month order bands (migration 0500)
// when unfiltered: whole months from the rollup, the partial months at the range's edges (and a month
// with a fulfilment after the as-of moment) from the facts, banded by the same expression as the
// rollup's `order_bands` function, so both sides band and count an order the same way. docs/analytics.md says each report in words.

type Dim = "hour" | "ship" | "seq" | "basket" | "discount" | "day" | "first";

/**
 * Each dimension's band of a fact `f`, as `order_bands` (migration 0500) gives it; NULL leaves the order out.
 * The edges read this one expression rather than the function: the function builds every dimension's row
 * per order and keeps one, which cost the cheap reports 100 ms at 100,000 orders on PGlite (docs/benchmarks.md).
 */
const BAND_OF: Record<Dim, string> = {
  hour: "extract(hour FROM f.placed_at AT TIME ZONE $5::text)::int::text",
  ship: "least(floor((f.subtotal_cents - f.discount_cents) / 1000.0), 20)::int::text",
  seq: "least(f.seq, 5)::text",
  basket: "greatest(least(f.units, 6), 1)::text",
  discount: "CASE WHEN f.discount_code IS NULL THEN '' ELSE '#' || f.discount_code END",
  day: "to_char(f.placed_at AT TIME ZONE $5::text, 'YYYY-MM-DD')",
  first: `CASE WHEN f.seq = 1 THEN (CASE WHEN f.total_cents < 2500 THEN 0 WHEN f.total_cents < 5000 THEN 2500 WHEN f.total_cents < 7500 THEN 5000
          WHEN f.total_cents < 10000 THEN 7500 WHEN f.total_cents < 15000 THEN 10000 WHEN f.total_cents < 25000 THEN 15000 ELSE 25000 END)::text END`,
};

/** The facts of [from, to) as band rows of one dimension, as of the report's moment (a fulfilment or next order after it not counted). */
const factBands = (dim: Dim, from: string, to: string, source = "") => `
  SELECT b.band, 1 AS orders, f.total_cents::bigint AS revenue, f.subtotal_cents::bigint AS subtotal, f.discount_cents::bigint AS discount,
         (f.shipping_cents > 0)::int AS paid_shipping, (l.ful IS NOT NULL)::int AS fulfilled, coalesce(extract(epoch FROM l.ful - f.placed_at) / 3600, 0) AS fulfil_hours,
         coalesce((l.ful - f.placed_at <= interval '48 hours')::int, 0) AS within_48h, coalesce((f.next_at < $4::timestamptz)::int, 0) AS repeated
    FROM ${source}order_facts f,
         LATERAL (SELECT CASE WHEN f.fulfilled_at < $4::timestamptz THEN f.fulfilled_at END AS ful) l,
         LATERAL (SELECT ${BAND_OF[dim]} AS band) b
   WHERE f.store_id = $1 AND f.placed_at >= ${from} AND f.placed_at < ${to} AND b.band IS NOT NULL`;

/**
 * `ob`: one dimension's band rows for the range; `obx`: the same with the columns the report's key and
 * label read (`expose`; the sums are named apart from them), so the report's own bands apply to them unchanged.
 */
function bandRows(dim: Dim, expose: string): string {
  return `${monthSplit("b", "order_band_months")},
bflag AS (
  SELECT DISTINCT x.month FROM order_band_months x
   WHERE x.store_id = $1 AND x.dim = '${dim}' AND x.month >= (SELECT m_from FROM bsplit) AND x.month < (SELECT m_to FROM bsplit)
     AND x.latest_at >= $4::timestamptz
),
ob AS (
  SELECT x.band, x.orders, x.revenue_cents AS revenue, x.subtotal_cents AS subtotal, x.discount_cents AS discount, x.paid_shipping, x.fulfilled, x.fulfil_hours, x.within_48h, x.repeated
    FROM order_band_months x
   WHERE x.store_id = $1 AND x.dim = '${dim}' AND x.month >= (SELECT m_from FROM bsplit) AND x.month < (SELECT m_to FROM bsplit)
     AND x.month NOT IN (SELECT month FROM bflag)
  UNION ALL${factBands(dim, "(SELECT from_at FROM params)", "(SELECT before_to FROM bsplit)")}
  UNION ALL${factBands(dim, "(SELECT after_from FROM bsplit)", "(SELECT cutoff FROM params)")}
  UNION ALL${factBands(dim, "(m.month::timestamp AT TIME ZONE $5::text)", "((m.month + interval '1 month')::timestamp AT TIME ZONE $5::text)", "bflag m, ")}
),
obx AS (SELECT ${expose}, ob.* FROM ob)`;
}

const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;
const ORDERS = "sum(orders)";
const REVENUE = "sum(revenue)";
const AOV = "round(sum(revenue)::numeric / nullif(sum(orders), 0))";
const SHARE: MeasureSql = { row: pct(ORDERS, `sum(${ORDERS}) OVER ()`), total: "100" };
const bandSets = (dim: Dim, expose: string, measures: Record<string, MeasureSql>) =>
  ({ facts: [], extra: bandRows(dim, expose), from: "obx", measures }) satisfies ReportSql["sets"];

export const ORDER_BAND_SETS = {
  "order-time-analysis": bandSets("hour", "timestamp '2000-01-01' + ob.band::int * interval '1 hour' AS local_at", { orders: ORDERS, share: SHARE, revenue: REVENUE }),
  // The band's lower edge as the items' value: the report's band of it is the band.
  "free-shipping-threshold": bandSets("ship", "ob.band::int * 1000 AS subtotal_cents, 0 AS discount_cents", {
    orders: ORDERS, share: SHARE, cumulativeShare: { row: pct(`sum(${ORDERS}) OVER (ORDER BY key)`, `sum(${ORDERS}) OVER ()`), total: "100" }, paidShipping: "sum(paid_shipping)",
  }),
  "order-aov-pre-order-count": bandSets("seq", "ob.band::int AS seq", { orders: ORDERS, aov: AOV, revenue: REVENUE }),
  "order-items-per-basket": bandSets("basket", "ob.band::int AS units", { orders: ORDERS, share: SHARE, aov: AOV }),
  "order-discounts": bandSets("discount", "CASE WHEN ob.band = '' THEN NULL ELSE substr(ob.band, 2) END AS discount_code", {
    orders: ORDERS, revenue: REVENUE, discount: "sum(discount)", discountRate: pct("sum(discount)", "sum(subtotal)"), aov: AOV,
  }),
  "fulfillment-metrics": bandSets("day", "ob.band::date::timestamp AS local_at", {
    orders: ORDERS, fulfilled: "sum(fulfilled)",
    avgHours: "round((sum(fulfil_hours) / nullif(sum(fulfilled), 0))::numeric, 1)::float8",
    within48h: pct("sum(within_48h)", "sum(fulfilled)"),
  }),
  // First orders by the lower edge of their value band (the report's band of it is the band).
  "order-first-order-value": bandSets("first", "ob.band::int AS total_cents", { firstOrders: ORDERS, share: SHARE, repeatRate: pct("sum(repeated)", ORDERS) }),
} satisfies Record<string, ReportSql["sets"]>;
