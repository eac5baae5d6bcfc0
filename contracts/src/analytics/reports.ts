// The analytics suite's one registry (issue 20, 000 §2.4): every report's id (its route without the
// slash), title, group, what its rows are, its measures with their labels, formats and definitions,
// the chart it suggests and what a drill-down opens. The API, the screens, the CSV export, the share
// page and the copilot's tools all read this list; docs/analytics.md explains each definition.

export type MeasureFormat = "money" | "count" | "percent" | "days" | "ratio";
/** Money values are cents; percents are 0–100; days and ratios are plain numbers. */
export type MeasureDef = { key: string; label: string; format: MeasureFormat; description: string };
export type ReportGroup = "overview" | "customers" | "orders" | "products" | "marketing" | "fulfilment";
export type ChartKind = "line" | "bar" | "heatmap";
export type DimensionKind = "time" | "category" | "band";
export type ReportDef = {
  id: string;
  title: string;
  group: ReportGroup;
  description: string;
  /** What one row is: a period, a category or a value band. */
  dimension: { kind: DimensionKind; label: string };
  measures: MeasureDef[];
  /** The measure the chart draws first and the copilot quotes first. */
  primary: string;
  chart: ChartKind;
  /** What a drill-down into a row lists. */
  drill: "orders" | "customers";
  /** The store flag the report needs. */
  flag: "analytics" | "fulfillmentMetrics";
  /** What the data can't show yet, said on screen. */
  caveat?: string;
};

const m = (key: string, label: string, format: MeasureFormat, description: string): MeasureDef => ({ key, label, format, description });

/** Measures several reports share, defined once. */
const M = {
  orders: m("orders", "Orders", "count", "Orders placed in the period, cancelled orders excluded."),
  revenue: m("revenue", "Revenue", "money", "Order totals (items after discounts, plus shipping and tax) of those orders."),
  aov: m("aov", "Average order value", "money", "Revenue divided by orders."),
  customers: m("customers", "Customers", "count", "Distinct customers."),
  newCustomers: m("newCustomers", "New customers", "count", "Customers whose first order falls in the period."),
  returningCustomers: m("returningCustomers", "Returning customers", "count", "Customers who ordered in the period and had ordered before."),
  units: m("units", "Units", "count", "Units on the order lines."),
  share: m("share", "Share", "percent", "This row's part of the total."),
  revenuePerCustomer: m("revenuePerCustomer", "Revenue per customer", "money", "Revenue divided by customers."),
  avgOrders: m("avgOrders", "Orders per customer", "ratio", "Orders divided by customers."),
  returnedUnits: m("returnedUnits", "Returned units", "count", "Units marked returned on those lines."),
  returnedValue: m("returnedValue", "Returned value", "money", "Returned units times their unit price."),
  returnRate: m("returnRate", "Return rate", "percent", "Returned units divided by units sold."),
  discount: m("discount", "Discounts", "money", "Discount amounts given on those orders."),
} as const;

const TIME = { kind: "time", label: "Period" } as const;
const RETURNS_CAVEAT = "Returns are counted on the date of the order they belong to: the store does not record the day a return arrived yet.";
const CHANNEL_CAVEAT = "Channels are the order's origin (store platform, creator store, import, manual). Campaign sources (UTM) are not recorded on orders yet.";

const report = (def: Omit<ReportDef, "flag"> & { flag?: ReportDef["flag"] }): ReportDef => ({ flag: "analytics", ...def });

/** Every report of 000 §2.4, in the spec's order. */
export const REPORTS: ReportDef[] = [
  report({ id: "analytics", title: "Overview", group: "overview", description: "Revenue, orders, average order value and customers over time.", dimension: TIME, measures: [M.revenue, M.orders, M.aov, M.customers, M.newCustomers], primary: "revenue", chart: "line", drill: "orders" }),
  report({ id: "analytics-customer", title: "Customers", group: "customers", description: "New and returning customers per period and the share of orders from returning customers.", dimension: TIME, measures: [M.customers, M.newCustomers, M.returningCustomers, m("returningShare", "Returning share", "percent", "Returning customers divided by customers.")], primary: "customers", chart: "bar", drill: "orders" }),
  report({ id: "analytics-all-customers-graph", title: "All customers", group: "customers", description: "The customer base growing over time: customers acquired per period and the running total.", dimension: TIME, measures: [M.newCustomers, m("totalCustomers", "Customers to date", "count", "Customers with a first order before the period's end.")], primary: "totalCustomers", chart: "line", drill: "customers" }),
  report({ id: "analytics-all-order", title: "All orders", group: "orders", description: "Every order figure per period: orders, revenue, units, discounts, shipping and tax.", dimension: TIME, measures: [M.orders, M.revenue, M.units, M.discount, m("shipping", "Shipping", "money", "Shipping charged."), m("tax", "Tax", "money", "Tax charged.")], primary: "orders", chart: "bar", drill: "orders" }),
  report({ id: "analytics-repeat-purchase", title: "Repeat purchase rate", group: "customers", description: "Of the customers acquired each month, how many ordered again by the as-of date.", dimension: { kind: "time", label: "First-order month" }, measures: [M.customers, m("repeaters", "Came back", "count", "Customers with a second order before the as-of date."), m("repeatRate", "Repeat rate", "percent", "Customers who came back divided by customers acquired.")], primary: "repeatRate", chart: "bar", drill: "customers" }),
  report({ id: "analytics-repeat-purchase-development", title: "Repeat purchase development", group: "customers", description: "Orders per period split into first orders and repeat orders.", dimension: TIME, measures: [M.orders, m("firstOrders", "First orders", "count", "Orders that were the customer's first."), m("repeatOrders", "Repeat orders", "count", "Orders from customers who had ordered before."), m("repeatShare", "Repeat share", "percent", "Repeat orders divided by orders.")], primary: "repeatShare", chart: "line", drill: "orders" }),
  report({ id: "analytics-time-between-purchase", title: "Time between purchases", group: "customers", description: "How long customers wait between one order and their next, from consecutive orders.", dimension: { kind: "band", label: "Days since the previous order" }, measures: [m("reorders", "Repeat orders", "count", "Orders placed in the period that had an earlier order by the same customer."), M.share, m("medianDays", "Median days", "days", "The median gap in this band.")], primary: "reorders", chart: "bar", drill: "orders" }),
  report({ id: "analytics-base-zone", title: "Base zones", group: "customers", description: "The customer base at the end of the period by how recently each customer ordered: new, active, cooling, at risk, lost.", dimension: { kind: "category", label: "Zone" }, measures: [M.customers, M.share, M.revenue, M.avgOrders], primary: "customers", chart: "bar", drill: "customers" }),
  report({ id: "analytics-ltv", title: "Lifetime value", group: "customers", description: "Revenue per customer to date for each month's newly acquired customers.", dimension: { kind: "time", label: "First-order month" }, measures: [M.customers, M.revenue, m("ltv", "Lifetime value", "money", "Revenue to the as-of date divided by the cohort's customers."), M.avgOrders], primary: "ltv", chart: "bar", drill: "customers" }),
  report({ id: "analytics-rfm", title: "RFM segments", group: "customers", description: "Customers scored 1–5 on recency, frequency and monetary value by percent rank, mapped to named segments.", dimension: { kind: "category", label: "Segment" }, measures: [M.customers, M.share, M.revenue, m("avgRecency", "Days since last order", "days", "The segment's average days since the last order."), M.avgOrders], primary: "customers", chart: "bar", drill: "customers" }),
  report({ id: "analytics-percentile-analysis", title: "Percentile analysis", group: "customers", description: "How revenue concentrates: customers by revenue percentile band and each band's share of revenue.", dimension: { kind: "band", label: "Revenue percentile" }, measures: [M.customers, M.revenue, m("revenueShare", "Share of revenue", "percent", "The band's revenue divided by all customers' revenue."), M.revenuePerCustomer], primary: "revenueShare", chart: "bar", drill: "customers" }),
  report({ id: "analytics-customer-economics", title: "Customer economics", group: "customers", description: "What customers are worth by the channel of their first order: revenue, orders, discounts and returns per customer.", dimension: { kind: "category", label: "Acquisition channel" }, measures: [M.customers, M.revenuePerCustomer, M.avgOrders, m("returnedPerCustomer", "Returned per customer", "money", "Returned value divided by customers.")], primary: "revenuePerCustomer", chart: "bar", drill: "customers", caveat: CHANNEL_CAVEAT }),
  report({ id: "analytics-zone-development", title: "Zone development", group: "customers", description: "Per period, the customers who ordered: new, returning after a short gap, and reactivated after more than 180 days away.", dimension: TIME, measures: [M.newCustomers, m("returning", "Returning", "count", "Customers who ordered again within 180 days of their previous order."), m("reactivated", "Reactivated", "count", "Customers back after more than 180 days.")], primary: "returning", chart: "bar", drill: "orders" }),
  report({ id: "analytics-cohorts", title: "Cohorts", group: "customers", description: "Customers grouped by the month of their first order, and the share still ordering 1, 2, 3, 6 and 12 months later.", dimension: { kind: "time", label: "Cohort (first-order month)" }, measures: [M.customers, m("m1", "Month 1", "percent", "Share of the cohort who ordered in the month after their first."), m("m2", "Month 2", "percent", "Share who ordered two months after."), m("m3", "Month 3", "percent", "Share who ordered three months after."), m("m6", "Month 6", "percent", "Share who ordered six months after."), m("m12", "Month 12", "percent", "Share who ordered twelve months after."), m("cohortRevenue", "Revenue to date", "money", "The cohort's revenue to the as-of date.")], primary: "m1", chart: "heatmap", drill: "customers" }),
  report({ id: "analytics-order", title: "Orders", group: "orders", description: "Orders, revenue, average order value and items per order over time.", dimension: TIME, measures: [M.orders, M.revenue, M.aov, m("itemsPerOrder", "Items per order", "ratio", "Units divided by orders.")], primary: "orders", chart: "line", drill: "orders" }),
  report({ id: "order-development", title: "Order development", group: "orders", description: "Orders and revenue per period with the running total, to see growth.", dimension: TIME, measures: [M.orders, M.revenue, m("cumulativeRevenue", "Revenue to date", "money", "Revenue from the start of the range to the period's end.")], primary: "revenue", chart: "line", drill: "orders" }),
  report({ id: "order-count-distribution", title: "Order count distribution", group: "orders", description: "Customers by how many orders they have placed by the end of the period.", dimension: { kind: "band", label: "Orders per customer" }, measures: [M.customers, M.share, M.revenue], primary: "customers", chart: "bar", drill: "customers" }),
  report({ id: "order-time-analysis", title: "Order time analysis", group: "orders", description: "When customers order: orders and revenue by hour of day in the store's time zone.", dimension: { kind: "band", label: "Hour of day" }, measures: [M.orders, M.share, M.revenue], primary: "orders", chart: "bar", drill: "orders" }),
  report({ id: "order-discounts", title: "Discounts", group: "orders", description: "Orders by discount code: how often each was used, what it gave away and what those orders were worth.", dimension: { kind: "category", label: "Discount code" }, measures: [M.orders, M.revenue, M.discount, m("discountRate", "Discount rate", "percent", "Discounts divided by item subtotals."), M.aov], primary: "orders", chart: "bar", drill: "orders" }),
  report({ id: "order-first-order-value", title: "First order value", group: "orders", description: "First orders by value band, and how many of those customers came back.", dimension: { kind: "band", label: "First order value" }, measures: [m("firstOrders", "First orders", "count", "Customers' first orders placed in the period."), M.share, m("repeatRate", "Came back", "percent", "Share of those customers with a later order before the as-of date.")], primary: "firstOrders", chart: "bar", drill: "orders" }),
  report({ id: "order-aov-pre-order-count", title: "AOV by order number", group: "orders", description: "Average order value by the order's place in the customer's history: first, second, third…", dimension: { kind: "band", label: "Customer's order number" }, measures: [M.orders, M.aov, M.revenue], primary: "aov", chart: "bar", drill: "orders" }),
  report({ id: "order-avg-value", title: "Average order value", group: "orders", description: "Average and median order value per period.", dimension: TIME, measures: [M.aov, m("medianValue", "Median order value", "money", "The middle order total of the period."), M.orders], primary: "aov", chart: "line", drill: "orders" }),
  report({ id: "product-all", title: "All products", group: "products", description: "Every product's units, revenue, orders and returns in the period.", dimension: { kind: "category", label: "Product" }, measures: [M.units, m("productRevenue", "Item revenue", "money", "Units times unit price, before order discounts."), M.orders, M.returnRate], primary: "productRevenue", chart: "bar", drill: "orders" }),
  report({ id: "product-all-variants", title: "All variants", group: "products", description: "The same figures per variant (SKU).", dimension: { kind: "category", label: "Variant (SKU)" }, measures: [M.units, m("productRevenue", "Item revenue", "money", "Units times unit price, before order discounts."), M.orders, M.returnRate], primary: "productRevenue", chart: "bar", drill: "orders" }),
  report({ id: "product-best-item", title: "Best sellers", group: "products", description: "The 20 products with the most item revenue and their share of it.", dimension: { kind: "category", label: "Product" }, measures: [m("productRevenue", "Item revenue", "money", "Units times unit price, before order discounts."), m("revenueShare", "Share of item revenue", "percent", "The product's item revenue divided by all products'."), M.units], primary: "productRevenue", chart: "bar", drill: "orders" }),
  report({ id: "product-sold-item", title: "Sold items", group: "products", description: "Units sold per period and how many different products sold.", dimension: TIME, measures: [M.units, m("products", "Products sold", "count", "Distinct products with a sale."), M.orders], primary: "units", chart: "bar", drill: "orders" }),
  report({ id: "product-return-rate", title: "Return rate", group: "products", description: "Each product's returned units against units sold.", dimension: { kind: "category", label: "Product" }, measures: [M.units, M.returnedUnits, M.returnRate, M.returnedValue], primary: "returnRate", chart: "bar", drill: "orders", caveat: RETURNS_CAVEAT }),
  report({ id: "product-return-items", title: "Returned items", group: "products", description: "Returned units and their value per period.", dimension: TIME, measures: [M.returnedUnits, M.returnedValue, m("ordersWithReturns", "Orders with returns", "count", "Orders with at least one returned unit.")], primary: "returnedUnits", chart: "bar", drill: "orders", caveat: RETURNS_CAVEAT }),
  report({ id: "free-shipping-threshold", title: "Free shipping threshold", group: "orders", description: "Orders by item value (after discounts) in $10 bands, with shipping paid, to choose a free-shipping threshold that lifts the average order.", dimension: { kind: "band", label: "Items after discounts" }, measures: [M.orders, M.share, m("cumulativeShare", "Orders up to here", "percent", "Share of orders in this band or below."), m("paidShipping", "Paid shipping", "count", "Orders in the band that paid for shipping.")], primary: "orders", chart: "bar", drill: "orders" }),
  report({ id: "analytics-product", title: "Products", group: "products", description: "Product sales over time: units, item revenue and distinct products.", dimension: TIME, measures: [M.units, m("productRevenue", "Item revenue", "money", "Units times unit price, before order discounts."), m("products", "Products sold", "count", "Distinct products with a sale.")], primary: "productRevenue", chart: "line", drill: "orders" }),
  report({ id: "marketing-channels", title: "Marketing channels", group: "marketing", description: "Orders, revenue, average order value and new customers by channel.", dimension: { kind: "category", label: "Channel" }, measures: [M.orders, M.revenue, M.aov, M.customers, M.newCustomers], primary: "revenue", chart: "bar", drill: "orders", caveat: CHANNEL_CAVEAT }),
  report({ id: "customer-daily-ltv", title: "LTV by days since first order", group: "customers", description: "For customers acquired in the period: revenue per customer by days since their first order, and the running lifetime value.", dimension: { kind: "band", label: "Days since first order" }, measures: [m("revenuePerCustomer", "Revenue per customer", "money", "Revenue in the band divided by the customers acquired."), m("cumulativeLtv", "Lifetime value to here", "money", "Revenue per customer up to the band's end."), M.orders], primary: "cumulativeLtv", chart: "line", drill: "orders" }),
  report({ id: "fulfillment-metrics", title: "Fulfillment metrics", group: "fulfilment", description: "How fast orders ship: fulfilled orders, average hours from order to fulfilment and the share shipped within two days.", dimension: TIME, measures: [M.orders, m("fulfilled", "Fulfilled", "count", "Orders marked fulfilled."), m("avgHours", "Hours to fulfil", "ratio", "Average hours from order to fulfilment."), m("within48h", "Within 2 days", "percent", "Fulfilled orders shipped within 48 hours.")], primary: "avgHours", chart: "line", drill: "orders", flag: "fulfillmentMetrics" }),
  report({ id: "order-items-per-basket", title: "Items per basket", group: "orders", description: "Orders by the number of units in them, with the average order value of each size.", dimension: { kind: "band", label: "Units in the order" }, measures: [M.orders, M.share, M.aov], primary: "orders", chart: "bar", drill: "orders" }),
  report({ id: "product-cross-selling-analysis", title: "Cross-selling", group: "products", description: "Products bought together in one order: support, confidence and lift for each pair.", dimension: { kind: "category", label: "Product pair" }, measures: [m("pairOrders", "Orders with both", "count", "Orders containing both products."), m("support", "Support", "percent", "Orders with both divided by all orders."), m("confidence", "Confidence", "percent", "Of the orders with the first product, the share that also had the second."), m("lift", "Lift", "ratio", "Confidence divided by how often the second product sells at all; above 1 means they go together.")], primary: "lift", chart: "bar", drill: "orders" }),
  report({ id: "product-follow-up-purchases", title: "Follow-up purchases", group: "products", description: "What customers buy in their second order after a first order with a given product.", dimension: { kind: "category", label: "First product → next product" }, measures: [M.customers, m("shareOfFirst", "Share of first-product buyers", "percent", "Customers who bought this next, divided by the customers whose first order had the first product and who came back.")], primary: "customers", chart: "bar", drill: "customers" }),
  report({ id: "analytics-recovered-customers", title: "Recovered customers", group: "customers", description: "Customers who came back after more than 180 days without an order, per period, and what they spent.", dimension: TIME, measures: [m("recovered", "Recovered customers", "count", "Customers whose order came more than 180 days after their previous one."), M.revenue, m("avgGapDays", "Average days away", "days", "Average gap before they came back.")], primary: "recovered", chart: "bar", drill: "orders" }),
  report({ id: "analytics-revenue-by-cohorts", title: "Revenue by cohorts", group: "customers", description: "The period's revenue split by the month customers first ordered.", dimension: { kind: "time", label: "Cohort (first-order month)" }, measures: [M.revenue, M.customers, M.orders, M.share], primary: "revenue", chart: "bar", drill: "orders" }),
  report({ id: "analytics-churn-risk", title: "Churn risk", group: "customers", description: "Customers by days since their last order against their own usual interval (or the store's median for one-time buyers).", dimension: { kind: "category", label: "Risk" }, measures: [M.customers, M.share, m("revenueAtStake", "Revenue to date", "money", "What these customers have spent so far."), m("avgRecency", "Days since last order", "days", "Average days since the last order.")], primary: "customers", chart: "bar", drill: "customers" }),
  report({ id: "analytics-churn-risk-development", title: "Churn risk development", group: "customers", description: "Per period, customers who became at risk (no order 1.5 times the store's median interval after their last) and how many came back later.", dimension: TIME, measures: [m("becameAtRisk", "Became at risk", "count", "Customers who passed 1.5× the median interval without ordering in the period."), m("cameBack", "Came back later", "count", "Of those, customers with a later order before the as-of date."), m("stillAtRisk", "Still away", "count", "Of those, customers without a later order.")], primary: "becameAtRisk", chart: "bar", drill: "customers" }),
  report({ id: "analytics-customer-persona", title: "Customer personas", group: "customers", description: "Customers grouped by behaviour: VIPs, wholesale buyers, bargain hunters, gift buyers, regulars and one-time buyers.", dimension: { kind: "category", label: "Persona" }, measures: [M.customers, M.share, M.revenuePerCustomer, M.avgOrders], primary: "customers", chart: "bar", drill: "customers" }),
];

export const REPORT_IDS = REPORTS.map((r) => r.id) as [string, ...string[]];

export function findReport(id: string): ReportDef | undefined {
  return REPORTS.find((r) => r.id === id);
}

/** The side navigation's grouping words. */
export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = {
  overview: "Overview",
  customers: "Customers",
  orders: "Orders",
  products: "Products",
  marketing: "Marketing",
  fulfilment: "Fulfilment",
};

/**
 * The reports whose rows are products by name (the title before " — "): a row opened on one of them
 * is "this product" to the assistant (the screen context's report_product, from ?product=).
 */
export const PRODUCT_REPORT_IDS = REPORTS.filter((r) => r.group === "products" && r.dimension.kind === "category" && r.dimension.label === "Product").map((r) => r.id);
