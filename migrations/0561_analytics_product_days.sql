-- Analytics (issue 20): per-product daily rows, kept by the fold (0420) beside the monthly ones (0470), so the
-- product reports read the whole days of their range's partial months from a rollup too, and only the day the
-- cutoff falls in (an as-of moment in the middle of a day) from the lines.
--
-- The product reports read the month the cutoff falls in from its orders' lines: at 100,000 orders and an
-- as-of moment at the end of October, 5,931 orders and 9,984 lines, one index probe into the lines per order
-- and one heap read into order_facts per order. That was 70–99 ms on a freshly seeded store and 95–190 ms on
-- one whose facts the folds had rewritten (order_facts half free space, the month's 5,931 facts spread over
-- 1,184 pages instead of about 150): the reports' time followed the facts' physical order, which the fold's
-- updates scatter (docs/benchmarks.md, aprod13). With the days, that read is the cutoff's day: about 190 orders.
--
-- A per-product daily rollup was kept in the order's write once and reverted (+240 % on the write,
-- 2026-11-27). These rows are written by the fold, after the write, by the same two functions that keep
-- product_months: the write pays nothing for them.
--
-- product_days: one row per store, day of the store's calendar, SKU and title, with the columns and the
-- summable distinct-order shares of product_months (0470 says how they sum; an order lives in one day, so
-- they are exact summed over days too). A month recomputed whole (an edited order's month) recomputes its
-- days; a new order's rows are added to its day as to its month; a zone change rebuilds both.

CREATE TABLE product_days (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The day in the store's zone.
  day date NOT NULL,
  timezone text NOT NULL,
  sku text NOT NULL,
  title text NOT NULL,
  product text NOT NULL,
  units bigint NOT NULL,
  revenue_cents bigint NOT NULL,
  returned_units bigint NOT NULL,
  returned_cents bigint NOT NULL,
  orders integer NOT NULL,
  product_orders integer NOT NULL,
  line_orders integer NOT NULL,
  return_orders integer NOT NULL,
  PRIMARY KEY (store_id, day, sku, title)
);

-- The orders noted but not folded yet are folded first, by the functions as they were (they do not know the days).
SELECT analytics_fold_changes(s.store_id) FROM (SELECT DISTINCT store_id FROM analytics_changed_orders) s;

-- A rollup row per day, SKU and title from product_order_lines' per-order rows (0470), added onto the day.
CREATE FUNCTION product_days_add(store uuid, tz text, lines product_days[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_days (store_id, day, timezone, sku, title, product, units, revenue_cents, returned_units, returned_cents,
                            orders, product_orders, line_orders, return_orders)
  SELECT store, x.day, tz, x.sku, x.title, x.product, sum(x.units), sum(x.revenue_cents), sum(x.returned_units), sum(x.returned_cents),
         sum(x.orders), sum(x.product_orders), sum(x.line_orders), sum(x.return_orders)
    FROM unnest(lines) x
   GROUP BY x.day, x.sku, x.title, x.product
  ON CONFLICT (store_id, day, sku, title) DO UPDATE SET
    units = product_days.units + EXCLUDED.units, revenue_cents = product_days.revenue_cents + EXCLUDED.revenue_cents,
    returned_units = product_days.returned_units + EXCLUDED.returned_units, returned_cents = product_days.returned_cents + EXCLUDED.returned_cents,
    orders = product_days.orders + EXCLUDED.orders, product_orders = product_days.product_orders + EXCLUDED.product_orders,
    line_orders = product_days.line_orders + EXCLUDED.line_orders, return_orders = product_days.return_orders + EXCLUDED.return_orders;
$$;

-- 0470's fill, with the days: the lines of the orders placed in [from_at, to_at) (and among `among`) are read
-- once, summed per day into product_days and per month into product_months; the pairs as before.
CREATE OR REPLACE FUNCTION product_months_fill(store uuid, from_at timestamptz, to_at timestamptz, tz text, among uuid[] DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lines product_days[];
BEGIN
  lines := ARRAY(SELECT ROW(store, x.local_at::date, tz, x.sku, x.title, x.product, x.units, x.revenue_cents, x.returned_units, x.returned_cents,
                            x.orders, x.product_orders, x.line_orders, x.return_orders)::product_days
                   FROM product_order_lines(store, from_at, to_at, tz, among) x);
  PERFORM product_days_add(store, tz, lines);
  INSERT INTO product_months (store_id, month, timezone, sku, title, product, units, revenue_cents, returned_units, returned_cents,
                              orders, product_orders, line_orders, return_orders)
  SELECT store, date_trunc('month', x.day)::date, tz, x.sku, x.title, x.product, sum(x.units), sum(x.revenue_cents), sum(x.returned_units),
         sum(x.returned_cents), sum(x.orders), sum(x.product_orders), sum(x.line_orders), sum(x.return_orders)
    FROM unnest(lines) x
   GROUP BY 2, x.sku, x.title, x.product
  ON CONFLICT (store_id, month, sku, title) DO UPDATE SET
    units = product_months.units + EXCLUDED.units, revenue_cents = product_months.revenue_cents + EXCLUDED.revenue_cents,
    returned_units = product_months.returned_units + EXCLUDED.returned_units, returned_cents = product_months.returned_cents + EXCLUDED.returned_cents,
    orders = product_months.orders + EXCLUDED.orders, product_orders = product_months.product_orders + EXCLUDED.product_orders,
    line_orders = product_months.line_orders + EXCLUDED.line_orders, return_orders = product_months.return_orders + EXCLUDED.return_orders;
  INSERT INTO product_pair_months (store_id, month, timezone, a_product, b_product, orders)
  SELECT store, date_trunc('month', x.local_at)::date, tz, x.a_product, x.b_product, count(*)
    FROM product_order_pairs(store, from_at, to_at, tz, among) x
   GROUP BY 2, x.a_product, x.b_product
  ON CONFLICT (store_id, month, a_product, b_product) DO UPDATE SET orders = product_pair_months.orders + EXCLUDED.orders;
END $$;

-- 0470's rebuild, with the days: a month recomputed whole recomputes its days.
CREATE OR REPLACE FUNCTION product_months_rebuild(store uuid, months date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC');
  m date;
BEGIN
  IF months IS NULL THEN
    DELETE FROM product_months WHERE store_id = store;
    DELETE FROM product_pair_months WHERE store_id = store;
    DELETE FROM product_days WHERE store_id = store;
    PERFORM product_months_fill(store, '-infinity', 'infinity', tz);
    RETURN;
  END IF;
  FOREACH m IN ARRAY months LOOP
    DELETE FROM product_months WHERE store_id = store AND month = m;
    DELETE FROM product_pair_months WHERE store_id = store AND month = m;
    DELETE FROM product_days WHERE store_id = store AND day >= m AND day < (m + interval '1 month')::date;
    PERFORM product_months_fill(store, m::timestamp AT TIME ZONE tz, (m + interval '1 month')::timestamp AT TIME ZONE tz, tz);
  END LOOP;
END $$;

-- Backfill: every store with orders today, its days only (its months are already exact).
SELECT product_days_add(s.store_id, s.tz, ARRAY(
         SELECT ROW(s.store_id, x.local_at::date, s.tz, x.sku, x.title, x.product, x.units, x.revenue_cents, x.returned_units, x.returned_cents,
                    x.orders, x.product_orders, x.line_orders, x.return_orders)::product_days
           FROM product_order_lines(s.store_id, '-infinity', 'infinity', s.tz) x))
  FROM (SELECT f.store_id, coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = f.store_id), 'UTC') AS tz
          FROM (SELECT DISTINCT store_id FROM order_facts) f) s;
