import { CUTOFF, monthSplit } from "./facts";
import type { ReportSql } from "./report-sql";
import { cohortEdgeFacts } from "./report-cohort-days";

// The segment and cohort reports without filters (churn risk, RFM, percentiles, personas, cohorts, lifetime
// value) on the rollups rather than the shared customer relation `c` or every customer's months:
// docs/decisions.md (aseg11) says why each figure is the orders'.

/**
 * `sgc`: each customer as of the cutoff, as `c` gives them without filters, from the customer rollup alone.
 * Customers whose last order came before the cutoff are their rollup row; the few who ordered since are
 * summed from their facts before the cutoff, found through the rollup's (store, last order) index and the
 * facts' customer index. The cutoff is written out (not read from `params`) so the planner sees how few
 * those are; `c`'s join to the customers' names and its filters are not needed here.
 */
const segmentCustomers = (personas?: { rollup: string; join: string; facts: string }) => `sgc0 AS (
  SELECT m.customer_id, m.last_order_at, m.orders_count, m.revenue_cents::bigint AS revenue_cents, m.avg_interval_days::float8 AS avg_interval_days${personas?.rollup ?? ""}
    FROM customer_metrics m${personas?.join ?? ""}
   WHERE m.store_id = $1 AND m.last_order_at < ${CUTOFF}
  UNION ALL
  SELECT o.customer_id, max(o.placed_at), count(*)::int, sum(o.total_cents)::bigint,
         CASE WHEN count(*) > 1 THEN extract(epoch FROM max(o.placed_at) - min(o.placed_at)) / 86400 / (count(*) - 1) END::float8${personas?.facts ?? ""}
    FROM customer_metrics x JOIN order_facts o ON o.customer_id = x.customer_id
   WHERE x.store_id = $1 AND x.last_order_at >= ${CUTOFF} AND o.store_id = $1 AND o.placed_at < ${CUTOFF}
   GROUP BY o.customer_id
),
sgc AS (
  SELECT s.*, extract(epoch FROM (SELECT cutoff FROM params) - s.last_order_at) / 86400 AS recency_days FROM sgc0 s
   -- The rollups have no channel, country, product or segment: runs with a filter never read them.
   WHERE coalesce($6::text, $7::text, $8::text, $9::text) IS NULL
)`;
export const SEGMENT_CUSTOMERS = segmentCustomers();

/** The store's median interval between orders over a customer relation, 90 days when nobody ordered twice. */
export const medianInterval = (from: string) =>
  `med AS (SELECT coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY avg_interval_days), 90)::float8 AS d FROM ${from} WHERE avg_interval_days IS NOT NULL)`;

/**
 * Churn risk's customers with their ratio of days since the last order to their usual interval. The median
 * is joined once: as a scalar subquery inside the ratio it was computed again for every use of the ratio
 * in the key, the label and the filter (nine sorts of every interval per statement). `OFFSET 0` keeps `cr` a
 * subquery of its own, so the ratio is computed once per customer: pulled up, its expression was written into
 * every band test of the key, the label and the filter (up to nine divisions per customer; half of the
 * statement's time on the embedded database, docs/benchmarks.md).
 */
export const churnRatios = (from: string) => `${medianInterval(from)},
  cr AS (SELECT c.*, c.recency_days / greatest(1, coalesce(c.avg_interval_days, med.d)) AS ratio FROM ${from} c, med OFFSET 0)`;

/** RFM's 1–5 scores; percent_rank gives tied customers the same score (NTILE would split ties arbitrarily). */
export const rfmScores = (from: string) => `rfm AS (SELECT c.*,
    least(5, 1 + floor(percent_rank() OVER (ORDER BY recency_days DESC) * 5))::int AS r,
    least(5, 1 + floor(percent_rank() OVER (ORDER BY orders_count) * 5))::int AS f,
    least(5, 1 + floor(percent_rank() OVER (ORDER BY revenue_cents) * 5))::int AS mo
  FROM ${from} c)`;

/** Each customer's rank by revenue, highest first. */
export const revenueRanks = (from: string) => `pr AS (SELECT c.*, percent_rank() OVER (ORDER BY revenue_cents DESC) AS p FROM ${from} c)`;

/** Churn risk and percentiles without filters: the report's own CTE over `sgc` instead of `c` (RFM: report-rfm.ts). */
export const SEGMENT_SETS = {
  "analytics-churn-risk": { facts: [], extra: `${SEGMENT_CUSTOMERS}, ${churnRatios("sgc")}`, from: "cr" },
  "analytics-percentile-analysis": { facts: [], extra: `${SEGMENT_CUSTOMERS}, ${revenueRanks("sgc")}`, from: "pr" },
} satisfies Record<string, ReportSql["sets"]>;

/**
 * Personas without filters: each customer of `sgc` with the persona rollup's counts (migration 0535) when
 * their last order came before the cutoff (all their orders count), else their facts and lines before the
 * cutoff, as the report's own version reads them for everyone. The counts come in the same per-customer
 * relation rather than a second one joined to it: the join of two unions was estimated at 158,000 rows, a
 * cost that put the statement through Postgres's JIT compiler (0.6–0.8 s of compiling, docs/benchmarks.md).
 */
const PERSONA_CUSTOMERS = `${segmentCustomers({
  rollup: ", p.wholesale_orders > 0 AS wholesale, p.discounted_orders::numeric / p.orders AS discounted, p.gift_orders > 0 AS gift",
  join: " JOIN customer_personas p ON p.customer_id = m.customer_id",
  facts: `, bool_or(o.origin = 'MANUAL_WHOLESALE'), avg((o.discount_cents > 0)::int),
         bool_or(EXISTS (SELECT 1 FROM order_line_items g WHERE g.order_id = o.order_id AND g.sku LIKE 'GIFT%'))`,
})},
sps AS (SELECT s.*, percent_rank() OVER (ORDER BY s.revenue_cents DESC) AS rp FROM sgc s)`;

/** Personas without filters, on the persona rollup (sps). */
export const PERSONA_SETS = { facts: [], extra: PERSONA_CUSTOMERS, from: "sps" } satisfies ReportSql["sets"];

/** A share in percent with two decimals, null when the whole is 0. */
export const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;

/** Months from the cohort's month to a month (both first days of months). */
const monthsAfter = (month: string, cohort: string) =>
  `((extract(year FROM ${month}) - extract(year FROM ${cohort})) * 12 + extract(month FROM ${month}) - extract(month FROM ${cohort}))::int`;
/** A fact row `f` as a cohort row: its customer counts in its month when it is their first order of that month. */
const FACT_COHORT_ROW = `date_trunc('month', f.first_at AT TIME ZONE $5::text), ${monthsAfter("date_trunc('month', f.placed_at AT TIME ZONE $5::text)", "date_trunc('month', f.first_at AT TIME ZONE $5::text)")},
         (f.prev_at IS NULL OR f.prev_at < (date_trunc('month', f.placed_at AT TIME ZONE $5::text) AT TIME ZONE $5::text))::int, (f.seq = 1)::int, 1, f.total_cents::bigint`;

/**
 * `cgr`: the customers whose first order falls in [range start, cutoff), as rows of their cohort (the first
 * order's month): `k` months after it, the customers who ordered in that month (`active`), the cohort's
 * customers (`customers`, once each), and orders and revenue up to the cutoff. Whole cohort months up to the
 * month the cutoff falls in: customers per month from the steps (0510: one row per customer and month they
 * ordered in), orders and revenue from the per-cohort days (0511). From the facts: the cohorts of the partial
 * months at either edge (all their orders before the cutoff, through the first order's index) and the whole
 * cohorts' orders in the cutoff's month, each order counting its customer in its month when the customer's
 * previous order came before that month.
 */
const COHORT_ROWS = `${monthSplit("g", "customer_month_steps")},
cgr AS (
  SELECT x.cohort::timestamp AS cohort, ${monthsAfter("x.month", "x.cohort")} AS k, x.customers AS active,
         CASE WHEN x.prev_month = '-infinity'::date THEN x.customers ELSE 0 END AS customers, 0 AS orders, 0::bigint AS revenue_cents
    FROM customer_month_steps x
   WHERE x.store_id = $1 AND x.cohort >= (SELECT m_from FROM gsplit) AND x.cohort < (SELECT m_to FROM gsplit) AND x.month < (SELECT m_to FROM gsplit)
  UNION ALL
  SELECT x.cohort::timestamp, NULL, 0, 0, x.orders, x.revenue_cents
    FROM cohort_days x
   WHERE x.store_id = $1 AND x.cohort >= (SELECT m_from FROM gsplit) AND x.cohort < (SELECT m_to FROM gsplit) AND x.month < (SELECT m_to FROM gsplit)
  UNION ALL${cohortEdgeFacts("g", FACT_COHORT_ROW)}
)`;

const COHORT_CUSTOMERS = "coalesce(sum(customers), 0)";
/** The share of the cohort's customers who ordered n months after their first order's month. */
const cohortCell = (n: number) => pct(`coalesce(sum(active) FILTER (WHERE k = ${n}), 0)`, "sum(customers)");

/** Cohorts and lifetime value without filters, on the steps and the per-cohort days (cgr). */
export const COHORT_STEP_SETS = {
  "analytics-cohorts": {
    facts: [], extra: COHORT_ROWS, from: "cgr",
    measures: { customers: COHORT_CUSTOMERS, m1: cohortCell(1), m2: cohortCell(2), m3: cohortCell(3), m6: cohortCell(6), m12: cohortCell(12), cohortRevenue: "sum(revenue_cents)" },
  },
  "analytics-ltv": {
    facts: [], extra: COHORT_ROWS, from: "cgr",
    measures: {
      customers: COHORT_CUSTOMERS, revenue: "sum(revenue_cents)", ltv: "round(sum(revenue_cents)::numeric / nullif(sum(customers), 0))",
      avgOrders: "round(sum(orders)::numeric / nullif(sum(customers), 0), 2)::float8",
    },
  },
} satisfies Record<string, ReportSql["sets"]>;
