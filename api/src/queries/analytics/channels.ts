import { IN_RANGE } from "./facts";
import type { ReportSql } from "./report-sql";

// Marketing channels without filters: the range's orders summed per channel and customer first (`mch`, one
// row per channel and customer, guests one row per channel), so each channel's customers are a count of rows
// and only the totals' customers (a customer may use two channels) a distinct count, over those rows rather
// than every order. Read as one statement (rows and totals): the range is every order of two years, read once.
// A customer's first order is in one channel, so the new customers of the channels sum to the total's.

const MCH = `mch AS (
  SELECT f.origin, f.customer_id, count(*) AS orders, sum(f.total_cents) AS revenue_cents, bool_or(f.seq = 1) AS first_order
    FROM order_facts f
   WHERE f.store_id = $1 AND ${IN_RANGE("f.placed_at")}
     -- No channel, country, product or segment here: runs with a filter read the orders (o).
     AND coalesce($6::text, $7::text, $8::text, $9::text) IS NULL
   GROUP BY f.origin, f.customer_id
)`;

export const CHANNEL_SETS = {
  facts: [], extra: MCH, from: "mch",
  measures: {
    orders: "sum(orders)", revenue: "sum(revenue_cents)", aov: "round(sum(revenue_cents)::numeric / nullif(sum(orders), 0))",
    // The total's distinct customers hashed apart: a DISTINCT aggregate would make the grouping sort every row.
    customers: { row: "count(customer_id)", total: "(SELECT count(*) FROM (SELECT x.customer_id FROM mch x WHERE x.customer_id IS NOT NULL GROUP BY x.customer_id) c)" },
    newCustomers: "count(customer_id) FILTER (WHERE first_order)",
  },
} satisfies ReportSql["sets"];
