import { IN_RANGE, orderFilters } from "./facts";
import { PRODUCT_ROWS } from "./product-rows";
import type { MeasureSql, ReportSql } from "./report-sql";

// The relations of the reports that read the rollups rather than every order (migrations 0421, 0441,
// 0470): the per-month customer sets and the customer rollup for the cohort reports without filters, the
// per-product monthly rows for the product reports without filters, and the narrow reads of the facts for
// recovered customers and churn risk development. docs/analytics.md says
// why each gives the same figures as the orders.

const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;

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

// Over the per-product monthly and daily rows (pm, product-rows.ts; migration 0470 says how each count sums): a product's
// orders are its rows' product_orders, a SKU's its rows' orders, the orders with lines the line_orders.
const P_REVENUE = "sum(revenue_cents)";
const P_RETURN_RATE = pct("sum(returned_units)", "sum(units)");
const P_LINE_ORDERS = "sum(line_orders)";
/** The product reports' rows and totals from the product rows (pm), with these measures. */
const productSets = (measures: Record<string, MeasureSql>) => ({ facts: [], extra: PRODUCT_ROWS, from: "pm", measures }) satisfies ReportSql["sets"];

export const PRODUCT_SETS = {
  "product-all": productSets({ units: "sum(units)", productRevenue: P_REVENUE, orders: { row: "sum(product_orders)", total: P_LINE_ORDERS }, returnRate: P_RETURN_RATE }),
  "product-all-variants": productSets({ units: "sum(units)", productRevenue: P_REVENUE, orders: { row: "sum(orders)", total: P_LINE_ORDERS }, returnRate: P_RETURN_RATE }),
  "product-best-item": productSets({ productRevenue: P_REVENUE, revenueShare: { row: pct(P_REVENUE, `sum(${P_REVENUE}) OVER ()`), total: "100" }, units: "sum(units)" }),
  "product-return-rate": productSets({ units: "sum(units)", returnedUnits: "sum(returned_units)", returnRate: P_RETURN_RATE, returnedValue: "sum(returned_cents)" }),
  // By month only: a week or a day is not a sum of months.
  "product-sold-item": productSets({ units: "sum(units)", products: "count(DISTINCT product)", orders: P_LINE_ORDERS }),
  "product-return-items": productSets({ returnedUnits: "sum(returned_units)", returnedValue: "sum(returned_cents)", ordersWithReturns: "sum(return_orders)" }),
  "analytics-product": productSets({ units: "sum(units)", productRevenue: P_REVENUE, products: "count(DISTINCT product)" }),
} satisfies Record<string, ReportSql["sets"]>;

/**
 * Follow-up purchases without filters: the per-customer pairs of first-order and second-order products
 * (migration 0471) whose first order falls in the range and whose second came before the as-of moment.
 * Each row is one customer and pair; `a_first` summed gives the customers per first-order product.
 */
export const FOLLOW_UP_SETS = {
  facts: [],
  extra: `fux AS (SELECT x.customer_id, x.a_product, x.b_product, x.a_first FROM customer_follow_ups x
                   WHERE x.store_id = $1 AND ${IN_RANGE("x.first_at")} AND x.second_at < $4::timestamptz
                     -- The rollup has no channel, country or SKU of the first order: runs with a filter never read it.
                     AND coalesce($6::text, $7::text, $8::text, $9::text) IS NULL),
          fxa AS (SELECT a_product, sum(a_first) AS n FROM fux GROUP BY a_product),
          fxu AS (SELECT fux.*, fxa.n AS a_n FROM fux JOIN fxa USING (a_product))`,
  from: "fxu",
  measures: { customers: { row: "count(*)", total: "count(DISTINCT customer_id)" }, shareOfFirst: { row: pct("count(*)", "max(a_n)"), total: null } },
} satisfies ReportSql["sets"];
