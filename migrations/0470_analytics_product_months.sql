-- Analytics (issue 20): per-product monthly rollups, kept by the fold (0420), so the product reports
-- read one row per variant and month for the whole months of their range instead of every line.
--
-- The product reports joined every line of the range to its order and sorted them for
-- count(DISTINCT order_id) per product: 1.0–2.0 s on Postgres at 100,000 orders, cross-selling 3.7–4.5 s.
-- A per-product *daily* rollup kept by statement triggers in the write was tried and reverted (it
-- took the write from +10 % to +240 %, docs/benchmarks.md 2026-11-27 19:50). These rows are written
-- by the fold instead, outside the order's transaction: the write itself pays nothing more than the
-- note it already writes (now with the order's moment, so a deleted order's month is known).
--
-- product_months: one row per store, month of the store's calendar, SKU and title (the title names the
-- product and variant as the report shows it; a SKU whose title changed is two rows, as it is two rows
-- of the report). Distinct orders are not summable across rows, so each count is kept as a sum that is:
--   orders          the orders holding this SKU and title (one order holds a pair in one row),
--   product_orders  the orders in which this row is the first (by SKU, title) of its product's rows:
--                   summed over a product's rows, the orders holding the product,
--   line_orders     the orders in which this row is the first of all: summed, the orders with lines,
--   return_orders   the orders in which this row is the first with a return: summed, the orders with returns.
-- An order lives in one month, so each is also exact summed over months.
--
-- product_pair_months: one row per store, month and ordered pair of distinct products bought in one
-- order, with the orders holding both (cross-selling).
--
-- The fold (0471) adds the rows of orders that counted nowhere yet (a new order: the common case), and
-- recomputes whole the months of orders that counted before (an edit, a return, a cancellation, a move, a
-- deletion: their old lines are gone, so no difference could be subtracted), rather than patching rows:
-- exact by construction, and the month of a deleted order comes from its note. A zone change rebuilds
-- the store's rows.

ALTER TABLE analytics_changed_orders ADD COLUMN placed_at timestamptz;

CREATE TABLE product_months (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The first day of the month in the store's zone.
  month date NOT NULL,
  timezone text NOT NULL,
  sku text NOT NULL,
  title text NOT NULL,
  -- The title before " — " (the variant's part): variants roll up to it.
  product text NOT NULL,
  units bigint NOT NULL,
  revenue_cents bigint NOT NULL,
  returned_units bigint NOT NULL,
  returned_cents bigint NOT NULL,
  orders integer NOT NULL,
  product_orders integer NOT NULL,
  line_orders integer NOT NULL,
  return_orders integer NOT NULL,
  PRIMARY KEY (store_id, month, sku, title)
);

CREATE TABLE product_pair_months (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  month date NOT NULL,
  timezone text NOT NULL,
  a_product text NOT NULL,
  b_product text NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (store_id, month, a_product, b_product)
);

-- The lines of a store's non-cancelled orders placed in [from_at, to_at) (only the orders `among` when given),
-- one row per order, SKU and title, with the order's moment in the zone and the row's share of the distinct-order counts above.
-- The rollups are sums of these rows per month; the reports read these rows for the partial months at
-- their range's edges, so both sides count the same way.
CREATE FUNCTION product_order_lines(store uuid, from_at timestamptz, to_at timestamptz, tz text, among uuid[] DEFAULT NULL)
RETURNS TABLE (order_id uuid, local_at timestamp, sku text, title text, product text, units bigint, revenue_cents bigint,
               returned_units bigint, returned_cents bigint, orders integer, product_orders integer, line_orders integer, return_orders integer)
LANGUAGE sql STABLE AS $$
  SELECT g.order_id, g.local_at, g.sku, g.title, g.product, g.units, g.revenue_cents, g.returned_units, g.returned_cents, 1,
         (row_number() OVER (PARTITION BY g.order_id, g.product ORDER BY g.sku, g.title) = 1)::int,
         (row_number() OVER (PARTITION BY g.order_id ORDER BY g.sku, g.title) = 1)::int,
         (g.returned_units > 0 AND row_number() OVER (PARTITION BY g.order_id, g.returned_units > 0 ORDER BY g.sku, g.title) = 1)::int
    FROM (SELECT f.order_id, f.placed_at AT TIME ZONE tz AS local_at, li.sku, li.title, split_part(li.title, ' — ', 1) AS product,
                 sum(li.quantity)::bigint AS units, sum(li.quantity * li.unit_price_cents)::bigint AS revenue_cents,
                 sum(li.returned_quantity)::bigint AS returned_units, sum(li.returned_quantity * li.unit_price_cents)::bigint AS returned_cents
            FROM order_facts f JOIN order_line_items li ON li.order_id = f.order_id AND li.store_id = store
           WHERE f.store_id = store AND f.placed_at >= from_at AND f.placed_at < to_at AND (among IS NULL OR f.order_id = ANY(among))
           GROUP BY f.order_id, f.placed_at, li.sku, li.title) g
$$;

-- The ordered pairs of distinct products bought in one order, for the store's non-cancelled orders placed in
-- [from_at, to_at) (only the orders `among` when given). Each order's products read once (a materialised DISTINCT the planner can estimate; a
-- filter on the window above made it expect one row and pair every order with every other).
CREATE FUNCTION product_order_pairs(store uuid, from_at timestamptz, to_at timestamptz, tz text, among uuid[] DEFAULT NULL)
RETURNS TABLE (local_at timestamp, a_product text, b_product text)
LANGUAGE sql STABLE AS $$
  WITH p AS MATERIALIZED (
    SELECT DISTINCT f.order_id, f.placed_at AT TIME ZONE tz AS local_at, split_part(li.title, ' — ', 1) AS product
      FROM order_facts f JOIN order_line_items li ON li.order_id = f.order_id AND li.store_id = store
     WHERE f.store_id = store AND f.placed_at >= from_at AND f.placed_at < to_at AND (among IS NULL OR f.order_id = ANY(among))
  )
  SELECT a.local_at, a.product, b.product FROM p a JOIN p b ON b.order_id = a.order_id AND b.product <> a.product
$$;

-- Adds those rows' sums per month to both tables, for the orders placed in [from_at, to_at) (and among
-- `among`): into emptied months (a rebuild), or onto them for orders that counted nowhere yet (the fold).
CREATE FUNCTION product_months_fill(store uuid, from_at timestamptz, to_at timestamptz, tz text, among uuid[] DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_months (store_id, month, timezone, sku, title, product, units, revenue_cents, returned_units, returned_cents,
                              orders, product_orders, line_orders, return_orders)
  SELECT store, date_trunc('month', x.local_at)::date, tz, x.sku, x.title, x.product, sum(x.units), sum(x.revenue_cents), sum(x.returned_units),
         sum(x.returned_cents), sum(x.orders), sum(x.product_orders), sum(x.line_orders), sum(x.return_orders)
    FROM product_order_lines(store, from_at, to_at, tz, among) x
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
$$;

-- Recomputes a store's rows for the given months of its calendar, or all of them when months is null
-- (one pass over its lines: the zone change, the backfill, the tests' full recomputation).
CREATE FUNCTION product_months_rebuild(store uuid, months date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC');
  m date;
BEGIN
  IF months IS NULL THEN
    DELETE FROM product_months WHERE store_id = store;
    DELETE FROM product_pair_months WHERE store_id = store;
    PERFORM product_months_fill(store, '-infinity', 'infinity', tz);
    RETURN;
  END IF;
  FOREACH m IN ARRAY months LOOP
    DELETE FROM product_months WHERE store_id = store AND month = m;
    DELETE FROM product_pair_months WHERE store_id = store AND month = m;
    PERFORM product_months_fill(store, m::timestamp AT TIME ZONE tz, (m + interval '1 month')::timestamp AT TIME ZONE tz, tz);
  END LOOP;
END $$;

-- An order's note for an update or a deletion carries the order's old moment, so the fold knows the month
-- a deleted or moved order leaves (a note of a new order carries none: it left no month).
CREATE OR REPLACE FUNCTION analytics_note_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_changed_orders (store_id, order_id, customer_id, placed_at) VALUES (OLD.store_id, OLD.id, OLD.customer_id, OLD.placed_at);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.store_id, NEW.customer_id) IS DISTINCT FROM (OLD.store_id, OLD.customer_id)) THEN
    INSERT INTO analytics_changed_orders (store_id, order_id, customer_id) VALUES (NEW.store_id, NEW.id, NEW.customer_id);
  END IF;
  RETURN NULL;
END $$;

-- A line's SKU or title now matters to a rollup: note their changes too.
DROP TRIGGER analytics_note_line_update ON order_line_items;
CREATE TRIGGER analytics_note_line_update AFTER UPDATE OF order_id, store_id, quantity, returned_quantity, unit_price_cents, sku, title ON order_line_items
  FOR EACH ROW
  WHEN ((NEW.order_id, NEW.store_id, NEW.quantity, NEW.returned_quantity, NEW.unit_price_cents, NEW.sku, NEW.title)
        IS DISTINCT FROM (OLD.order_id, OLD.store_id, OLD.quantity, OLD.returned_quantity, OLD.unit_price_cents, OLD.sku, OLD.title))
  EXECUTE FUNCTION analytics_note_line();

-- The fold (analytics_fold_changes) keeps these rows from 0471 on, with the follow-ups defined there.

CREATE FUNCTION product_months_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_months_rebuild(NEW.store_id, NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER product_months_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone) EXECUTE FUNCTION product_months_after_zone_change();

-- Backfill: the orders noted but not folded yet first, then every store with orders today.
SELECT analytics_fold_changes(s.store_id) FROM (SELECT DISTINCT store_id FROM analytics_changed_orders) s;
SELECT product_months_rebuild(s.store_id, NULL) FROM (SELECT DISTINCT store_id FROM order_facts) s;
