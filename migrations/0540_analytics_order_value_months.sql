-- Analytics (issue 20): per-month order values, so the average order value report reads a count per
-- distinct order total and month (about a quarter of the orders' rows at 100,000 orders) for the whole
-- months of its range, and its median stays exact: the median of a month is found by walking the month's
-- counts in order of value, as percentile_cont walks the sorted values.
--
-- order_value_months: one row per store, month of the store's calendar and order total, with the number of
-- the store's (non-cancelled) orders of that month with that total. No measure depends on the as-of moment
-- (the report reads no fulfilment or next order), so every whole month before the cutoff is read from here.
--
-- Kept by statement triggers on order_facts (so by the fold, outside the order's transaction: the write
-- pays nothing), as 0500 keeps the order bands: each statement's old rows subtracted and its new rows
-- added, grouped, in one upsert; a row the statement left without orders is deleted (only the rows it
-- touched: a store has thousands). A zone change rebuilds the store's rows.

CREATE TABLE order_value_months (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The first day of the month in the store's zone.
  month date NOT NULL,
  total_cents integer NOT NULL,
  timezone text NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (store_id, month, total_cents)
);

-- Adds (sign 1) or subtracts (sign -1) the given facts' counts; a row they leave without orders is deleted.
CREATE FUNCTION order_value_months_add(facts order_facts[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_value_months AS x (store_id, month, total_cents, timezone, orders)
  SELECT f.store_id, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date, f.total_cents, z.tz, sign * count(*)
    FROM unnest(facts) f
    JOIN LATERAL (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = f.store_id), 'UTC') AS tz) z ON TRUE
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (store_id, month, total_cents) DO UPDATE SET orders = x.orders + EXCLUDED.orders;
  DELETE FROM order_value_months x
   USING (SELECT DISTINCT f.store_id, date_trunc('month', f.placed_at AT TIME ZONE
                 coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = f.store_id), 'UTC'))::date AS month, f.total_cents
            FROM unnest(facts) f) k
   WHERE x.store_id = k.store_id AND x.month = k.month AND x.total_cents = k.total_cents AND x.orders = 0;
$$;

-- One statement on order_facts (transition tables `o` and `n`): its old rows subtracted, its new rows added.
CREATE FUNCTION order_value_months_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_value_months_add(ARRAY(SELECT n::order_facts FROM n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    -- A store being deleted takes its rows with it: its facts' deletions have nothing left to correct (0520).
    PERFORM order_value_months_add(ARRAY(SELECT o::order_facts FROM o WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = o.store_id)), -1);
  ELSE
    -- Only the rows whose month or total changed (a fulfilment, a return or a renumbering moves nothing here).
    changed := ARRAY(
      SELECT order_id FROM o JOIN n USING (order_id)
       WHERE (o.store_id, o.placed_at, o.total_cents) IS DISTINCT FROM (n.store_id, n.placed_at, n.total_cents));
    IF cardinality(changed) > 0 THEN
      PERFORM order_value_months_add(ARRAY(SELECT o::order_facts FROM o WHERE o.order_id = ANY(changed)), -1);
      PERFORM order_value_months_add(ARRAY(SELECT n::order_facts FROM n WHERE n.order_id = ANY(changed)), 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_value_months_facts_insert AFTER INSERT ON order_facts REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION order_value_months_after_facts();
CREATE TRIGGER order_value_months_facts_update AFTER UPDATE ON order_facts REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION order_value_months_after_facts();
CREATE TRIGGER order_value_months_facts_delete AFTER DELETE ON order_facts REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION order_value_months_after_facts();

-- The full recomputation of one store's rows from its facts (the zone change, the backfill, and the test
-- that compares the kept rows with it).
CREATE FUNCTION order_value_months_rebuild_store(store uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_value_months WHERE store_id = store;
  INSERT INTO order_value_months (store_id, month, total_cents, timezone, orders)
  SELECT store, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date, f.total_cents, z.tz, count(*)
    FROM (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC') AS tz) z, order_facts f
   WHERE f.store_id = store
   GROUP BY 2, 3, 4;
$$;
CREATE FUNCTION order_value_months_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_value_months_rebuild_store(NEW.store_id);
  RETURN NULL;
END $$;
CREATE TRIGGER order_value_months_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone) EXECUTE FUNCTION order_value_months_after_zone_change();

-- Backfill: the orders noted but not folded yet first (0420), then every store with orders today.
SELECT analytics_fold_changes(s.store_id) FROM (SELECT DISTINCT store_id FROM analytics_changed_orders) s;
SELECT order_value_months_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM order_facts) s;
