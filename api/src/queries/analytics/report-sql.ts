import type { Granularity } from "@atelier/contracts/analytics/contracts";
import { IN_RANGE, type Fact } from "./facts";
import { AT_RISK_ORDERS, FOLLOW_UP_SETS, PRODUCT_SETS, RECOVERED_ORDERS } from "./report-sets";
import { DAILY_LTV_SETS } from "./report-cohort-days";
import { OVERVIEW_SETS, REVENUE_BY_COHORT_STEPS } from "./report-customer-steps";
import { ORDER_BAND_SETS } from "./order-bands";
import { GAP_SETS } from "./report-gaps";
import { churnRatios, COHORT_STEP_SETS, medianInterval, PERSONA_SETS, revenueRanks, rfmScores, SEGMENT_SETS } from "./report-segments";
import { ORDER_VALUE_SETS } from "./order-values";
import { RFM_SETS } from "./report-rfm";
import { CROSS_SELLING_SETS } from "./cross-selling";
import { CHANNEL_SETS } from "./channels";
import { BASE_ZONE_SETS, CHURN_RISK_DEVELOPMENT_SETS, REPEAT_PURCHASE_SETS } from "./report-customer-sets";
import { ALL_CUSTOMERS_SETS, CUSTOMER_ACTIVITY_SETS, ZONE_DEVELOPMENT_SETS } from "./report-customer-activity";
import { BASKETS, DAYS_SINCE_FIRST, FIRST_VALUES, GAP_BANDS, ORDER_COUNTS, PERCENTILES, PERSONAS, RFM_SEGMENTS, RISK, SEQS, ZONES } from "./report-bands";

// Each report's SQL over the shared facts (facts.ts): the relation its rows come from, the row key
// and label, each measure's aggregate (and its total when that differs), the order and the id the
// drill-down lists. docs/analytics.md gives each definition in words. The inner relation always
// exposes `key` and `label`, so windows over the grouped rows can order by key.

export type MeasureSql = string | { row: string; total: string | null };

export type ReportSql = {
  facts: Fact[];
  /** Further CTEs, built on o, l and c. */
  extra?: string;
  from: string;
  where?: string;
  key: string;
  /** A per-row expression (not an aggregate): constant within a key. */
  label?: string;
  measures: Record<string, MeasureSql>;
  /** "key" (default) or a measure key, "-" first for descending. */
  order?: string;
  limit?: number;
  /** The id column behind each row: an order id or a customer id. */
  drillId: string;
  /** Narrower drill-downs for some measures ("*" for every drill of the report). */
  drillWhere?: Record<string, string>;
  /**
   * The same rows and totals from the daily rollup (`od`), for runs without filters: the measures
   * as sums of the day rows. Drill-downs always read the orders.
   */
  daily?: Record<string, MeasureSql>;
  /**
   * The same rows and totals from the per-month customer sets (`cmo`), for runs by month without
   * filters. Drill-downs always read the orders.
   */
  monthly?: Record<string, MeasureSql>;
  /**
   * Another relation giving the same rows and totals from the rollups (the per-month customer sets and
   * the customer rollup, the per-product monthly rows), for runs without filters; the measures are the
   * report's unless given, and so are the key and label (a relation of one row per key gives its own).
   * Drill-downs always read the orders.
   */
  sets?: { facts: Fact[]; extra?: string; from: string; measures?: Record<string, MeasureSql>; key?: string; label?: string };
  /**
   * Rows and totals in one statement (GROUPING SETS: each row's measures are their `row` and the totals'
   * their `total`), for a report whose relation is large and has no rollup variant: it is read once, not
   * once per statement. A window in a `row` spans the total's row too (partition by `grouping(key)`).
   */
  oneStatement?: boolean;
  /** Filters the report can't honour, each with the sentence that says why (a 400 naming the filter). */
  refuses?: Partial<Record<"origin" | "country" | "sku" | "segment", string>>;
};

const bucket = (g: Granularity, expr: string) => `to_char(date_trunc('${g}', ${expr}), 'YYYY-MM-DD')`;
const month = (expr: string) => `to_char(${expr}, 'YYYY-MM-DD')`;

const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;
const share: MeasureSql = { row: pct("count(*)", "sum(count(*)) OVER ()"), total: "100" };
/** The share in a `oneStatement` report: the window spans the rows, not the totals' row beside them. */
const oneStatementShare: MeasureSql = { row: pct("count(*)", "sum(count(*)) OVER (PARTITION BY grouping(key))"), total: "100" };
const ORDERS = "count(*)";
const REVENUE = "sum(total_cents)";
const AOV = "round(avg(total_cents))";
const CUSTOMERS = "count(DISTINCT customer_id)";
const NEW_CUSTOMERS = "count(DISTINCT customer_id) FILTER (WHERE seq = 1)";
const ITEM_REVENUE = "sum(quantity * unit_price_cents)";
const RETURN_RATE = pct("sum(returned_quantity)", "sum(quantity)");
const STORE_MEDIAN_INTERVAL = medianInterval("c");
/**
 * Reports that follow customers from their first order take the channel, country and SKU filters
 * as a description of that first order: customers acquired through the channel, shipped to the
 * country, or whose first order held the SKU.
 */
const FIRST_ORDER_MATCHES = (alias: string, orderId = `${alias}.id`) => `($6::text IS NULL OR ${alias}.origin = $6::text) AND ($7::text IS NULL OR ${alias}.country = $7::text)
  AND ($8::text IS NULL OR EXISTS (SELECT 1 FROM order_line_items s WHERE s.order_id = ${orderId} AND s.sku = $8::text))`;
const NO_SEGMENT = "doesn't apply to this report: it follows each customer from their first order, so every customer starts as new.";

// The same measures over the daily rollup's rows (od), for the period reports that are sums.
const D_ORDERS = "sum(orders)";
const D_REVENUE = "sum(revenue_cents)";
const D_AOV = "round(sum(revenue_cents)::numeric / nullif(sum(orders), 0))";

// $10 bands of the items' value after discounts, $200 and up together.
const SHIP_BAND = "least(floor((subtotal_cents - discount_cents) / 1000.0), 20)::int";

/** Each report's SQL by id; a report missing here fails the registry test. */
export function reportSql(id: string, g: Granularity): ReportSql | undefined {
  const b = (expr: string) => bucket(g, expr);
  switch (id) {
    case "analytics":
      return {
        facts: ["orders"], from: "o", key: b("local_at"), measures: { revenue: REVENUE, orders: ORDERS, aov: AOV, customers: CUSTOMERS, newCustomers: NEW_CUSTOMERS }, drillId: "id", drillWhere: { newCustomers: "seq = 1" },
        // By month only: the steps are whole months.
        ...(g === "month" && { sets: OVERVIEW_SETS }),
      };
    case "analytics-customer":
      return {
        facts: ["orders"], from: "o", key: b("local_at"),
        measures: { customers: CUSTOMERS, newCustomers: NEW_CUSTOMERS, returningCustomers: "count(DISTINCT customer_id) FILTER (WHERE seq > 1)", returningShare: pct("count(DISTINCT customer_id) FILTER (WHERE seq > 1)", "count(DISTINCT customer_id)") },
        drillId: "id", drillWhere: { newCustomers: "seq = 1", returningCustomers: "seq > 1", returningShare: "seq > 1" },
        // By month only: the steps are whole months.
        ...(g === "month" && { sets: CUSTOMER_ACTIVITY_SETS }),
      };
    case "analytics-all-customers-graph":
      return {
        facts: ["customers"], from: "c", where: IN_RANGE("first_order_at"), key: b("first_order_at AT TIME ZONE $5::text"),
        measures: {
          newCustomers: "count(*)",
          totalCustomers: { row: "(SELECT count(*) FROM c x WHERE x.first_order_at < (SELECT from_at FROM params)) + sum(count(*)) OVER (ORDER BY key)", total: "(SELECT count(*) FROM c)" },
        },
        drillId: "customer_id", ...(g === "month" && { sets: ALL_CUSTOMERS_SETS }),
      };
    case "analytics-all-order":
      return {
        facts: ["orders"], from: "o", key: b("local_at"), measures: { orders: ORDERS, revenue: REVENUE, units: "sum(units)", discount: "sum(discount_cents)", shipping: "sum(shipping_cents)", tax: "sum(tax_cents)" }, drillId: "id",
        daily: { orders: D_ORDERS, revenue: D_REVENUE, units: "sum(units)", discount: "sum(discount_cents)", shipping: "sum(shipping_cents)", tax: "sum(tax_cents)" },
      };
    case "analytics-repeat-purchase":
      return {
        facts: ["customers"], from: "c", where: IN_RANGE("first_order_at"), key: month("cohort"),
        measures: { customers: "count(*)", repeaters: "count(*) FILTER (WHERE orders_count > 1)", repeatRate: pct("count(*) FILTER (WHERE orders_count > 1)", "count(*)") },
        drillId: "customer_id", drillWhere: { repeaters: "orders_count > 1", repeatRate: "orders_count > 1" }, sets: REPEAT_PURCHASE_SETS,
      };
    case "analytics-repeat-purchase-development":
      return {
        facts: ["orders"], from: "o", key: b("local_at"),
        measures: { orders: ORDERS, firstOrders: "count(*) FILTER (WHERE seq = 1)", repeatOrders: "count(*) FILTER (WHERE seq > 1)", repeatShare: pct("count(*) FILTER (WHERE seq > 1)", "count(*)") },
        drillId: "id", drillWhere: { firstOrders: "seq = 1", repeatOrders: "seq > 1", repeatShare: "seq > 1" },
        daily: { orders: D_ORDERS, firstOrders: "sum(first_orders)", repeatOrders: "sum(orders - first_orders)", repeatShare: pct("sum(orders - first_orders)", "sum(orders)") },
      };
    case "analytics-time-between-purchase":
      return {
        // Its 80,000 reorders at 100,000 orders are read once for the bands and the totals (docs/benchmarks.md).
        facts: ["orders"], from: "o", where: "prev_at IS NOT NULL", ...GAP_BANDS, oneStatement: true,
        measures: {
          reorders: ORDERS, share: { row: pct("count(*)", "sum(count(*)) OVER (PARTITION BY grouping(key))"), total: "100" },
          medianDays: "round(percentile_cont(0.5) WITHIN GROUP (ORDER BY gap_days)::numeric, 1)::float8",
        },
        drillId: "id", sets: GAP_SETS,
      };
    case "analytics-base-zone":
      return {
        facts: ["customers"], from: "c", ...ZONES, measures: { customers: "count(*)", share: oneStatementShare, revenue: "sum(revenue_cents)", avgOrders: "round(avg(orders_count), 2)::float8" },
        // Its customers are read once for the zones and the totals.
        drillId: "customer_id", oneStatement: true, sets: BASE_ZONE_SETS,
      };
    case "analytics-ltv":
      return {
        facts: ["customers"], from: "c", where: IN_RANGE("first_order_at"), key: month("cohort"),
        measures: { customers: "count(*)", revenue: "sum(revenue_cents)", ltv: "round(avg(revenue_cents))", avgOrders: "round(avg(orders_count), 2)::float8" }, drillId: "customer_id", sets: COHORT_STEP_SETS["analytics-ltv"],
      };
    case "analytics-rfm":
      return {
        facts: ["customers"], extra: rfmScores("c"), from: "rfm", ...RFM_SEGMENTS,
        measures: { customers: "count(*)", share: oneStatementShare, revenue: "sum(revenue_cents)", avgRecency: "round(avg(recency_days)::numeric, 1)::float8", avgOrders: "round(avg(orders_count), 2)::float8" },
        // Its customers are ranked once for the segments and the totals.
        drillId: "customer_id", oneStatement: true, sets: RFM_SETS,
      };
    case "analytics-percentile-analysis":
      return {
        facts: ["customers"], extra: revenueRanks("c"), from: "pr", ...PERCENTILES,
        measures: { customers: "count(*)", revenue: "sum(revenue_cents)", revenueShare: { row: pct("sum(revenue_cents)", "sum(sum(revenue_cents)) OVER ()"), total: "100" }, revenuePerCustomer: "round(avg(revenue_cents))" },
        drillId: "customer_id", sets: SEGMENT_SETS["analytics-percentile-analysis"],
      };
    case "analytics-customer-economics":
      return {
        facts: ["customers"], from: "c", key: "first_origin", order: "-customers",
        measures: { customers: "count(*)", revenuePerCustomer: "round(avg(revenue_cents))", avgOrders: "round(avg(orders_count), 2)::float8", returnedPerCustomer: "round(avg(returned_cents))" },
        drillId: "customer_id",
      };
    case "analytics-zone-development":
      return {
        facts: ["orders"], from: "o", key: b("local_at"),
        measures: { newCustomers: NEW_CUSTOMERS, returning: "count(DISTINCT customer_id) FILTER (WHERE gap_days <= 180)", reactivated: "count(DISTINCT customer_id) FILTER (WHERE gap_days > 180)" },
        drillId: "id", drillWhere: { newCustomers: "seq = 1", returning: "gap_days <= 180", reactivated: "gap_days > 180" },
        ...(g === "month" && { sets: ZONE_DEVELOPMENT_SETS }),
      };
    case "analytics-cohorts": {
      const k = `(extract(year FROM age(date_trunc('month', x.placed_at AT TIME ZONE $5::text), c.cohort)) * 12 + extract(month FROM age(date_trunc('month', x.placed_at AT TIME ZONE $5::text), c.cohort)))::int`;
      const cell = (n: number) => pct(`count(*) FILTER (WHERE ${n} = ANY(ks))`, "count(*)");
      return {
        facts: ["customers"],
        // With a channel or SKU filter the cohort is built from the matching orders (see c), and so are the months it came back in.
        extra: `ch AS (SELECT x.customer_id, array_agg(DISTINCT ${k}) AS ks FROM order_facts x JOIN c ON c.customer_id = x.customer_id
                        WHERE x.store_id = $1 AND x.placed_at < (SELECT cutoff FROM params) AND ($6::text IS NULL OR x.origin = $6::text)
                          AND ($8::text IS NULL OR EXISTS (SELECT 1 FROM order_line_items s WHERE s.order_id = x.order_id AND s.sku = $8::text))
                        GROUP BY x.customer_id),
                co AS (SELECT c.*, coalesce(ch.ks, '{}') AS ks FROM c LEFT JOIN ch USING (customer_id) WHERE ${IN_RANGE("c.first_order_at")})`,
        from: "co", key: month("cohort"),
        measures: { customers: "count(*)", m1: cell(1), m2: cell(2), m3: cell(3), m6: cell(6), m12: cell(12), cohortRevenue: "sum(revenue_cents)" },
        drillId: "customer_id", drillWhere: { m1: "1 = ANY(ks)", m2: "2 = ANY(ks)", m3: "3 = ANY(ks)", m6: "6 = ANY(ks)", m12: "12 = ANY(ks)" }, sets: COHORT_STEP_SETS["analytics-cohorts"],
      };
    }
    case "analytics-order":
      return {
        facts: ["orders"], from: "o", key: b("local_at"), measures: { orders: ORDERS, revenue: REVENUE, aov: AOV, itemsPerOrder: "round(avg(units), 2)::float8" }, drillId: "id",
        daily: { orders: D_ORDERS, revenue: D_REVENUE, aov: D_AOV, itemsPerOrder: "round(sum(units)::numeric / nullif(sum(orders), 0), 2)::float8" },
      };
    case "order-development":
      return {
        facts: ["orders"], from: "o", key: b("local_at"), measures: { orders: ORDERS, revenue: REVENUE, cumulativeRevenue: { row: "sum(sum(total_cents)) OVER (ORDER BY key)", total: REVENUE } }, drillId: "id",
        daily: { orders: D_ORDERS, revenue: D_REVENUE, cumulativeRevenue: { row: "sum(sum(revenue_cents)) OVER (ORDER BY key)", total: D_REVENUE } },
      };
    case "order-count-distribution":
      return { facts: ["customers"], from: "c", ...ORDER_COUNTS, measures: { customers: "count(*)", share, revenue: "sum(revenue_cents)" }, drillId: "customer_id" };
    case "order-time-analysis":
      return { facts: ["orders"], from: "o", key: "lpad(extract(hour FROM local_at)::int::text, 2, '0')", label: "lpad(extract(hour FROM local_at)::int::text, 2, '0') || ':00'", measures: { orders: ORDERS, share, revenue: REVENUE }, drillId: "id", sets: ORDER_BAND_SETS["order-time-analysis"] };
    case "order-discounts":
      return {
        facts: ["orders"], from: "o", key: "coalesce(discount_code, '-')", label: "coalesce(discount_code, 'No code')", order: "-orders",
        measures: { orders: ORDERS, revenue: REVENUE, discount: "sum(discount_cents)", discountRate: pct("sum(discount_cents)", "sum(subtotal_cents)"), aov: AOV }, drillId: "id",
        sets: ORDER_BAND_SETS["order-discounts"],
      };
    case "order-first-order-value":
      return {
        facts: ["orders"], from: "o", where: "seq = 1", ...FIRST_VALUES,
        measures: { firstOrders: ORDERS, share, repeatRate: pct("count(*) FILTER (WHERE next_at IS NOT NULL)", "count(*)") }, drillId: "id", drillWhere: { repeatRate: "next_at IS NOT NULL" },
        sets: ORDER_BAND_SETS["order-first-order-value"],
      };
    case "order-aov-pre-order-count":
      return { facts: ["orders"], from: "o", ...SEQS, measures: { orders: ORDERS, aov: AOV, revenue: REVENUE }, drillId: "id", sets: ORDER_BAND_SETS["order-aov-pre-order-count"] };
    case "order-avg-value":
      return { facts: ["orders"], from: "o", key: b("local_at"), measures: { aov: AOV, medianValue: "round(percentile_cont(0.5) WITHIN GROUP (ORDER BY total_cents))", orders: ORDERS }, drillId: "id", ...(g === "month" && { sets: ORDER_VALUE_SETS }) };
    case "product-all":
      return { facts: ["lines"], from: "l", key: "product", order: "-productRevenue", measures: { units: "sum(quantity)", productRevenue: ITEM_REVENUE, orders: "count(DISTINCT order_id)", returnRate: RETURN_RATE }, drillId: "order_id", sets: PRODUCT_SETS["product-all"] };
    case "product-all-variants":
      return { facts: ["lines"], from: "l", key: "sku", label: "title || ' (' || sku || ')'", order: "-productRevenue", measures: { units: "sum(quantity)", productRevenue: ITEM_REVENUE, orders: "count(DISTINCT order_id)", returnRate: RETURN_RATE }, drillId: "order_id", sets: PRODUCT_SETS["product-all-variants"] };
    case "product-best-item":
      return {
        facts: ["lines"], from: "l", key: "product", order: "-productRevenue", limit: 20,
        measures: { productRevenue: ITEM_REVENUE, revenueShare: { row: pct(ITEM_REVENUE, `sum(${ITEM_REVENUE}) OVER ()`), total: "100" }, units: "sum(quantity)" }, drillId: "order_id",
        sets: PRODUCT_SETS["product-best-item"],
      };
    case "product-sold-item":
      return { facts: ["lines"], from: "l", key: b("local_at"), measures: { units: "sum(quantity)", products: "count(DISTINCT product)", orders: "count(DISTINCT order_id)" }, drillId: "order_id", ...(g === "month" && { sets: PRODUCT_SETS["product-sold-item"] }) };
    case "product-return-rate":
      return {
        facts: ["lines"], from: "l", key: "product", order: "-returnRate",
        measures: { units: "sum(quantity)", returnedUnits: "sum(returned_quantity)", returnRate: RETURN_RATE, returnedValue: "sum(returned_quantity * unit_price_cents)" },
        drillId: "order_id", drillWhere: { returnedUnits: "returned_quantity > 0", returnRate: "returned_quantity > 0", returnedValue: "returned_quantity > 0" },
        sets: PRODUCT_SETS["product-return-rate"],
      };
    case "product-return-items":
      return {
        facts: ["lines"], from: "l", key: b("local_at"),
        measures: { returnedUnits: "sum(returned_quantity)", returnedValue: "sum(returned_quantity * unit_price_cents)", ordersWithReturns: "count(DISTINCT order_id) FILTER (WHERE returned_quantity > 0)" },
        drillId: "order_id", drillWhere: { "*": "returned_quantity > 0" },
        ...(g === "month" && { sets: PRODUCT_SETS["product-return-items"] }),
      };
    case "free-shipping-threshold":
      return {
        facts: ["orders"], from: "o", key: `lpad(${SHIP_BAND}::text, 2, '0')`,
        label: `CASE WHEN ${SHIP_BAND} = 20 THEN '$200 or more' ELSE '$' || (${SHIP_BAND} * 10) || '–$' || (${SHIP_BAND} * 10 + 9.99) END`,
        measures: { orders: ORDERS, share, cumulativeShare: { row: pct("sum(count(*)) OVER (ORDER BY key)", "sum(count(*)) OVER ()"), total: "100" }, paidShipping: "count(*) FILTER (WHERE shipping_cents > 0)" },
        drillId: "id", drillWhere: { paidShipping: "shipping_cents > 0" }, sets: ORDER_BAND_SETS["free-shipping-threshold"],
      };
    case "analytics-product":
      return { facts: ["lines"], from: "l", key: b("local_at"), measures: { units: "sum(quantity)", productRevenue: ITEM_REVENUE, products: "count(DISTINCT product)" }, drillId: "order_id", ...(g === "month" && { sets: PRODUCT_SETS["analytics-product"] }) };
    case "marketing-channels":
      return {
        facts: ["orders"], from: "o", key: "origin", order: "-revenue", measures: { orders: ORDERS, revenue: REVENUE, aov: AOV, customers: CUSTOMERS, newCustomers: NEW_CUSTOMERS }, drillId: "id", drillWhere: { newCustomers: "seq = 1" },
        // Every order of the range: rows and totals read it once; without filters, the channels' rollups (channels.ts).
        oneStatement: true, sets: CHANNEL_SETS,
      };
    case "customer-daily-ltv":
      return {
        facts: ["orders"],
        extra: `fo AS (SELECT a.customer_id FROM oh a WHERE a.seq = 1 AND a.customer_id IS NOT NULL AND ${IN_RANGE("a.placed_at")} AND ${FIRST_ORDER_MATCHES("a")}),
                dl AS (SELECT oh.*, extract(epoch FROM oh.placed_at - oh.first_at) / 86400 AS since FROM oh
                        WHERE oh.customer_id IN (SELECT customer_id FROM fo) AND oh.placed_at < (SELECT cutoff FROM params)),
                n AS (SELECT nullif(count(*), 0) AS n FROM dl WHERE seq = 1)`,
        from: "dl", ...DAYS_SINCE_FIRST,
        measures: {
          revenuePerCustomer: "round(sum(total_cents) / (SELECT n FROM n))",
          cumulativeLtv: { row: "round(sum(sum(total_cents)) OVER (ORDER BY key) / (SELECT n FROM n))", total: "round(sum(total_cents) / (SELECT n FROM n))" },
          orders: ORDERS,
        },
        drillId: "id", refuses: { segment: NO_SEGMENT }, sets: DAILY_LTV_SETS,
      };
    case "fulfillment-metrics":
      return {
        facts: ["orders"], from: "o", key: b("local_at"),
        measures: {
          orders: ORDERS, fulfilled: "count(*) FILTER (WHERE fulfilled_at IS NOT NULL)",
          avgHours: "round(avg(extract(epoch FROM fulfilled_at - placed_at) / 3600)::numeric, 1)::float8",
          within48h: pct("count(*) FILTER (WHERE fulfilled_at - placed_at <= interval '48 hours')", "count(*) FILTER (WHERE fulfilled_at IS NOT NULL)"),
        },
        drillId: "id", drillWhere: { fulfilled: "fulfilled_at IS NOT NULL" }, sets: ORDER_BAND_SETS["fulfillment-metrics"],
      };
    case "order-items-per-basket":
      return { facts: ["orders"], from: "o", ...BASKETS, measures: { orders: ORDERS, share, aov: AOV }, drillId: "id", sets: ORDER_BAND_SETS["order-items-per-basket"] };
    case "product-cross-selling-analysis":
      return {
        facts: ["lines"],
        extra: `lo AS (SELECT DISTINCT order_id, product FROM l),
                n AS (SELECT nullif(count(DISTINCT order_id), 0) AS n FROM lo),
                pc AS (SELECT product, count(*) AS cnt FROM lo GROUP BY product),
                pairs AS (SELECT a.order_id, a.product AS a_product, b.product AS b_product, pa.cnt AS a_cnt, pb.cnt AS b_cnt
                            FROM lo a JOIN lo b ON b.order_id = a.order_id AND b.product <> a.product
                            JOIN pc pa ON pa.product = a.product JOIN pc pb ON pb.product = b.product)`,
        from: "pairs", key: "a_product || ' + ' || b_product", order: "-pairOrders", limit: 25,
        measures: {
          pairOrders: ORDERS,
          support: { row: pct("count(*)", "(SELECT n FROM n)"), total: null },
          confidence: { row: pct("count(*)", "max(a_cnt)"), total: null },
          lift: { row: "round((count(*)::numeric / max(a_cnt)) / (max(b_cnt)::numeric / (SELECT n FROM n)), 2)::float8", total: null },
        },
        drillId: "order_id", sets: CROSS_SELLING_SETS,
      };
    case "product-follow-up-purchases":
      return {
        facts: ["orders"],
        // First and second orders straight from the facts, not from the history CTE read twice: the
        // planner estimated one row from a CTE scan and joined them in a nested loop (43 s at 20,000 orders).
        extra: `f1 AS (SELECT a.customer_id, a.order_id AS id FROM order_facts a
                        WHERE a.store_id = $1 AND a.seq = 1 AND a.customer_id IS NOT NULL AND ${IN_RANGE("a.placed_at")} AND ${FIRST_ORDER_MATCHES("a", "a.order_id")}),
                f2 AS (SELECT customer_id, order_id AS id FROM order_facts WHERE store_id = $1 AND seq = 2 AND customer_id IS NOT NULL AND placed_at < $4::timestamptz),
                fu0 AS (SELECT DISTINCT f1.customer_id, split_part(a.title, ' — ', 1) AS a_product, split_part(b.title, ' — ', 1) AS b_product
                          FROM f1 JOIN f2 USING (customer_id) JOIN order_line_items a ON a.order_id = f1.id JOIN order_line_items b ON b.order_id = f2.id),
                fa AS (SELECT a_product, count(DISTINCT customer_id) AS n FROM fu0 GROUP BY a_product),
                fu AS (SELECT fu0.*, fa.n AS a_n FROM fu0 JOIN fa USING (a_product))`,
        from: "fu", key: "a_product || ' → ' || b_product", order: "-customers", limit: 25,
        measures: { customers: "count(DISTINCT customer_id)", shareOfFirst: { row: pct("count(DISTINCT customer_id)", "max(a_n)"), total: null } },
        drillId: "customer_id", refuses: { segment: NO_SEGMENT }, sets: FOLLOW_UP_SETS,
      };
    case "analytics-recovered-customers":
      return {
        facts: [], extra: RECOVERED_ORDERS, from: "rc", key: b("local_at"),
        measures: { recovered: CUSTOMERS, revenue: REVENUE, avgGapDays: "round(avg(gap_days)::numeric, 1)::float8" }, drillId: "id",
      };
    case "analytics-revenue-by-cohorts":
      return {
        facts: ["orders"], from: "o", key: month("cohort"),
        measures: { revenue: REVENUE, customers: CUSTOMERS, orders: ORDERS, share: { row: pct("sum(total_cents)", "sum(sum(total_cents)) OVER ()"), total: "100" } }, drillId: "id", sets: REVENUE_BY_COHORT_STEPS,
      };
    case "analytics-churn-risk":
      return {
        facts: ["customers"],
        extra: churnRatios("c"), from: "cr", ...RISK,
        measures: { customers: "count(*)", share: oneStatementShare, revenueAtStake: "sum(revenue_cents)", avgRecency: "round(avg(recency_days)::numeric, 1)::float8" }, drillId: "customer_id",
        // Its customers and their median are read once for the bands and the totals.
        oneStatement: true, sets: SEGMENT_SETS["analytics-churn-risk"],
      };
    case "analytics-churn-risk-development":
      return {
        facts: ["customers"],
        extra: `${STORE_MEDIAN_INTERVAL}, ${AT_RISK_ORDERS}`, from: "ar", key: b("risk_at AT TIME ZONE $5::text"),
        measures: { becameAtRisk: CUSTOMERS, cameBack: "count(DISTINCT customer_id) FILTER (WHERE next_at IS NOT NULL)", stillAtRisk: "count(DISTINCT customer_id) FILTER (WHERE next_at IS NULL)" },
        drillId: "customer_id", drillWhere: { cameBack: "next_at IS NOT NULL", stillAtRisk: "next_at IS NULL" }, sets: CHURN_RISK_DEVELOPMENT_SETS,
      };
    case "analytics-customer-persona":
      return {
        facts: ["customers"],
        // The orders with a gift card as one set (a hashed lookup), not a look-up into the lines per order.
        extra: `gifts AS (SELECT g.order_id FROM order_line_items g WHERE g.store_id = $1 AND g.sku LIKE 'GIFT%'),
                pa AS (SELECT x.customer_id, bool_or(x.origin = 'MANUAL_WHOLESALE') AS wholesale, avg((x.discount_cents > 0)::int) AS discounted,
                              bool_or(x.order_id IN (SELECT order_id FROM gifts)) AS gift
                         FROM order_facts x JOIN c ON c.customer_id = x.customer_id
                        WHERE x.store_id = $1 AND x.placed_at < (SELECT cutoff FROM params) GROUP BY x.customer_id),
                ps AS (SELECT c.*, pa.wholesale, pa.discounted, pa.gift, percent_rank() OVER (ORDER BY c.revenue_cents DESC) AS rp FROM c JOIN pa USING (customer_id))`,
        from: "ps", ...PERSONAS,
        measures: { customers: "count(*)", share, revenuePerCustomer: "round(avg(revenue_cents))", avgOrders: "round(avg(orders_count), 2)::float8" }, drillId: "customer_id",
        sets: PERSONA_SETS,
      };
    default:
      return undefined;
  }
}
