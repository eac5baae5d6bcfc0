-- Analytics (issue 20): daily lifetime value on a per-cohort rollup instead of every order.
--
-- "Customer daily LTV" sums the revenue of the customers whose first order falls in the range, by the days
-- from their first order to each order, up to the cutoff. It read every order the store ever had before the
-- as-of moment (0.6 s on the embedded database at 100,000 orders). Those sums are sums of months: this
-- keeps them per store, cohort month (the first order's month in the store's zone), order month and
-- day number since the first order, so a two-year range reads a few thousand rows.
--
-- The day number is `since_day`: 0 within the first day (less than 24 hours after the first order), else
-- the days since the first order rounded up. Every band of the report is "since < 1" or "since <= n" with
-- a whole n, and for any since ≥ 1, since <= n exactly when ceil(since) <= n: the bands over since_day are
-- the bands over since.
--
-- Kept the way customer_months is (0421): row triggers on order_facts apply differences, so the rows follow
-- the facts whenever the fold writes them (0420), never in the order's own transaction. A zone change
-- rebuilds the store's rows. Guest orders (no customer) are in no cohort and are left out.

CREATE TABLE cohort_days (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The first days of the cohort's month and of the order's month, in the store's zone.
  cohort date NOT NULL,
  month date NOT NULL,
  since_day integer NOT NULL,
  timezone text NOT NULL,
  orders integer NOT NULL,
  -- 1 for the customer's first order: the cohort's customers.
  first_orders integer NOT NULL,
  revenue_cents bigint NOT NULL,
  PRIMARY KEY (store_id, cohort, month, since_day)
);

-- The day number of an order placed at `placed`, for a customer whose first order was at `first`.
CREATE FUNCTION cohort_since_day(placed timestamptz, first timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN extract(epoch FROM placed - first) / 86400 < 1 THEN 0 ELSE ceil(extract(epoch FROM placed - first) / 86400)::int END;
$$;

-- Adds differences to one row; a row left without orders is deleted, as the full recomputation leaves it.
CREATE FUNCTION cohort_days_add(store uuid, first timestamptz, placed timestamptz, d_orders integer, d_first integer, d_revenue bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC');
  c date := date_trunc('month', first AT TIME ZONE tz)::date;
  m date := date_trunc('month', placed AT TIME ZONE tz)::date;
  s integer := cohort_since_day(placed, first);
  left_orders integer;
BEGIN
  -- A store being deleted takes its rows with it: its facts' deletions have nothing left to correct.
  IF NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = store) THEN RETURN; END IF;
  INSERT INTO cohort_days AS x (store_id, cohort, month, since_day, timezone, orders, first_orders, revenue_cents)
  VALUES (store, c, m, s, tz, d_orders, d_first, d_revenue)
  ON CONFLICT (store_id, cohort, month, since_day) DO UPDATE SET
    orders = x.orders + EXCLUDED.orders, first_orders = x.first_orders + EXCLUDED.first_orders, revenue_cents = x.revenue_cents + EXCLUDED.revenue_cents
  RETURNING x.orders INTO left_orders;
  IF left_orders = 0 THEN
    DELETE FROM cohort_days x WHERE x.store_id = store AND x.cohort = c AND x.month = m AND x.since_day = s;
  END IF;
END $$;

CREATE FUNCTION cohort_days_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.customer_id IS NOT NULL THEN
    PERFORM cohort_days_add(OLD.store_id, OLD.first_at, OLD.placed_at, -1, -(OLD.seq = 1)::int, -OLD.total_cents::bigint);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.customer_id IS NOT NULL THEN
    PERFORM cohort_days_add(NEW.store_id, NEW.first_at, NEW.placed_at, 1, (NEW.seq = 1)::int, NEW.total_cents::bigint);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER cohort_days_facts_insert AFTER INSERT OR DELETE ON order_facts FOR EACH ROW EXECUTE FUNCTION cohort_days_after_facts();
-- Only what the rows count: a new order setting its predecessor's next_at, or a line's units, moves nothing here.
CREATE TRIGGER cohort_days_facts_update AFTER UPDATE ON order_facts FOR EACH ROW
  WHEN ((NEW.store_id, NEW.customer_id IS NULL, NEW.first_at, NEW.placed_at, NEW.seq = 1, NEW.total_cents)
        IS DISTINCT FROM (OLD.store_id, OLD.customer_id IS NULL, OLD.first_at, OLD.placed_at, OLD.seq = 1, OLD.total_cents))
  EXECUTE FUNCTION cohort_days_after_facts();

-- The full recomputation of one store's rows from its facts (the zone change, the backfill, and the test
-- that compares the kept rows with it).
CREATE FUNCTION cohort_days_rebuild_store(store uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM cohort_days WHERE store_id = store;
  INSERT INTO cohort_days (store_id, cohort, month, since_day, timezone, orders, first_orders, revenue_cents)
  SELECT f.store_id, date_trunc('month', f.first_at AT TIME ZONE z.tz)::date, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date,
         cohort_since_day(f.placed_at, f.first_at), z.tz, count(*)::int, (count(*) FILTER (WHERE f.seq = 1))::int, sum(f.total_cents)::bigint
    FROM order_facts f, (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC') AS tz) z
   WHERE f.store_id = store AND f.customer_id IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5;
$$;
CREATE FUNCTION cohort_days_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cohort_days_rebuild_store(NEW.store_id);
  RETURN NULL;
END $$;
CREATE TRIGGER cohort_days_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone) EXECUTE FUNCTION cohort_days_after_zone_change();

SELECT cohort_days_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM order_facts) s;
