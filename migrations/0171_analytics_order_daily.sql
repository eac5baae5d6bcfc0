-- Analytics (issue 20), performance: a daily rollup of the order facts (0170), one row per store
-- and day of the store's own calendar, kept by a trigger on the fact rows in the writer's
-- transaction. Period reports whose measures are sums (orders, revenue, units, discounts, shipping,
-- tax, first and repeat orders) read 730 rows for two years instead of every order; reports with a
-- filter, a distinct-customer measure or a drill-down still read the facts.
--
-- The days are the store's days in the zone the row names. A zone change rebuilds the store's rows
-- (trigger below), and reports use the rollup only when every row is in the zone they run in.

CREATE TABLE order_daily (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  day date NOT NULL,
  timezone text NOT NULL,
  orders integer NOT NULL,
  first_orders integer NOT NULL,
  revenue_cents bigint NOT NULL,
  subtotal_cents bigint NOT NULL,
  discount_cents bigint NOT NULL,
  shipping_cents bigint NOT NULL,
  tax_cents bigint NOT NULL,
  units bigint NOT NULL,
  PRIMARY KEY (store_id, day)
);

-- Recomputes the given days of one store from its fact rows (a day without orders loses its row):
-- one range read over [first day, last day] through (store_id, placed_at), grouped by local day, so
-- a bulk import refreshing 700 days reads the store's facts once rather than once per day.
CREATE FUNCTION refresh_order_daily(store uuid, days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC');
  first_day date := (SELECT min(d) FROM unnest(days) d);
  last_day date := (SELECT max(d) FROM unnest(days) d);
BEGIN
  DELETE FROM order_daily d WHERE d.store_id = store AND d.day = ANY(days);
  INSERT INTO order_daily (store_id, day, timezone, orders, first_orders, revenue_cents, subtotal_cents, discount_cents, shipping_cents, tax_cents, units)
  SELECT store, (f.placed_at AT TIME ZONE tz)::date, tz, count(*), count(*) FILTER (WHERE f.seq = 1), sum(f.total_cents), sum(f.subtotal_cents),
         sum(f.discount_cents), sum(f.shipping_cents), sum(f.tax_cents), sum(f.units)
    FROM order_facts f
   WHERE f.store_id = store
     AND f.placed_at >= (first_day::timestamp AT TIME ZONE tz) AND f.placed_at < ((last_day + 1)::timestamp AT TIME ZONE tz)
     AND (f.placed_at AT TIME ZONE tz)::date = ANY(days)
   GROUP BY 2;
END $$;

-- The days (in the store's zone) of the fact rows a statement changed, per store.
CREATE FUNCTION refresh_order_daily_for(changed_store uuid[], changed_at timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  FOR s IN
    SELECT t.store_id, array_agg(DISTINCT (t.placed_at AT TIME ZONE coalesce(c.timezone, 'UTC'))::date) AS days
      FROM unnest(changed_store, changed_at) AS t(store_id, placed_at)
      LEFT JOIN store_configs c ON c.store_id = t.store_id
     GROUP BY t.store_id
  LOOP
    PERFORM refresh_order_daily(s.store_id, s.days);
  END LOOP;
END $$;

CREATE FUNCTION order_daily_after_facts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_daily_for(ARRAY(SELECT store_id FROM new_rows), ARRAY(SELECT placed_at FROM new_rows));
  RETURN NULL;
END $$;
CREATE FUNCTION order_daily_after_facts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_daily_for(ARRAY(SELECT store_id FROM old_rows), ARRAY(SELECT placed_at FROM old_rows));
  RETURN NULL;
END $$;
-- Only rows whose day sums changed refresh their days: a new order updates its predecessor's
-- next_at, which no day sums.
CREATE FUNCTION order_daily_after_facts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stores uuid[];
  moments timestamptz[];
BEGIN
  SELECT array_agg(x.store_id), array_agg(x.placed_at) INTO stores, moments FROM (
    SELECT n.store_id, n.placed_at FROM new_rows n JOIN old_rows o ON o.order_id = n.order_id
     WHERE (n.store_id, n.placed_at, n.seq = 1, n.total_cents, n.subtotal_cents, n.discount_cents, n.shipping_cents, n.tax_cents, n.units)
           IS DISTINCT FROM (o.store_id, o.placed_at, o.seq = 1, o.total_cents, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.tax_cents, o.units)
    UNION ALL
    SELECT o.store_id, o.placed_at FROM new_rows n JOIN old_rows o ON o.order_id = n.order_id
     WHERE (n.store_id, n.placed_at) IS DISTINCT FROM (o.store_id, o.placed_at)) x;
  IF stores IS NOT NULL THEN
    PERFORM refresh_order_daily_for(stores, moments);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_daily_facts_insert AFTER INSERT ON order_facts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_daily_after_facts_insert();
CREATE TRIGGER order_daily_facts_delete AFTER DELETE ON order_facts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_daily_after_facts_delete();
CREATE TRIGGER order_daily_facts_update AFTER UPDATE ON order_facts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_daily_after_facts_update();

-- A store that changes its zone gets its days rebuilt in the new zone.
CREATE FUNCTION order_daily_rebuild_store(store uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_daily WHERE store_id = store;
  SELECT refresh_order_daily_for(ARRAY(SELECT f.store_id FROM order_facts f WHERE f.store_id = store),
                                 ARRAY(SELECT f.placed_at FROM order_facts f WHERE f.store_id = store));
$$;
CREATE FUNCTION order_daily_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.timezone IS DISTINCT FROM OLD.timezone THEN
    PERFORM order_daily_rebuild_store(NEW.store_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_daily_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW EXECUTE FUNCTION order_daily_after_zone_change();

-- Backfill: every store with orders today.
SELECT order_daily_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM order_facts) s;
