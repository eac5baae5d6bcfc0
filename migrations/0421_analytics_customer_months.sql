-- Analytics (issue 20): per-month customer sets. One row per store, customer and month of the
-- store's calendar in which the customer ordered: their orders and revenue that month, and whether
-- their first order ever falls in it (first_orders 1; the row with it is the customer's first-order
-- month, their cohort). The customer period reports counted distinct customers per month by sorting
-- every fact row of the range (about 100,000 at the benchmark's size); at month granularity they read
-- these rows instead: at most one per customer and month.
--
-- Kept the way order_daily is (0300): row triggers on order_facts apply differences, so the rows
-- follow the facts whenever the facts are folded (0420), outside the order's transaction. A zone
-- change rebuilds the store's rows, and reports use them only when every row is in their zone.

CREATE TABLE customer_months (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- No foreign key to customers: a customer's deletion clears order_facts.customer_id, whose trigger
  -- takes the orders off this customer's rows.
  customer_id uuid NOT NULL,
  -- The first day of the month in the store's zone.
  month date NOT NULL,
  timezone text NOT NULL,
  orders integer NOT NULL,
  first_orders integer NOT NULL,
  revenue_cents bigint NOT NULL,
  PRIMARY KEY (store_id, month, customer_id)
);

-- Adds differences to one customer's month (the month the moment falls in, in the store's zone); a
-- month left without orders loses its row, as the full recomputation leaves it.
CREATE FUNCTION customer_months_add(store uuid, customer uuid, placed timestamptz, d_orders integer, d_first integer, d_revenue bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC');
  m date := date_trunc('month', placed AT TIME ZONE tz)::date;
  left_orders integer;
BEGIN
  INSERT INTO customer_months AS x (store_id, customer_id, month, timezone, orders, first_orders, revenue_cents)
  VALUES (store, customer, m, tz, d_orders, d_first, d_revenue)
  ON CONFLICT (store_id, month, customer_id) DO UPDATE SET
    orders = x.orders + EXCLUDED.orders, first_orders = x.first_orders + EXCLUDED.first_orders, revenue_cents = x.revenue_cents + EXCLUDED.revenue_cents
  RETURNING x.orders INTO left_orders;
  IF left_orders = 0 THEN
    DELETE FROM customer_months x WHERE x.store_id = store AND x.month = m AND x.customer_id = customer;
  END IF;
END $$;

CREATE FUNCTION customer_months_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.customer_id IS NOT NULL THEN
    PERFORM customer_months_add(OLD.store_id, OLD.customer_id, OLD.placed_at, -1, -(OLD.seq = 1)::int, -OLD.total_cents::bigint);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.customer_id IS NOT NULL THEN
    PERFORM customer_months_add(NEW.store_id, NEW.customer_id, NEW.placed_at, 1, (NEW.seq = 1)::int, NEW.total_cents::bigint);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER customer_months_facts_insert AFTER INSERT OR DELETE ON order_facts FOR EACH ROW EXECUTE FUNCTION customer_months_after_facts();
-- Only what the rows count: a new order setting its predecessor's next_at, or a line's units, moves nothing here.
CREATE TRIGGER customer_months_facts_update AFTER UPDATE ON order_facts FOR EACH ROW
  WHEN ((NEW.store_id, NEW.customer_id, NEW.placed_at, NEW.seq = 1, NEW.total_cents) IS DISTINCT FROM (OLD.store_id, OLD.customer_id, OLD.placed_at, OLD.seq = 1, OLD.total_cents))
  EXECUTE FUNCTION customer_months_after_facts();

-- The full recomputation of one store's rows from its facts (the zone change, the backfill, and the
-- test that compares the kept rows with it).
CREATE FUNCTION customer_months_rebuild_store(store uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM customer_months WHERE store_id = store;
  INSERT INTO customer_months (store_id, customer_id, month, timezone, orders, first_orders, revenue_cents)
  SELECT f.store_id, f.customer_id, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date, z.tz, count(*)::int,
         (count(*) FILTER (WHERE f.seq = 1))::int, sum(f.total_cents)::bigint
    FROM order_facts f, (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC') AS tz) z
   WHERE f.store_id = store AND f.customer_id IS NOT NULL
   GROUP BY 1, 2, 3, 4;
$$;
CREATE FUNCTION customer_months_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_months_rebuild_store(NEW.store_id);
  RETURN NULL;
END $$;
CREATE TRIGGER customer_months_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone) EXECUTE FUNCTION customer_months_after_zone_change();

-- Backfill: the orders noted but not folded yet first (0420), then every store with orders today.
SELECT analytics_fold_changes(s.store_id) FROM (SELECT DISTINCT store_id FROM analytics_changed_orders) s;
SELECT customer_months_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM order_facts) s;
