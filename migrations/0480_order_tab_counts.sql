-- Orders (issue 16): the list's tab counts at 100,000 orders. Every list request counted each tab
-- over all of the store's orders (a full pass, with a look into the lines per order for Returns):
-- 1.3 s on Postgres at 100,000 orders. The counts are now kept per store and sales channel in the
-- order's own transaction, so a list reads at most one row per channel.
--
-- orders.has_returns: whether any line of the order has returned units (the Returns tab), kept by
-- the lines' statement triggers below, so the tab is a condition on the order like the others.
ALTER TABLE orders ADD COLUMN has_returns boolean NOT NULL DEFAULT false;
UPDATE orders o SET has_returns = true
 WHERE EXISTS (SELECT 1 FROM order_line_items l WHERE l.order_id = o.id AND l.returned_quantity > 0);
CREATE INDEX orders_store_returns_placed_idx ON orders (store_id, placed_at DESC) WHERE has_returns;

CREATE FUNCTION order_has_returns_after_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only orders with a returned line on either side of the change can flip.
  UPDATE orders o SET has_returns = r.any
    FROM (SELECT c.order_id, EXISTS (SELECT 1 FROM order_line_items l WHERE l.order_id = c.order_id AND l.returned_quantity > 0) AS any
            FROM (SELECT order_id FROM changed_lines WHERE returned_quantity > 0 GROUP BY order_id) c) r
   WHERE o.id = r.order_id AND o.has_returns <> r.any;
  RETURN NULL;
END $$;
-- A transition table has one name per trigger; the function reads `changed_lines` from each.
CREATE TRIGGER order_has_returns_lines_insert AFTER INSERT ON order_line_items REFERENCING NEW TABLE AS changed_lines
  FOR EACH STATEMENT EXECUTE FUNCTION order_has_returns_after_lines();
CREATE TRIGGER order_has_returns_lines_update_new AFTER UPDATE ON order_line_items REFERENCING NEW TABLE AS changed_lines
  FOR EACH STATEMENT EXECUTE FUNCTION order_has_returns_after_lines();
CREATE TRIGGER order_has_returns_lines_update_old AFTER UPDATE ON order_line_items REFERENCING OLD TABLE AS changed_lines
  FOR EACH STATEMENT EXECUTE FUNCTION order_has_returns_after_lines();
CREATE TRIGGER order_has_returns_lines_delete AFTER DELETE ON order_line_items REFERENCING OLD TABLE AS changed_lines
  FOR EACH STATEMENT EXECUTE FUNCTION order_has_returns_after_lines();

-- One row per store and sales channel; the columns are the tabs of queries/orders/orders.ts
-- (FILTER_SQL), and order_tab_flags below must say the same.
CREATE TABLE order_tab_counts (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  origin text NOT NULL,
  all_orders int NOT NULL DEFAULT 0,
  outstanding int NOT NULL DEFAULT 0,
  processing int NOT NULL DEFAULT 0,
  on_hold int NOT NULL DEFAULT 0,
  fulfilled int NOT NULL DEFAULT 0,
  canceled int NOT NULL DEFAULT 0,
  returns int NOT NULL DEFAULT 0,
  PRIMARY KEY (store_id, origin)
);

-- Adds the tab memberships of the new rows and takes away those of the old ones. A group whose
-- differences are all zero (an update that moved no order between tabs, the usual case) writes
-- nothing, so it takes no lock on the store's row.
CREATE FUNCTION order_tab_counts_add(old_rows orders[], new_rows orders[]) RETURNS void LANGUAGE sql AS $$
  WITH c AS (
    SELECT 1 AS sign, * FROM unnest(new_rows)
    UNION ALL
    SELECT -1, * FROM unnest(old_rows)
  ), d AS (
    SELECT store_id, origin, sum(sign)::int AS all_orders,
           sum(sign * (processing_status = 'OUTSTANDING' AND cancellation_state <> 'CANCELED')::int)::int AS outstanding,
           sum(sign * (processing_status = 'PROCESSING' AND cancellation_state <> 'CANCELED')::int)::int AS processing,
           sum(sign * (processing_status = 'ON_HOLD')::int)::int AS on_hold,
           sum(sign * (fulfillment_state = 'FULFILLED')::int)::int AS fulfilled,
           sum(sign * (cancellation_state = 'CANCELED')::int)::int AS canceled,
           sum(sign * has_returns::int)::int AS returns
      FROM c GROUP BY store_id, origin
  )
  INSERT INTO order_tab_counts AS t (store_id, origin, all_orders, outstanding, processing, on_hold, fulfilled, canceled, returns)
  SELECT * FROM d WHERE (all_orders, outstanding, processing, on_hold, fulfilled, canceled, returns) <> (0, 0, 0, 0, 0, 0, 0)
  ON CONFLICT (store_id, origin) DO UPDATE SET
    all_orders = t.all_orders + excluded.all_orders, outstanding = t.outstanding + excluded.outstanding,
    processing = t.processing + excluded.processing, on_hold = t.on_hold + excluded.on_hold,
    fulfilled = t.fulfilled + excluded.fulfilled, canceled = t.canceled + excluded.canceled, returns = t.returns + excluded.returns
$$;

CREATE FUNCTION order_tab_counts_after_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    PERFORM order_tab_counts_add('{}', ARRAY(SELECT n::orders FROM new_orders n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM order_tab_counts_add(ARRAY(SELECT o::orders FROM old_orders o), ARRAY(SELECT n::orders FROM new_orders n));
  ELSE
    PERFORM order_tab_counts_add(ARRAY(SELECT o::orders FROM old_orders o), '{}');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_tab_counts_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_tab_counts_after_orders();
CREATE TRIGGER order_tab_counts_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_tab_counts_after_orders();
CREATE TRIGGER order_tab_counts_orders_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_tab_counts_after_orders();

-- The counts of the orders already there, one store at a time (one store's rows in memory at once).
SELECT order_tab_counts_add('{}', ARRAY(SELECT o FROM orders o WHERE o.store_id = s.id)) FROM stores s;
