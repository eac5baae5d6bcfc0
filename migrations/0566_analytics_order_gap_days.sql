-- Analytics (issue 20): time between purchases by whole days of gap, so the report counts its range's reorders
-- from a few thousand kept rows instead of reading and sorting every reorder (80,000 at 100,000 orders), and
-- its medians stay exact: the counts say on which whole day of gap each median's two middle reorders fall and
-- at which place within it, and only those reorders are read, through an index in order of their gap.
--
-- order_gap_days: one row per store, month of the store's calendar and whole day of gap (`order_gap_day`:
-- the days since the customer's previous order, floored, 86,400 s a day as an interval compares them), with
-- the number of the store's reorders (facts with a previous order) of that month with that gap. A reorder's
-- gap is a function of its own fact row (placed_at, prev_at), and no previous order is after its reorder, so
-- no figure depends on the as-of moment: every whole month before the cutoff is read from here.
--
-- Kept by statement triggers on order_facts (so by the fold, outside the order's transaction: the order's own
-- write pays nothing), as 0540 keeps the order values: each statement's old rows subtracted and its new rows
-- added, grouped, in one upsert; a row left without reorders is deleted (only the keys the statement touched).
-- A zone change rebuilds the store's rows.

-- Whole days in a gap between two orders: floor(gap) <= n exactly when gap < interval 'n + 1 days'.
CREATE FUNCTION order_gap_day(gap interval) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM gap) / 86400)::integer
$$;

CREATE TABLE order_gap_days (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The first day of the month in the store's zone.
  month date NOT NULL,
  gap_day integer NOT NULL,
  timezone text NOT NULL,
  reorders integer NOT NULL,
  -- The count in the key's index, so the report's read of a range of months is index-only.
  PRIMARY KEY (store_id, month, gap_day) INCLUDE (reorders)
);

-- The reorders in order of their gap, for the report's reads of the reorders at a median's places: one whole
-- day of gap of one store, with both moments: those of the range kept and their gap read without the table.
CREATE INDEX order_facts_store_gap_idx ON order_facts (store_id, (placed_at - prev_at)) INCLUDE (placed_at, prev_at) WHERE prev_at IS NOT NULL;

-- Adds (sign 1) or subtracts (sign -1) the given facts' reorders; a row they leave without reorders is deleted.
CREATE FUNCTION order_gap_days_add(facts order_facts[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_gap_days AS x (store_id, month, gap_day, timezone, reorders)
  SELECT f.store_id, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date, order_gap_day(f.placed_at - f.prev_at), z.tz, sign * count(*)
    FROM unnest(facts) f
    JOIN LATERAL (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = f.store_id), 'UTC') AS tz) z ON TRUE
   WHERE f.prev_at IS NOT NULL
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (store_id, month, gap_day) DO UPDATE SET reorders = x.reorders + EXCLUDED.reorders;
  DELETE FROM order_gap_days x
   USING (SELECT DISTINCT f.store_id, date_trunc('month', f.placed_at AT TIME ZONE
                 coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = f.store_id), 'UTC'))::date AS month,
                 order_gap_day(f.placed_at - f.prev_at) AS gap_day
            FROM unnest(facts) f WHERE f.prev_at IS NOT NULL) k
   WHERE x.store_id = k.store_id AND x.month = k.month AND x.gap_day = k.gap_day AND x.reorders = 0;
$$;

-- One statement on order_facts (transition tables `o` and `n`): its old reorders subtracted, its new ones added.
CREATE FUNCTION order_gap_days_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_gap_days_add(ARRAY(SELECT n::order_facts FROM n WHERE n.prev_at IS NOT NULL), 1);
  ELSIF TG_OP = 'DELETE' THEN
    -- A store being deleted takes its rows with it: its facts' deletions have nothing left to correct (0520).
    PERFORM order_gap_days_add(ARRAY(SELECT o::order_facts FROM o WHERE o.prev_at IS NOT NULL AND EXISTS (SELECT 1 FROM stores s WHERE s.id = o.store_id)), -1);
  ELSE
    -- Only the rows whose month or gap changed (a fulfilment, a return or a total moves nothing here).
    changed := ARRAY(
      SELECT order_id FROM o JOIN n USING (order_id)
       WHERE (o.store_id, o.placed_at, o.prev_at) IS DISTINCT FROM (n.store_id, n.placed_at, n.prev_at));
    IF cardinality(changed) > 0 THEN
      PERFORM order_gap_days_add(ARRAY(SELECT o::order_facts FROM o WHERE o.order_id = ANY(changed) AND o.prev_at IS NOT NULL), -1);
      PERFORM order_gap_days_add(ARRAY(SELECT n::order_facts FROM n WHERE n.order_id = ANY(changed) AND n.prev_at IS NOT NULL), 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_gap_days_facts_insert AFTER INSERT ON order_facts REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION order_gap_days_after_facts();
CREATE TRIGGER order_gap_days_facts_update AFTER UPDATE ON order_facts REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION order_gap_days_after_facts();
CREATE TRIGGER order_gap_days_facts_delete AFTER DELETE ON order_facts REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION order_gap_days_after_facts();

-- The full recomputation of one store's rows from its facts (the zone change, the backfill, and the test
-- that compares the kept rows with it).
CREATE FUNCTION order_gap_days_rebuild_store(store uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_gap_days WHERE store_id = store;
  INSERT INTO order_gap_days (store_id, month, gap_day, timezone, reorders)
  SELECT store, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date, order_gap_day(f.placed_at - f.prev_at), z.tz, count(*)
    FROM (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC') AS tz) z, order_facts f
   WHERE f.store_id = store AND f.prev_at IS NOT NULL
   GROUP BY 2, 3, 4;
$$;
CREATE FUNCTION order_gap_days_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_gap_days_rebuild_store(NEW.store_id);
  RETURN NULL;
END $$;
CREATE TRIGGER order_gap_days_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone) EXECUTE FUNCTION order_gap_days_after_zone_change();

-- Backfill: the orders noted but not folded yet first (0420), then every store with orders today.
SELECT analytics_fold_changes(s.store_id) FROM (SELECT DISTINCT store_id FROM analytics_changed_orders) s;
SELECT order_gap_days_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM order_facts) s;
