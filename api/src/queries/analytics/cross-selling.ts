import { monthSplit } from "./facts";
import type { ReportSql } from "./report-sql";

// Cross-selling without filters: the pairs of products bought in one order, with each product's orders and
// the orders with lines. Whole months from the per-product monthly rollups (migration 0470); the partial
// months at the range's edges from their lines, read once: each edge order's products (one row per order
// and product) give the edges' orders, each product's orders and the pairs, the counts 0470's
// `product_order_lines` and `product_order_pairs` give from two reads of the same lines.

const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;
const WHOLE = (table: string) => `${table} x WHERE x.store_id = $1 AND x.month >= (SELECT m_from FROM xsplit) AND x.month < (SELECT m_to FROM xsplit)`;
const EDGE = (from: string, to: string) => `SELECT f.order_id FROM order_facts f WHERE f.store_id = $1 AND f.placed_at >= ${from} AND f.placed_at < ${to}`;

/** `xe`: the edges' orders' products; `xn`: the orders with lines; `xc`: each product's orders; `xpairs`: each pair's orders with both products' counts. */
const CROSS = `${monthSplit("x", "product_months")},
xe AS MATERIALIZED (
  SELECT DISTINCT li.order_id, split_part(li.title, ' — ', 1) AS product
    FROM (${EDGE("(SELECT from_at FROM params)", "(SELECT before_to FROM xsplit)")}
          UNION ALL ${EDGE("(SELECT after_from FROM xsplit)", "(SELECT cutoff FROM params)")}) e
    JOIN order_line_items li ON li.order_id = e.order_id AND li.store_id = $1
),
xn AS (SELECT nullif((SELECT coalesce(sum(x.line_orders), 0) FROM ${WHOLE("product_months")}) + (SELECT count(DISTINCT order_id) FROM xe), 0) AS n),
xc AS (
  SELECT product, sum(cnt)::bigint AS cnt
    FROM (SELECT x.product, x.product_orders::bigint AS cnt FROM ${WHOLE("product_months")}
          UNION ALL SELECT product, count(*) FROM xe GROUP BY product) c
   GROUP BY product
),
-- The pairs summed over the months before they meet the products' counts (docs/benchmarks.md, aorder10).
xg AS MATERIALIZED (
  SELECT a_product, b_product, sum(orders) AS orders
    FROM (SELECT x.a_product, x.b_product, x.orders FROM ${WHOLE("product_pair_months")}
          UNION ALL SELECT a.product, b.product, 1 FROM xe a JOIN xe b ON b.order_id = a.order_id AND b.product <> a.product) p
   GROUP BY a_product, b_product
),
xpairs AS (SELECT g.a_product, g.b_product, g.orders, pa.cnt AS a_cnt, pb.cnt AS b_cnt FROM xg g JOIN xc pa ON pa.product = g.a_product JOIN xc pb ON pb.product = g.b_product)`;

export const CROSS_SELLING_SETS = {
  facts: [], extra: CROSS, from: "xpairs",
  measures: {
    pairOrders: "sum(orders)",
    support: { row: pct("sum(orders)", "(SELECT n FROM xn)"), total: null },
    confidence: { row: pct("sum(orders)", "max(a_cnt)"), total: null },
    lift: { row: "round((sum(orders)::numeric / max(a_cnt)) / (max(b_cnt)::numeric / (SELECT n FROM xn)), 2)::float8", total: null },
  },
} satisfies ReportSql["sets"];
