-- Analytics (issue 20): a per-product daily rollup. The product reports (all products, variants,
-- best sellers, sold items, return rate, returned items, products per period) read every line of
-- every order in their range; at 100,000 orders that is 5–14 s on the embedded database. Here they
-- read one row per store day and variant instead, plus the few distinct-order counts that a sum of
-- variant rows cannot give (orders holding a product, orders with lines, orders with a return).
--
--   product_daily         store × day × (sku, title): units, item revenue (units × unit price, before
--                         order discounts, as the reports define it), returned units and value, and
--                         the orders holding that variant.
--   product_daily_orders  store × day × scope: PRODUCT (orders holding the product, the title before
--                         " — "), DAY (orders with lines) and RETURNS (orders with a returned unit).
--
-- Days are the store's days in the zone each row names, as in order_daily (0171): a zone change
-- rebuilds the store's rows, and reports read the rollup only when every row is in their zone.
--
-- Kept in the writer's transaction by statement triggers with transition tables, so a statement
-- writing many lines (an import, an order placed with all its lines) is one pass, and a distinct
-- count is decided per order from the order's lines before and after the statement (a row trigger
-- would see the statement's other rows already written and count them twice or never). Only
-- orders with a fact row (not cancelled) count, on the fact's day: the fact triggers below add an
-- order's lines when its fact appears, take them away when it goes, and move them when its day does.

CREATE TABLE product_daily (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  day date NOT NULL,
  timezone text NOT NULL,
  sku text NOT NULL,
  title text NOT NULL,
  product text NOT NULL,
  units bigint NOT NULL,
  item_revenue_cents bigint NOT NULL,
  returned_units bigint NOT NULL,
  returned_value_cents bigint NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (store_id, day, sku, title)
);

CREATE TABLE product_daily_orders (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  day date NOT NULL,
  timezone text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('PRODUCT', 'DAY', 'RETURNS')),
  -- The product for PRODUCT rows, '' for the day's own counts.
  product text NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (store_id, day, scope, product)
);

-- One line of one order as it was before a statement (sign -1) or is after it (sign 1), on the
-- day its order counts on.
CREATE TYPE product_daily_change AS (
  store_id uuid, day date, timezone text, order_id uuid, sign integer,
  sku text, title text, quantity integer, unit_price_cents integer, returned_quantity integer
);

-- Applies the difference between the orders' lines before and after: sums move by the signed
-- lines, and an order counts +1 where it now holds something it did not (a variant, a product, a
-- line at all, a returned unit) and −1 where it no longer does. Unchanged lines cancel out, so a
-- return recorded on one line touches one variant row and, at most, the day's RETURNS count.
CREATE FUNCTION product_daily_apply(ch product_daily_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ch) = 0 THEN RETURN; END IF;

  WITH c AS (SELECT * FROM unnest(ch)),
  per_order AS (
    SELECT store_id, day, timezone, order_id, sku, title,
           sum(sign * quantity)::bigint AS d_units, sum(sign * quantity::bigint * unit_price_cents) AS d_revenue,
           sum(sign * returned_quantity)::bigint AS d_returned, sum(sign * returned_quantity::bigint * unit_price_cents) AS d_returned_value,
           bool_or(sign = 1)::int - bool_or(sign = -1)::int AS d_orders
      FROM c GROUP BY store_id, day, timezone, order_id, sku, title
  ),
  v AS (
    SELECT store_id, day, timezone, sku, title, sum(d_units)::bigint AS d_units, sum(d_revenue)::bigint AS d_revenue,
           sum(d_returned)::bigint AS d_returned, sum(d_returned_value)::bigint AS d_returned_value, sum(d_orders)::int AS d_orders
      FROM per_order GROUP BY store_id, day, timezone, sku, title
  )
  INSERT INTO product_daily AS p (store_id, day, timezone, sku, title, product, units, item_revenue_cents, returned_units, returned_value_cents, orders)
  SELECT store_id, day, timezone, sku, title, split_part(title, ' — ', 1), d_units, d_revenue, d_returned, d_returned_value, d_orders
    FROM v WHERE (d_units, d_revenue, d_returned, d_returned_value, d_orders) <> (0, 0, 0, 0, 0)
  ON CONFLICT (store_id, day, sku, title) DO UPDATE SET
    units = p.units + EXCLUDED.units, item_revenue_cents = p.item_revenue_cents + EXCLUDED.item_revenue_cents,
    returned_units = p.returned_units + EXCLUDED.returned_units, returned_value_cents = p.returned_value_cents + EXCLUDED.returned_value_cents,
    orders = p.orders + EXCLUDED.orders;

  WITH c AS (SELECT * FROM unnest(ch)),
  per_order AS (
    SELECT store_id, day, timezone, order_id, 'PRODUCT' AS scope, split_part(title, ' — ', 1) AS product,
           bool_or(sign = 1)::int - bool_or(sign = -1)::int AS d
      FROM c GROUP BY store_id, day, timezone, order_id, split_part(title, ' — ', 1)
    UNION ALL
    SELECT store_id, day, timezone, order_id, 'DAY', '', bool_or(sign = 1)::int - bool_or(sign = -1)::int
      FROM c GROUP BY store_id, day, timezone, order_id
    UNION ALL
    SELECT store_id, day, timezone, order_id, 'RETURNS', '',
           coalesce(bool_or(sign = 1 AND returned_quantity > 0), false)::int - coalesce(bool_or(sign = -1 AND returned_quantity > 0), false)::int
      FROM c GROUP BY store_id, day, timezone, order_id
  )
  INSERT INTO product_daily_orders AS p (store_id, day, timezone, scope, product, orders)
  SELECT store_id, day, timezone, scope, product, sum(d)::int FROM per_order
   GROUP BY store_id, day, timezone, scope, product HAVING sum(d) <> 0
  ON CONFLICT (store_id, day, scope, product) DO UPDATE SET orders = p.orders + EXCLUDED.orders;

  -- A variant, product or day without orders has nothing left in it (the full rebuild has no such row).
  DELETE FROM product_daily p USING (SELECT DISTINCT store_id, day FROM unnest(ch)) t
   WHERE p.store_id = t.store_id AND p.day = t.day AND p.orders = 0;
  DELETE FROM product_daily_orders p USING (SELECT DISTINCT store_id, day FROM unnest(ch)) t
   WHERE p.store_id = t.store_id AND p.day = t.day AND p.orders = 0;
END $$;

-- The lines a statement changed: for each of their orders that has a fact, its lines before the
-- statement (today's lines without the statement's new rows, plus its old rows) and after it.
CREATE FUNCTION product_daily_lines_changed(old_lines order_line_items[], new_lines order_line_items[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_daily_apply(ARRAY(
    WITH ids AS (SELECT order_id FROM unnest(old_lines) UNION SELECT order_id FROM unnest(new_lines)),
    f AS (
      SELECT f.order_id, f.store_id, t.tz, (f.placed_at AT TIME ZONE t.tz)::date AS day
        FROM order_facts f JOIN ids USING (order_id)
        CROSS JOIN LATERAL (SELECT coalesce((SELECT sc.timezone FROM store_configs sc WHERE sc.store_id = f.store_id), 'UTC') AS tz) t
       -- A deleted order's lines were taken away before it went (below).
       WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = f.order_id)
    )
    SELECT ROW(f.store_id, f.day, f.tz, f.order_id, 1, l.sku, l.title, l.quantity, l.unit_price_cents, l.returned_quantity)::product_daily_change
      FROM f JOIN order_line_items l ON l.order_id = f.order_id
    UNION ALL
    SELECT ROW(f.store_id, f.day, f.tz, f.order_id, -1, l.sku, l.title, l.quantity, l.unit_price_cents, l.returned_quantity)::product_daily_change
      FROM f JOIN order_line_items l ON l.order_id = f.order_id
     WHERE l.id NOT IN (SELECT n.id FROM unnest(new_lines) n)
    UNION ALL
    SELECT ROW(f.store_id, f.day, f.tz, f.order_id, -1, o.sku, o.title, o.quantity, o.unit_price_cents, o.returned_quantity)::product_daily_change
      FROM f JOIN unnest(old_lines) o ON o.order_id = f.order_id
  ));
END $$;

CREATE FUNCTION product_daily_after_lines_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_daily_lines_changed(ARRAY[]::order_line_items[], ARRAY(SELECT n::order_line_items FROM new_rows n));
  RETURN NULL;
END $$;
CREATE FUNCTION product_daily_after_lines_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_daily_lines_changed(ARRAY(SELECT o::order_line_items FROM old_rows o), ARRAY[]::order_line_items[]);
  RETURN NULL;
END $$;
-- Only lines whose counted columns changed (a fulfilled quantity moves nothing here).
CREATE FUNCTION product_daily_after_lines_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_daily_lines_changed(
    ARRAY(SELECT o::order_line_items FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE (o.order_id, o.sku, o.title, o.quantity, o.unit_price_cents, o.returned_quantity)
                 IS DISTINCT FROM (n.order_id, n.sku, n.title, n.quantity, n.unit_price_cents, n.returned_quantity)),
    ARRAY(SELECT n::order_line_items FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE (o.order_id, o.sku, o.title, o.quantity, o.unit_price_cents, o.returned_quantity)
                 IS DISTINCT FROM (n.order_id, n.sku, n.title, n.quantity, n.unit_price_cents, n.returned_quantity)));
  RETURN NULL;
END $$;
CREATE TRIGGER product_daily_lines_insert AFTER INSERT ON order_line_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_daily_after_lines_insert();
CREATE TRIGGER product_daily_lines_delete AFTER DELETE ON order_line_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_daily_after_lines_delete();
CREATE TRIGGER product_daily_lines_update AFTER UPDATE ON order_line_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_daily_after_lines_update();

-- The given facts' orders' lines today, signed, on the day each fact names (in its store's zone).
CREATE FUNCTION product_daily_order_lines(facts order_facts[], sign integer) RETURNS product_daily_change[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(
    SELECT ROW(f.store_id, (f.placed_at AT TIME ZONE t.tz)::date, t.tz, f.order_id, sign, l.sku, l.title, l.quantity, l.unit_price_cents, l.returned_quantity)::product_daily_change
      FROM unnest(facts) f
      CROSS JOIN LATERAL (SELECT coalesce((SELECT sc.timezone FROM store_configs sc WHERE sc.store_id = f.store_id), 'UTC') AS tz) t
      JOIN order_line_items l ON l.order_id = f.order_id
     WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = f.order_id));
$$;

-- A deleted order takes its lines away while they and its fact are still there: its lines and its
-- fact then go by foreign-key cascades whose statement triggers run once the order is gone, when
-- neither can find the other any more (both skip orders that no longer exist).
CREATE FUNCTION product_daily_before_order_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_daily_apply(product_daily_order_lines(ARRAY(SELECT f FROM order_facts f WHERE f.order_id = OLD.id), -1));
  RETURN OLD;
END $$;
CREATE TRIGGER product_daily_order_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION product_daily_before_order_delete();

-- A fact appears (a new order has no lines yet, so this is a restored or recomputed one), goes
-- (a cancellation, a deletion) or moves to another day or store: its order's lines follow it.
CREATE FUNCTION product_daily_after_facts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_daily_apply(product_daily_order_lines(ARRAY(SELECT n::order_facts FROM new_rows n), 1));
  RETURN NULL;
END $$;
CREATE FUNCTION product_daily_after_facts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_daily_apply(product_daily_order_lines(ARRAY(SELECT o::order_facts FROM old_rows o), -1));
  RETURN NULL;
END $$;
CREATE FUNCTION product_daily_after_facts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved_old order_facts[];
  moved_new order_facts[];
BEGIN
  -- Most fact updates (a line's units, a successor's next_at, a copied total) keep the day: nothing to do.
  SELECT array_agg(o::order_facts), array_agg(n::order_facts) INTO moved_old, moved_new
    FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id
   WHERE (n.store_id, n.placed_at) IS DISTINCT FROM (o.store_id, o.placed_at);
  IF moved_old IS NOT NULL THEN
    PERFORM product_daily_apply(product_daily_order_lines(moved_old, -1) || product_daily_order_lines(moved_new, 1));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER product_daily_facts_insert AFTER INSERT ON order_facts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_daily_after_facts_insert();
CREATE TRIGGER product_daily_facts_delete AFTER DELETE ON order_facts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_daily_after_facts_delete();
CREATE TRIGGER product_daily_facts_update AFTER UPDATE ON order_facts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_daily_after_facts_update();

-- The full recomputation of one store from its facts and lines: the zone change, the backfill and
-- the test that checks the triggers against it.
CREATE FUNCTION product_daily_rebuild_store(store uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_daily WHERE store_id = store;
  DELETE FROM product_daily_orders WHERE store_id = store;
  PERFORM product_daily_apply(product_daily_order_lines(ARRAY(SELECT f FROM order_facts f WHERE f.store_id = store), 1));
END $$;
CREATE FUNCTION product_daily_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.timezone IS DISTINCT FROM OLD.timezone THEN
    PERFORM product_daily_rebuild_store(NEW.store_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER product_daily_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW EXECUTE FUNCTION product_daily_after_zone_change();

-- Backfill: every store with orders today.
SELECT product_daily_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM order_facts) s;
