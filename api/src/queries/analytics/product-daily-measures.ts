import { pct, type MeasureSql } from "./report-sql";

// The product reports' measures over the per-product daily rollup (`pd`, facts.ts, migration 0370),
// read instead of every line when a report runs without filters; the same figures as the line
// measures in report-sql.ts (the analytics tests compare both with an independent computation).
// LINE rows carry the sums; the distinct-order counts come from the rows of their scope (orders
// holding a product, orders with lines, orders with a return), which a sum of variant rows would
// count twice.

const UNITS = "sum(units)";
const REVENUE = "sum(item_revenue_cents)";
const RETURN_RATE = pct("sum(returned_units)", "sum(units)");
const ORDERS_IN = (scope: string) => `coalesce(sum(orders) FILTER (WHERE scope = '${scope}'), 0)`;
const ALL_ORDERS = "coalesce((SELECT sum(orders) FROM pd WHERE scope = 'DAY'), 0)";
const PRODUCTS = "count(DISTINCT product)";

export const PRODUCT_DAILY_MEASURES: Partial<Record<string, Record<string, MeasureSql>>> = {
  "product-all": { units: UNITS, productRevenue: REVENUE, orders: { row: ORDERS_IN("PRODUCT"), total: ALL_ORDERS }, returnRate: RETURN_RATE },
  "product-all-variants": { units: UNITS, productRevenue: REVENUE, orders: { row: ORDERS_IN("LINE"), total: ALL_ORDERS }, returnRate: RETURN_RATE },
  "product-best-item": { productRevenue: REVENUE, revenueShare: { row: pct(REVENUE, `sum(${REVENUE}) OVER ()`), total: "100" }, units: UNITS },
  "product-sold-item": { units: UNITS, products: PRODUCTS, orders: ORDERS_IN("DAY") },
  "product-return-rate": { units: UNITS, returnedUnits: "sum(returned_units)", returnRate: RETURN_RATE, returnedValue: "sum(returned_value_cents)" },
  "product-return-items": { returnedUnits: "sum(returned_units)", returnedValue: "sum(returned_value_cents)", ordersWithReturns: ORDERS_IN("RETURNS") },
  "analytics-product": { units: UNITS, productRevenue: REVENUE, products: PRODUCTS },
};
