// The analytics reports' shared facts, as CTEs every report's SQL builds on. Analytics reads the
// store's orders, their lines and customers (the orders domain's tables) only here and in the
// report SQL beside it, read-only, plus its own rollups (customer_metrics, order_facts) and share links.
//
// Bind parameters, the same for every report:
//   $1 store id, $2 range start day, $3 range end day (exclusive), $4 as-of moment, $5 time zone,
//   $6 origin, $7 country, $8 SKU, $9 segment (NEW/RETURNING); NULL when unused.

/**
 * The range's start and the cutoff (the earlier of the as-of moment and the range's end) as expressions
 * of the bind values alone. Written out where a range is read, rather than read from `params`, the
 * planner computes them from the values it plans with (every function in them is immutable) and
 * estimates the range's rows from the statistics: a two-year range of 20,000 orders then joins its
 * lines with one hash join, where a subquery's unknown bounds made it plan 20,000 index look-ups.
 */
const FROM_AT = `($2::date::timestamp AT TIME ZONE $5::text)`;
export const CUTOFF = `least($4::timestamptz, ($3::date::timestamp AT TIME ZONE $5::text))`;

/** A moment in the range: [range start, cutoff). */
export const IN_RANGE = (col: string) => `${col} >= ${FROM_AT} AND ${col} < ${CUTOFF}`;

/** The range's moments in the store's zone, and the cutoff. */
const PARAMS = `params AS (
  SELECT ${FROM_AT} AS from_at,
         ($3::date::timestamp AT TIME ZONE $5::text) AS to_at,
         $4::timestamptz AS as_of,
         ${CUTOFF} AS cutoff
)`;

/**
 * `oh`: every non-cancelled order placed before the as-of moment with its place in the customer's
 * history (seq, previous, next and first order), read from the fact table the order triggers keep
 * (migration 0170); a next order placed after the as-of moment is not there yet. Then `o`: the
 * orders in the range that pass the filters, read through (store_id, placed_at), with their local
 * time, the gap since the previous order and the customer's cohort month. Guest orders (no
 * customer) count as their own one-order history.
 */
const HISTORY = `oh AS (
  SELECT f.order_id AS id, f.customer_id, f.order_number, f.placed_at, f.total_cents, f.subtotal_cents, f.discount_cents, f.shipping_cents, f.tax_cents,
         f.origin, f.discount_code, f.country, f.units, f.returned_cents,
         CASE WHEN f.fulfilled_at < $4::timestamptz THEN f.fulfilled_at END AS fulfilled_at,
         f.seq, f.prev_at, CASE WHEN f.next_at < $4::timestamptz THEN f.next_at END AS next_at, f.first_at
    FROM order_facts f
   WHERE f.store_id = $1 AND f.placed_at < $4::timestamptz
)`;

/** The channel, country, product and new/returning filters on a fact row `f` (the orders of `o`, and reports reading the facts directly). */
export const orderFilters = (f: string) => `($6::text IS NULL OR ${f}.origin = $6::text) AND ($7::text IS NULL OR ${f}.country = $7::text)
     AND ($8::text IS NULL OR EXISTS (SELECT 1 FROM order_line_items s WHERE s.order_id = ${f}.order_id AND s.sku = $8::text))
     AND ($9::text IS NULL OR ($9::text = 'NEW') = (${f}.seq = 1))`;
const ORDERS = `o AS (
  SELECT f.order_id AS id, f.customer_id, f.order_number, f.placed_at, f.total_cents, f.subtotal_cents, f.discount_cents, f.shipping_cents, f.tax_cents,
         f.origin, f.discount_code, f.country, f.units, f.returned_cents,
         CASE WHEN f.fulfilled_at < $4::timestamptz THEN f.fulfilled_at END AS fulfilled_at,
         f.seq, f.prev_at, CASE WHEN f.next_at < $4::timestamptz THEN f.next_at END AS next_at, f.first_at,
         f.placed_at AT TIME ZONE $5::text AS local_at,
         extract(epoch FROM f.placed_at - f.prev_at) / 86400 AS gap_days,
         date_trunc('month', f.first_at AT TIME ZONE $5::text) AS cohort
    FROM order_facts f
   WHERE f.store_id = $1 AND ${IN_RANGE("f.placed_at")}
     AND ${orderFilters("f")}
)`;

/** `l`: the lines of the orders in `o`; a product is the title before " — " (the variant's part). */
const LINES = `l AS (
  SELECT li.sku, li.title, split_part(li.title, ' — ', 1) AS product, li.quantity, li.unit_price_cents, li.returned_quantity,
         o.id AS order_id, o.customer_id, o.local_at
    FROM o JOIN order_line_items li ON li.order_id = o.id AND li.store_id = $1
)`;

/**
 * `c`: each customer as of the cutoff. Customers whose last order came before the cutoff are read
 * from the rollup as they are; the few who ordered since (and every customer when an order filter
 * applies) are recomputed from their orders before the cutoff, so the answer is the same whenever
 * the report runs.
 */
const CUSTOMERS = `cm AS (
  SELECT m.customer_id, m.first_order_at, m.last_order_at, m.orders_count, m.revenue_cents::bigint AS revenue_cents,
         m.returned_cents::bigint AS returned_cents, m.avg_interval_days::float8 AS avg_interval_days, m.first_origin
    FROM customer_metrics m
   WHERE m.store_id = $1 AND m.last_order_at < (SELECT cutoff FROM params) AND $6::text IS NULL AND $8::text IS NULL
  UNION ALL
  SELECT o.customer_id, min(o.placed_at), max(o.placed_at), count(*)::int, sum(o.total_cents)::bigint, sum(o.returned_cents)::bigint,
         CASE WHEN count(*) > 1 THEN extract(epoch FROM max(o.placed_at) - min(o.placed_at)) / 86400 / (count(*) - 1) END::float8,
         (array_agg(o.origin ORDER BY o.placed_at, o.order_id))[1]
    FROM order_facts o
   WHERE o.store_id = $1 AND o.customer_id IS NOT NULL AND o.placed_at < (SELECT cutoff FROM params)
     AND ($6::text IS NULL OR o.origin = $6::text)
     AND ($8::text IS NULL OR EXISTS (SELECT 1 FROM order_line_items s WHERE s.order_id = o.order_id AND s.sku = $8::text))
     AND ($6::text IS NOT NULL OR $8::text IS NOT NULL
          OR o.customer_id IN (SELECT x.customer_id FROM customer_metrics x WHERE x.store_id = $1 AND x.last_order_at >= (SELECT cutoff FROM params)))
   GROUP BY o.customer_id
),
c AS (
  SELECT cm.*, cu.name, cu.email, cu.country_code AS country,
         extract(epoch FROM (SELECT cutoff FROM params) - cm.last_order_at) / 86400 AS recency_days,
         date_trunc('month', cm.first_order_at AT TIME ZONE $5::text) AS cohort
    FROM cm JOIN customers cu ON cu.id = cm.customer_id AND cu.store_id = $1
   WHERE ($7::text IS NULL OR cu.country_code = $7::text) AND ($9::text IS NULL OR ($9::text = 'NEW') = (cm.orders_count = 1))
)`;

/**
 * `od`: one row per store day of the range with the day's order sums, for the period reports whose
 * measures are sums and that run without filters. Days wholly before the cutoff come from the daily
 * rollup (migration 0171); the day the cutoff falls in (an as-of moment in the middle of a day) is
 * summed from the fact rows up to the cutoff. When a row of the rollup is in another zone than the
 * report's (a zone change being rebuilt), every day is summed from the facts.
 */
const DAILY = `zone_ok AS (
  SELECT NOT EXISTS (SELECT 1 FROM order_daily x WHERE x.store_id = $1 AND x.timezone <> $5::text) AS ok
),
split AS (
  SELECT CASE WHEN (SELECT ok FROM zone_ok)
              THEN greatest(p.from_at, ((p.cutoff AT TIME ZONE $5::text)::date::timestamp AT TIME ZONE $5::text))
              ELSE p.from_at END AS facts_from
    FROM params p
   -- The rollup has no channel, country, product or segment: runs with a filter never read it.
   WHERE coalesce($6::text, $7::text, $8::text, $9::text) IS NULL
),
od AS (
  SELECT d.day, d.day::timestamp AS local_at, d.orders, d.first_orders, d.revenue_cents, d.subtotal_cents, d.discount_cents,
         d.shipping_cents, d.tax_cents, d.units
    FROM order_daily d
   WHERE d.store_id = $1 AND (SELECT ok FROM zone_ok) AND d.day >= $2::date
     AND (d.day::timestamp AT TIME ZONE $5::text) < (SELECT facts_from FROM split)
  UNION ALL
  SELECT (f.placed_at AT TIME ZONE $5::text)::date, (f.placed_at AT TIME ZONE $5::text)::date::timestamp, count(*)::int, (count(*) FILTER (WHERE f.seq = 1))::int,
         sum(f.total_cents), sum(f.subtotal_cents), sum(f.discount_cents), sum(f.shipping_cents), sum(f.tax_cents), sum(f.units)
    FROM order_facts f
   WHERE f.store_id = $1 AND f.placed_at >= (SELECT facts_from FROM split) AND f.placed_at < (SELECT cutoff FROM params)
   GROUP BY 1, 2
)`;

/**
 * `<p>split`: the whole months of the range a per-month rollup may serve (`m_from` to `m_to`, exclusive:
 * from the first month starting on or after the range's start to the month the cutoff falls in) and the
 * two stretches of the facts read beside them, [range start, before_to) and [after_from, cutoff). Every
 * row of a store's rollup is in one zone (a zone change rebuilds them all in its transaction), so one row
 * tells; when it is another zone than the report's, no month is whole and the facts give everything. The
 * rollups have no channel, country, product or segment: a run with a filter never reads them (no row here).
 */
export const monthSplit = (p: string, table: string) => `${p}zone_ok AS (
  SELECT coalesce((SELECT x.timezone = $5::text FROM ${table} x WHERE x.store_id = $1 LIMIT 1), TRUE) AS ok
),
${p}split AS (
  SELECT m.m_from, m.m_to,
         CASE WHEN m.m_from < m.m_to THEN least((m.m_from::timestamp AT TIME ZONE $5::text), p.cutoff) ELSE p.cutoff END AS before_to,
         CASE WHEN m.m_from < m.m_to THEN greatest((m.m_to::timestamp AT TIME ZONE $5::text), p.from_at) ELSE p.cutoff END AS after_from
    FROM params p, (SELECT date_trunc('month', $2::date + interval '1 month' - interval '1 day')::date AS m_from,
                           CASE WHEN (SELECT ok FROM ${p}zone_ok) THEN date_trunc('month', (SELECT cutoff FROM params) AT TIME ZONE $5::text)::date
                                ELSE date_trunc('month', $2::date + interval '1 month' - interval '1 day')::date END AS m_to) m
   WHERE coalesce($6::text, $7::text, $8::text, $9::text) IS NULL
)`;

/**
 * `cmo`: one row per customer and store month of the range in which they ordered, with that month's
 * orders, revenue and whether their first order ever is among them (first_orders), for the customer
 * period reports without filters (guest orders: one row each, with no customer). Months wholly inside [range start, cutoff) come from
 * the per-month customer sets (migration 0421); the partial months at either edge (a range starting
 * mid-month, the month the cutoff falls in) are built from the fact rows, one row per order. When a
 * row of the sets is in another zone than the report's, everything is built from the facts.
 */
const MONTHS = `${monthSplit("m", "customer_months")},
cmo AS (
  SELECT x.customer_id, x.month::timestamp AS local_at, x.orders, x.first_orders, x.revenue_cents
    FROM customer_months x
   WHERE x.store_id = $1 AND x.month >= (SELECT m_from FROM msplit) AND x.month < (SELECT m_to FROM msplit)
  UNION ALL
  SELECT f.customer_id, f.placed_at AT TIME ZONE $5::text, 1, (f.seq = 1)::int, f.total_cents::bigint
    FROM order_facts f
   WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at >= (SELECT from_at FROM params) AND f.placed_at < (SELECT before_to FROM msplit)
  UNION ALL
  SELECT f.customer_id, f.placed_at AT TIME ZONE $5::text, 1, (f.seq = 1)::int, f.total_cents::bigint
    FROM order_facts f
   WHERE f.store_id = $1 AND f.customer_id IS NOT NULL AND f.placed_at >= (SELECT after_from FROM msplit) AND f.placed_at < (SELECT cutoff FROM params)
  UNION ALL
  -- Guest orders are in no set (they have no customer): each is its own row, read through 0441's partial index.
  SELECT NULL::uuid, f.placed_at AT TIME ZONE $5::text, 1, 1, f.total_cents::bigint
    FROM order_facts f
   WHERE f.store_id = $1 AND f.customer_id IS NULL AND f.placed_at >= (SELECT from_at FROM params) AND f.placed_at < (SELECT cutoff FROM params)
      AND EXISTS (SELECT 1 FROM msplit)
)`;

export type Fact = "orders" | "lines" | "customers" | "daily" | "months";

/** The WITH clause a report needs (lines imply orders). */
export function factsSql(facts: readonly Fact[]): string {
  const parts = [PARAMS];
  if (facts.includes("orders") || facts.includes("lines")) parts.push(HISTORY, ORDERS);
  if (facts.includes("lines")) parts.push(LINES);
  if (facts.includes("customers")) parts.push(CUSTOMERS);
  if (facts.includes("daily")) parts.push(DAILY);
  if (facts.includes("months")) parts.push(MONTHS);
  return parts.join(",\n");
}

/** The bind values of the shared parameters, in order. */
export type FactArgs = {
  storeId: string; from: string; to: string; asOf: string; timezone: string;
  origin?: string; country?: string; sku?: string; segment?: string;
};

/** Whether the run has no filter, so a report may read the daily rollup. */
export function unfiltered(a: FactArgs): boolean {
  return !a.origin && !a.country && !a.sku && !a.segment;
}

export function factValues(a: FactArgs): unknown[] {
  return [a.storeId, a.from, a.to, a.asOf, a.timezone, a.origin ?? null, a.country ?? null, a.sku ?? null, a.segment ?? null];
}
