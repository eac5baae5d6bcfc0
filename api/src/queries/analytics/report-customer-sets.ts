import { CUTOFF, IN_RANGE } from "./facts";
import type { ReportSql } from "./report-sql";
import { AT_RISK_ORDERS } from "./report-sets";
import { zoneBands } from "./report-bands";
import { medianInterval, SEGMENT_CUSTOMERS } from "./report-segments";

// Repeat purchase, base zone and churn risk development without filters, on the customer rollup alone
// rather than the shared customer relation `c` (facts.ts): `c` joins every customer's name and reads the
// facts for the customers who ordered since the cutoff through a scan of every order (0.1 s at 100,000
// orders on Postgres), and repeat purchase's cohort relation (`co`) summed every customer's months to learn
// whether they ordered twice. docs/decisions.md (acust13) says why each figure is the orders'.

/**
 * Base zone on `sgc` (report-segments.ts): every customer's orders, revenue and last order as of the cutoff. Its
 * bands compare the last order with the cutoff less n × 86,400 s, the same test as `recency_days <= n` (days of
 * 86,400 s, as recency_days counts them) without a numeric division per customer and band: the key, its label
 * and the filter on the key each evaluated up to four of them per customer, 38 of the totals statement's 41 ms
 * on Postgres at 100,000 orders, where the same scan with the moments took 3 ms (docs/benchmarks.md, achan14).
 */
export const BASE_ZONE_SETS = {
  facts: [], extra: SEGMENT_CUSTOMERS, from: "sgc", ...zoneBands((days) => `last_order_at >= ${CUTOFF} - interval '${days * 86_400} seconds'`),
} satisfies ReportSql["sets"];

/**
 * `rpc`: the customers whose first order falls in [range start, cutoff), with their cohort (the first order's
 * month in the store's zone) and their orders before the cutoff. Those whose last order came before the cutoff
 * are their rollup row as it is; for the few who ordered since, their orders before the cutoff are counted
 * through the facts' customer index, up to two (all the report asks is whether they ordered again).
 */
const UNFILTERED = "coalesce($6::text, $7::text, $8::text, $9::text) IS NULL";
const REPEAT_CUSTOMERS = `rpc AS (
  SELECT date_trunc('month', m.first_order_at AT TIME ZONE $5::text) AS cohort, m.orders_count
    FROM customer_metrics m
   WHERE m.store_id = $1 AND ${IN_RANGE("m.first_order_at")} AND m.last_order_at < ${CUTOFF}
     -- The rollup has no channel, country, product or segment: runs with a filter never read it.
     AND ${UNFILTERED}
  UNION ALL
  SELECT date_trunc('month', m.first_order_at AT TIME ZONE $5::text),
         (SELECT count(*) FROM (SELECT 1 FROM order_facts o WHERE o.customer_id = m.customer_id AND o.store_id = $1 AND o.placed_at < ${CUTOFF} LIMIT 2) t)::int
    FROM customer_metrics m
   WHERE m.store_id = $1 AND ${IN_RANGE("m.first_order_at")} AND m.last_order_at >= ${CUTOFF} AND ${UNFILTERED}
)`;

/** Repeat purchase on `rpc`: the report's own measures (customers, those with more than one order). */
export const REPEAT_PURCHASE_SETS = { facts: [], extra: REPEAT_CUSTOMERS, from: "rpc" } satisfies ReportSql["sets"];

/** Churn risk development with the store's median interval over `sgc` instead of `c`; its orders are read as before. */
export const CHURN_RISK_DEVELOPMENT_SETS = { facts: [], extra: `${SEGMENT_CUSTOMERS}, ${medianInterval("sgc")}, ${AT_RISK_ORDERS}`, from: "ar" } satisfies ReportSql["sets"];
