-- Analytics (issue 20): time between purchases by buckets of gap, so the report counts its range's reorders from
-- a few thousand kept rows instead of reading and sorting every reorder (80,000 at 100,000 orders), and its
-- medians stay exact: the counts say in which bucket each median's two middle reorders fall and at which place
-- within it, and only those reorders are read, through an index in order of their gap.
--
-- order_gap_counts: one row per store, month of the store's calendar and bucket of gap (`order_gap_bucket`: the
-- whole hours since the customer's previous order under two days, where most reorders are, then whole days), with
-- the number of the store's reorders (facts with a previous order) of that month in that bucket. A reorder's gap
-- is a function of its own fact row (placed_at, prev_at), and no previous order is after its reorder, so no
-- figure depends on the as-of moment: every whole month before the cutoff is read from here.
--
-- Kept by statement triggers on order_facts (so by the fold, outside the order's transaction: the order's own
-- write pays nothing), as 0540 keeps the order values: each statement's old rows subtracted and its new rows
-- added, grouped, in one upsert; a row left without reorders is deleted (only the keys the statement touched).
-- A zone change rebuilds the store's rows.

-- A gap's bucket: its whole hours under two days (0–47), then its whole days (two days is 48, n days 46 + n), an hour
-- being 3,600 s and a day 86,400 s as an interval compares them. Every whole day is a bucket's edge, so the report's
-- bands (whole days) are runs of buckets. Hours first: at 100,000 orders 38 % of the reorders come within a day
-- (30,683), and a median is read by walking its bucket's reorders up to its place.
CREATE FUNCTION order_gap_bucket(gap interval) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN gap < interval '2 days' THEN floor(extract(epoch FROM gap) / 3600)::integer
              ELSE 46 + floor(extract(epoch FROM gap) / 86400)::integer END
$$;
-- The shortest gap in a bucket: a gap is in bucket b or a later one exactly when it is at least this.
CREATE FUNCTION order_gap_bucket_start(bucket integer) RETURNS interval LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN bucket < 48 THEN make_interval(hours => bucket) ELSE make_interval(days => bucket - 46) END
$$;

CREATE TABLE order_gap_counts (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The first day of the month in the store's zone.
  month date NOT NULL,
  gap_bucket integer NOT NULL,
  timezone text NOT NULL,
  reorders integer NOT NULL,
  -- The count in the key's index, so the report's read of a range of months is index-only.
  PRIMARY KEY (store_id, month, gap_bucket) INCLUDE (reorders)
);

-- The reorders in order of their gap, for the report's reads of the reorders at a median's places: from one
-- bucket's start, one store's, with both moments: those of the range kept and their gap read without the table.
CREATE INDEX order_facts_store_gap_idx ON order_facts (store_id, (placed_at - prev_at)) INCLUDE (placed_at, prev_at) WHERE prev_at IS NOT NULL;

-- Adds (sign 1) or subtracts (sign -1) the given facts' reorders; a row they leave without reorders is deleted.
CREATE FUNCTION order_gap_counts_add(facts order_facts[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_gap_counts AS x (store_id, month, gap_bucket, timezone, reorders)
  SELECT f.store_id, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date, order_gap_bucket(f.placed_at - f.prev_at), z.tz, sign * count(*)
    FROM unnest(facts) f
    JOIN LATERAL (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = f.store_id), 'UTC') AS tz) z ON TRUE
   WHERE f.prev_at IS NOT NULL
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (store_id, month, gap_bucket) DO UPDATE SET reorders = x.reorders + EXCLUDED.reorders;
  DELETE FROM order_gap_counts x
   USING (SELECT DISTINCT f.store_id, date_trunc('month', f.placed_at AT TIME ZONE
                 coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = f.store_id), 'UTC'))::date AS month,
                 order_gap_bucket(f.placed_at - f.prev_at) AS gap_bucket
            FROM unnest(facts) f WHERE f.prev_at IS NOT NULL) k
   WHERE x.store_id = k.store_id AND x.month = k.month AND x.gap_bucket = k.gap_bucket AND x.reorders = 0;
$$;

-- One statement on order_facts (transition tables `o` and `n`): its old reorders subtracted, its new ones added.
CREATE FUNCTION order_gap_counts_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_gap_counts_add(ARRAY(SELECT n::order_facts FROM n WHERE n.prev_at IS NOT NULL), 1);
  ELSIF TG_OP = 'DELETE' THEN
    -- A store being deleted takes its rows with it: its facts' deletions have nothing left to correct (0520).
    PERFORM order_gap_counts_add(ARRAY(SELECT o::order_facts FROM o WHERE o.prev_at IS NOT NULL AND EXISTS (SELECT 1 FROM stores s WHERE s.id = o.store_id)), -1);
  ELSE
    -- Only the rows whose month or gap changed (a fulfilment, a return or a total moves nothing here).
    changed := ARRAY(
      SELECT order_id FROM o JOIN n USING (order_id)
       WHERE (o.store_id, o.placed_at, o.prev_at) IS DISTINCT FROM (n.store_id, n.placed_at, n.prev_at));
    IF cardinality(changed) > 0 THEN
      PERFORM order_gap_counts_add(ARRAY(SELECT o::order_facts FROM o WHERE o.order_id = ANY(changed) AND o.prev_at IS NOT NULL), -1);
      PERFORM order_gap_counts_add(ARRAY(SELECT n::order_facts FROM n WHERE n.order_id = ANY(changed) AND n.prev_at IS NOT NULL), 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_gap_counts_facts_insert AFTER INSERT ON order_facts REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION order_gap_counts_after_facts();
CREATE TRIGGER order_gap_counts_facts_update AFTER UPDATE ON order_facts REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION order_gap_counts_after_facts();
CREATE TRIGGER order_gap_counts_facts_delete AFTER DELETE ON order_facts REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION order_gap_counts_after_facts();

-- The full recomputation of one store's rows from its facts (the zone change, the backfill, and the test
-- that compares the kept rows with it).
CREATE FUNCTION order_gap_counts_rebuild_store(store uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_gap_counts WHERE store_id = store;
  INSERT INTO order_gap_counts (store_id, month, gap_bucket, timezone, reorders)
  SELECT store, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date, order_gap_bucket(f.placed_at - f.prev_at), z.tz, count(*)
    FROM (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC') AS tz) z, order_facts f
   WHERE f.store_id = store AND f.prev_at IS NOT NULL
   GROUP BY 2, 3, 4;
$$;
CREATE FUNCTION order_gap_counts_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_gap_counts_rebuild_store(NEW.store_id);
  RETURN NULL;
END $$;
CREATE TRIGGER order_gap_counts_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone) EXECUTE FUNCTION order_gap_counts_after_zone_change();

-- Backfill: the orders noted but not folded yet first (0420), then every store with orders today.
SELECT analytics_fold_changes(s.store_id) FROM (SELECT DISTINCT store_id FROM analytics_changed_orders) s;
SELECT order_gap_counts_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM order_facts) s;
