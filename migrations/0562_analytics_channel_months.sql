-- Analytics (issue 20): marketing channels on two small rollups instead of every order of its range.
--
-- The report gives, per channel (an order's origin), its orders, revenue, customers and new customers, and
-- the same over every channel. Without filters it summed every fact of its range per channel and customer
-- (97,955 facts for two years at 100,000 orders: a scan and a hash of them all, 64–135 ms on Postgres).
-- Its figures need no more than:
--   * orders, revenue and new customers (customers whose first order ever is in the range, in that channel)
--     are sums over orders: channel_months keeps them per store, month of the store's calendar and channel,
--     so a range's whole months are a few rows each and only its partial months are read from the facts;
--   * customers (distinct, per channel and over all) are not sums: customer_channels keeps each customer's
--     first and last order in each channel they used, so "ordered in the channel within the range" is read
--     from one row (first or last order in the range), and only a customer whose orders in the channel
--     straddle the whole range (first before it, last after its cutoff) has their facts looked up.
--
-- Both are kept by statement triggers on order_facts, which only the fold writes (0420): outside the order's
-- transaction, the write pays nothing. channel_months by differences, as 0540 keeps order_value_months; a
-- zone change rebuilds the store's months. customer_channels by recomputing the customers a statement touched
-- from their facts (a few rows each), so a fold that takes a note twice leaves the same rows. A store being
-- deleted takes its rows with it: its facts' deletions and its customers' SET NULL on the facts have nothing
-- left to correct (the guard of 0520).

CREATE TABLE channel_months (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The first day of the month in the store's zone.
  month date NOT NULL,
  origin text NOT NULL,
  timezone text NOT NULL,
  orders integer NOT NULL,
  revenue_cents bigint NOT NULL,
  -- Orders that are a customer's first order ever (seq 1, not a guest's).
  new_customers integer NOT NULL,
  PRIMARY KEY (store_id, month, origin)
);

-- Adds (sign 1) or subtracts (sign -1) the given facts' sums; a row they leave without orders is deleted.
CREATE FUNCTION channel_months_add(facts order_facts[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO channel_months AS x (store_id, month, origin, timezone, orders, revenue_cents, new_customers)
  SELECT f.store_id, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date, f.origin, z.tz,
         sign * count(*), sign * sum(f.total_cents), sign * count(*) FILTER (WHERE f.seq = 1 AND f.customer_id IS NOT NULL)
    FROM unnest(facts) f
    JOIN LATERAL (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = f.store_id), 'UTC') AS tz) z ON TRUE
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (store_id, month, origin) DO UPDATE
    SET orders = x.orders + EXCLUDED.orders, revenue_cents = x.revenue_cents + EXCLUDED.revenue_cents, new_customers = x.new_customers + EXCLUDED.new_customers;
  DELETE FROM channel_months x
   USING (SELECT DISTINCT f.store_id, date_trunc('month', f.placed_at AT TIME ZONE
                 coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = f.store_id), 'UTC'))::date AS month, f.origin
            FROM unnest(facts) f) k
   WHERE x.store_id = k.store_id AND x.month = k.month AND x.origin = k.origin AND x.orders = 0;
$$;

-- One statement on order_facts (transition tables `o` and `n`): its old rows subtracted, its new rows added.
-- A statement that changed nothing here (the fold runs four on order_facts, most touching no month) calls nothing.
CREATE FUNCTION channel_months_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
  facts order_facts[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    facts := ARRAY(SELECT n::order_facts FROM n);
    IF cardinality(facts) > 0 THEN PERFORM channel_months_add(facts, 1); END IF;
  ELSIF TG_OP = 'DELETE' THEN
    facts := ARRAY(SELECT o::order_facts FROM o WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = o.store_id));
    IF cardinality(facts) > 0 THEN PERFORM channel_months_add(facts, -1); END IF;
  ELSE
    -- Only the rows whose month, channel, total or first-order standing changed (a fulfilment, a return or a
    -- later order's renumbering moves nothing here).
    changed := ARRAY(
      SELECT order_id FROM o JOIN n USING (order_id)
       WHERE (o.store_id, o.placed_at, o.origin, o.total_cents, o.seq = 1 AND o.customer_id IS NOT NULL)
             IS DISTINCT FROM (n.store_id, n.placed_at, n.origin, n.total_cents, n.seq = 1 AND n.customer_id IS NOT NULL)
         AND EXISTS (SELECT 1 FROM stores s WHERE s.id = n.store_id));
    IF cardinality(changed) > 0 THEN
      PERFORM channel_months_add(ARRAY(SELECT o::order_facts FROM o WHERE o.order_id = ANY(changed)), -1);
      PERFORM channel_months_add(ARRAY(SELECT n::order_facts FROM n WHERE n.order_id = ANY(changed)), 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER channel_months_facts_insert AFTER INSERT ON order_facts REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION channel_months_after_facts();
CREATE TRIGGER channel_months_facts_update AFTER UPDATE ON order_facts REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION channel_months_after_facts();
CREATE TRIGGER channel_months_facts_delete AFTER DELETE ON order_facts REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION channel_months_after_facts();

-- The full recomputation of one store's months from its facts (the zone change, the backfill, and the test
-- that compares the kept rows with it).
CREATE FUNCTION channel_months_rebuild_store(store uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM channel_months WHERE store_id = store;
  INSERT INTO channel_months (store_id, month, origin, timezone, orders, revenue_cents, new_customers)
  SELECT store, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date, f.origin, z.tz, count(*), sum(f.total_cents),
         count(*) FILTER (WHERE f.seq = 1 AND f.customer_id IS NOT NULL)
    FROM (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC') AS tz) z, order_facts f
   WHERE f.store_id = store
   GROUP BY 2, 3, 4;
$$;
CREATE FUNCTION channel_months_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM channel_months_rebuild_store(NEW.store_id);
  RETURN NULL;
END $$;
CREATE TRIGGER channel_months_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone) EXECUTE FUNCTION channel_months_after_zone_change();

-- Each customer's first and last (non-cancelled) order in each channel they ordered through.
CREATE TABLE customer_channels (
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  origin text NOT NULL,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, origin)
);
-- The reports read a store's rows, and those whose last order is past a cutoff apart (channels.ts).
CREATE INDEX customer_channels_store_last_idx ON customer_channels (store_id, last_at);

-- Recomputes the rows of the given customers from their facts (a store being deleted gets none back).
CREATE FUNCTION customer_channels_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM customer_channels x WHERE x.customer_id = ANY(ids);
  INSERT INTO customer_channels (customer_id, origin, store_id, first_at, last_at)
  SELECT f.customer_id, f.origin, f.store_id, min(f.placed_at), max(f.placed_at)
    FROM order_facts f
   WHERE f.customer_id = ANY(ids) AND EXISTS (SELECT 1 FROM stores s WHERE s.id = f.store_id)
   GROUP BY f.customer_id, f.origin, f.store_id;
$$;

-- The customers of one statement on order_facts: every customer of its inserted or deleted rows, and of its
-- updated rows those whose customer, moment or channel changed (before and after).
CREATE FUNCTION customer_channels_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT n.customer_id FROM n WHERE n.customer_id IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT o.customer_id FROM o WHERE o.customer_id IS NOT NULL);
  ELSE
    ids := ARRAY(
      SELECT DISTINCT c.id
        FROM o JOIN n USING (order_id), LATERAL (VALUES (o.customer_id), (n.customer_id)) c(id)
       WHERE (o.store_id, o.customer_id, o.placed_at, o.origin) IS DISTINCT FROM (n.store_id, n.customer_id, n.placed_at, n.origin)
         AND c.id IS NOT NULL);
  END IF;
  IF cardinality(ids) > 0 THEN PERFORM customer_channels_refresh(ids); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER customer_channels_facts_insert AFTER INSERT ON order_facts REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION customer_channels_after_facts();
CREATE TRIGGER customer_channels_facts_update AFTER UPDATE ON order_facts REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION customer_channels_after_facts();
CREATE TRIGGER customer_channels_facts_delete AFTER DELETE ON order_facts REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION customer_channels_after_facts();

-- Backfill: the orders noted but not folded yet first (0420), then every store with orders today.
SELECT analytics_fold_changes(s.store_id) FROM (SELECT DISTINCT store_id FROM analytics_changed_orders) s;
SELECT channel_months_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM order_facts) s;
INSERT INTO customer_channels (customer_id, origin, store_id, first_at, last_at)
SELECT f.customer_id, f.origin, f.store_id, min(f.placed_at), max(f.placed_at)
  FROM order_facts f
 WHERE f.customer_id IS NOT NULL
 GROUP BY f.customer_id, f.origin, f.store_id;
ANALYZE channel_months, customer_channels;
