// The analytics reports' shared facts, as CTEs every report's SQL builds on. Analytics reads the
// store's orders, their lines and customers (the orders domain's tables) only here and in the
// report SQL beside it, read-only, plus its own rollup (customer_metrics) and share links.
//
// Bind parameters, the same for every report:
//   $1 store id, $2 range start day, $3 range end day (exclusive), $4 as-of moment, $5 time zone,
//   $6 origin, $7 country, $8 SKU, $9 segment (NEW/RETURNING); NULL when unused.

/** The range's moments in the store's zone, and the cutoff: the earlier of the as-of moment and the range's end. */
const PARAMS = `params AS (
  SELECT ($2::date::timestamp AT TIME ZONE $5::text) AS from_at,
         ($3::date::timestamp AT TIME ZONE $5::text) AS to_at,
         $4::timestamptz AS as_of,
         least($4::timestamptz, ($3::date::timestamp AT TIME ZONE $5::text)) AS cutoff
)`;

/**
 * `oh`: every non-cancelled order placed before the as-of moment with its place in the customer's
 * history (seq, previous and next order), then `o`: those in the range that pass the filters, with
 * their local time, the gap since the previous order, the customer's cohort month, units and
 * returned value. Guest orders (no customer) count as their own one-order history.
 */
const ORDERS = `oh AS (
  SELECT o.id, o.customer_id, o.order_number, o.placed_at, o.total_cents, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.tax_cents,
         o.origin, o.discount_code, o.shipping_country_code AS country,
         CASE WHEN o.fulfilled_at < $4::timestamptz THEN o.fulfilled_at END AS fulfilled_at,
         row_number() OVER w AS seq, lag(o.placed_at) OVER w AS prev_at, lead(o.placed_at) OVER w AS next_at,
         first_value(o.placed_at) OVER w AS first_at
    FROM orders o
   WHERE o.store_id = $1 AND o.cancellation_state <> 'CANCELED' AND o.placed_at < $4::timestamptz
  WINDOW w AS (PARTITION BY coalesce(o.customer_id, o.id) ORDER BY o.placed_at, o.id)
),
o AS (
  SELECT oh.*, oh.placed_at AT TIME ZONE $5::text AS local_at,
         extract(epoch FROM oh.placed_at - oh.prev_at) / 86400 AS gap_days,
         date_trunc('month', oh.first_at AT TIME ZONE $5::text) AS cohort,
         (SELECT coalesce(sum(li.quantity), 0) FROM order_line_items li WHERE li.order_id = oh.id)::int AS units
    FROM oh
   WHERE oh.placed_at >= (SELECT from_at FROM params) AND oh.placed_at < (SELECT cutoff FROM params)
     AND ($6::text IS NULL OR oh.origin = $6::text) AND ($7::text IS NULL OR oh.country = $7::text)
     AND ($8::text IS NULL OR EXISTS (SELECT 1 FROM order_line_items s WHERE s.order_id = oh.id AND s.sku = $8::text))
     AND ($9::text IS NULL OR ($9::text = 'NEW') = (oh.seq = 1))
)`;

/** `l`: the lines of the orders in `o`; a product is the title before " — " (the variant's part). */
const LINES = `l AS (
  SELECT li.sku, li.title, split_part(li.title, ' — ', 1) AS product, li.quantity, li.unit_price_cents, li.returned_quantity,
         o.id AS order_id, o.customer_id, o.local_at
    FROM o JOIN order_line_items li ON li.order_id = o.id
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
  SELECT o.customer_id, min(o.placed_at), max(o.placed_at), count(*)::int, sum(o.total_cents)::bigint,
         coalesce(sum((SELECT sum(r.returned_quantity * r.unit_price_cents) FROM order_line_items r WHERE r.order_id = o.id)), 0)::bigint,
         CASE WHEN count(*) > 1 THEN extract(epoch FROM max(o.placed_at) - min(o.placed_at)) / 86400 / (count(*) - 1) END::float8,
         (array_agg(o.origin ORDER BY o.placed_at, o.id))[1]
    FROM orders o
   WHERE o.store_id = $1 AND o.cancellation_state <> 'CANCELED' AND o.customer_id IS NOT NULL AND o.placed_at < (SELECT cutoff FROM params)
     AND ($6::text IS NULL OR o.origin = $6::text)
     AND ($8::text IS NULL OR EXISTS (SELECT 1 FROM order_line_items s WHERE s.order_id = o.id AND s.sku = $8::text))
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

export type Fact = "orders" | "lines" | "customers";

/** The WITH clause a report needs (lines imply orders). */
export function factsSql(facts: readonly Fact[]): string {
  const parts = [PARAMS];
  if (facts.includes("orders") || facts.includes("lines")) parts.push(ORDERS);
  if (facts.includes("lines")) parts.push(LINES);
  if (facts.includes("customers")) parts.push(CUSTOMERS);
  return parts.join(",\n");
}

/** The bind values of the shared parameters, in order. */
export type FactArgs = {
  storeId: string; from: string; to: string; asOf: string; timezone: string;
  origin?: string; country?: string; sku?: string; segment?: string;
};

export function factValues(a: FactArgs): unknown[] {
  return [a.storeId, a.from, a.to, a.asOf, a.timezone, a.origin ?? null, a.country ?? null, a.sku ?? null, a.segment ?? null];
}
