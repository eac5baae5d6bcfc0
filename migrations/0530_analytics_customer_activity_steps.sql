-- Analytics (issue 20): distinct returning, reactivated and repeat customers per month and per range
-- without reading every order (zone development, new vs returning customers).
--
-- Those reports counted distinct customers per month and over the range with a kind of order (a repeat
-- order: seq > 1; a return within 180 days of the previous order; a reactivation after more than 180 days)
-- by sorting every order of the range (0.5 s on the embedded database at 100,000 orders). As 0510 does
-- for any order, this keeps one step of each customer's history per kind: a customer placed an order of a
-- kind in a range of whole months [a, b) exactly when one of their months with such an order lies in it
-- with the previous month they placed one in before a (or none). So:
--   * customer_activity_months: one row per store, kind, month and customer with that kind's orders
--     that month (a row left without orders is deleted);
--   * customer_activity_steps: per store, kind and month, how many customers placed an order of the kind
--     in the month, by the month they last placed one in before it ('-infinity': none before).
-- A store has fewer steps than 3 × months² / 2 (about 900 for two years), whatever its order count.
--
-- Kept by statement triggers on order_facts, which only the fold writes (0420), never in the order's write:
-- an order's kinds are a function of its own fact row (seq, placed_at, prev_at), so a statement's old rows
-- are subtracted and its new rows added; the months' inserts and deletions then move the steps as 0510's do.
-- A zone change rebuilds the store's rows.

CREATE TABLE customer_activity_months (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- 'repeat' (seq > 1), 'returning' (at most 180 days after the previous order), 'reactivated' (more than 180).
  kind text NOT NULL,
  -- The first day of the month in the store's zone.
  month date NOT NULL,
  -- No foreign key to customers: a customer's deletion clears order_facts.customer_id, whose trigger takes
  -- the orders off this customer's rows.
  customer_id uuid NOT NULL,
  timezone text NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (store_id, kind, month, customer_id)
);

-- A customer's months of a kind in order, for the steps of the customers a statement changed.
CREATE INDEX customer_activity_months_customer_idx ON customer_activity_months (customer_id, kind, month);

CREATE TABLE customer_activity_steps (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  kind text NOT NULL,
  month date NOT NULL,
  -- The month of the customer's previous order of this kind before this month; '-infinity' for none.
  prev_month date NOT NULL,
  timezone text NOT NULL,
  customers integer NOT NULL,
  PRIMARY KEY (store_id, kind, month, prev_month)
);

-- The kinds of one fact row, with the reports' own expressions (gap_days in facts.ts).
CREATE FUNCTION customer_activity_kinds(f order_facts) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT v.kind FROM (VALUES ('repeat', f.seq > 1),
                             ('returning', extract(epoch FROM f.placed_at - f.prev_at) / 86400 <= 180),
                             ('reactivated', extract(epoch FROM f.placed_at - f.prev_at) / 86400 > 180)) v(kind, ok)
   WHERE f.customer_id IS NOT NULL AND v.ok
$$;

-- Subtracts the old fact rows and adds the new ones (one statement's); a month left without orders loses its row.
CREATE FUNCTION customer_activity_months_apply(gone order_facts[], came order_facts[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  z_stores uuid[];
  z_kinds text[];
  z_months date[];
  z_customers uuid[];
BEGIN
  WITH d AS (
    SELECT (s.f).store_id AS store_id, k.kind, date_trunc('month', (s.f).placed_at AT TIME ZONE z.tz)::date AS month, (s.f).customer_id AS customer_id,
           z.tz, sum(s.sign)::int AS d
      FROM (SELECT g AS f, -1 AS sign FROM unnest(gone) g UNION ALL SELECT c, 1 FROM unnest(came) c) s
      JOIN LATERAL (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = (s.f).store_id), 'UTC') AS tz) z ON TRUE
      CROSS JOIN LATERAL customer_activity_kinds(s.f) k(kind)
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(s.sign) <> 0
  ),
  put AS (
    INSERT INTO customer_activity_months AS x (store_id, kind, month, customer_id, timezone, orders)
    -- A store being deleted takes its rows with it: its facts' deletions have nothing left to correct.
    SELECT store_id, kind, month, customer_id, tz, d FROM d WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = d.store_id)
    ON CONFLICT (store_id, kind, month, customer_id) DO UPDATE SET orders = x.orders + EXCLUDED.orders
    RETURNING x.store_id, x.kind, x.month, x.customer_id, x.orders
  )
  SELECT array_agg(store_id), array_agg(kind), array_agg(month), array_agg(customer_id) INTO z_stores, z_kinds, z_months, z_customers
    FROM put WHERE orders = 0;
  IF z_stores IS NOT NULL THEN
    DELETE FROM customer_activity_months x
     USING unnest(z_stores, z_kinds, z_months, z_customers) AS g(store_id, kind, month, customer_id)
     WHERE x.store_id = g.store_id AND x.kind = g.kind AND x.month = g.month AND x.customer_id = g.customer_id;
  END IF;
END $$;

-- One statement on order_facts (transition tables `o` and `n`).
CREATE FUNCTION customer_activity_months_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM customer_activity_months_apply('{}', ARRAY(SELECT n::order_facts FROM n WHERE n.customer_id IS NOT NULL AND (n.seq > 1 OR n.prev_at IS NOT NULL)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM customer_activity_months_apply(ARRAY(SELECT o::order_facts FROM o WHERE o.customer_id IS NOT NULL AND (o.seq > 1 OR o.prev_at IS NOT NULL)), '{}');
  ELSE
    -- Only the rows whose kinds or month may have moved (a status, a total or a next order moves nothing here).
    PERFORM customer_activity_months_apply(
      ARRAY(SELECT o::order_facts FROM o JOIN n USING (order_id)
             WHERE o.customer_id IS NOT NULL AND (o.seq > 1 OR o.prev_at IS NOT NULL)
               AND (o.store_id, o.customer_id, o.placed_at, o.seq, o.prev_at) IS DISTINCT FROM (n.store_id, n.customer_id, n.placed_at, n.seq, n.prev_at)),
      ARRAY(SELECT n::order_facts FROM o JOIN n USING (order_id)
             WHERE n.customer_id IS NOT NULL AND (n.seq > 1 OR n.prev_at IS NOT NULL)
               AND (o.store_id, o.customer_id, o.placed_at, o.seq, o.prev_at) IS DISTINCT FROM (n.store_id, n.customer_id, n.placed_at, n.seq, n.prev_at)));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER customer_activity_months_facts_insert AFTER INSERT ON order_facts REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION customer_activity_months_after_facts();
CREATE TRIGGER customer_activity_months_facts_update AFTER UPDATE ON order_facts REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION customer_activity_months_after_facts();
CREATE TRIGGER customer_activity_months_facts_delete AFTER DELETE ON order_facts REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION customer_activity_months_after_facts();

-- The steps of the customers a statement on the months changed, before and after it (0510's way, per kind).
-- The triggers name their transition table `changed` (new rows of an insert, old rows of a deletion).
CREATE FUNCTION customer_activity_steps_after_months() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone_stores uuid[];
  gone_kinds text[];
  gone_months date[];
  gone_prevs date[];
BEGIN
  -- A rebuild (below) recomputes the steps itself, in one pass.
  IF current_setting('atelier.customer_activity_rebuild', true) = 'on' OR NOT EXISTS (SELECT 1 FROM changed) THEN RETURN NULL; END IF;
  WITH who AS (SELECT DISTINCT c.store_id, c.kind, c.customer_id FROM changed c),
  now_rows AS (
    SELECT m.store_id, m.kind, m.customer_id, m.month, m.timezone
      FROM customer_activity_months m JOIN who w ON w.customer_id = m.customer_id AND w.kind = m.kind AND w.store_id = m.store_id
  ),
  before_rows AS (
    SELECT n.* FROM now_rows n
     WHERE TG_OP = 'DELETE' OR NOT EXISTS (SELECT 1 FROM changed c WHERE c.store_id = n.store_id AND c.kind = n.kind AND c.customer_id = n.customer_id AND c.month = n.month)
    UNION ALL
    SELECT c.store_id, c.kind, c.customer_id, c.month, c.timezone FROM changed c WHERE TG_OP = 'DELETE'
  ),
  steps AS (
    SELECT store_id, kind, month, coalesce(lag(month) OVER w, '-infinity'::date) AS prev_month, timezone, 1 AS d
      FROM now_rows WINDOW w AS (PARTITION BY store_id, kind, customer_id ORDER BY month)
    UNION ALL
    SELECT store_id, kind, month, coalesce(lag(month) OVER w, '-infinity'::date), timezone, -1
      FROM before_rows WINDOW w AS (PARTITION BY store_id, kind, customer_id ORDER BY month)
  ),
  net AS (
    SELECT store_id, kind, month, prev_month, max(timezone) AS timezone, sum(d)::int AS d FROM steps GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
  ),
  put AS (
    INSERT INTO customer_activity_steps AS x (store_id, kind, month, prev_month, timezone, customers)
    -- A store being deleted takes its rows with it.
    SELECT store_id, kind, month, prev_month, timezone, d FROM net WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = net.store_id)
    ON CONFLICT (store_id, kind, month, prev_month) DO UPDATE SET customers = x.customers + EXCLUDED.customers, timezone = EXCLUDED.timezone
    RETURNING x.store_id, x.kind, x.month, x.prev_month, x.customers
  )
  SELECT array_agg(store_id), array_agg(kind), array_agg(month), array_agg(prev_month) INTO gone_stores, gone_kinds, gone_months, gone_prevs
    FROM put WHERE customers = 0;
  -- Only the rows just changed lose their zeros (0510: scanning the store's rows on every statement is minutes).
  IF gone_stores IS NOT NULL THEN
    DELETE FROM customer_activity_steps x
     USING unnest(gone_stores, gone_kinds, gone_months, gone_prevs) AS g(store_id, kind, month, prev_month)
     WHERE x.store_id = g.store_id AND x.kind = g.kind AND x.month = g.month AND x.prev_month = g.prev_month;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER customer_activity_steps_months_insert AFTER INSERT ON customer_activity_months
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_activity_steps_after_months();
CREATE TRIGGER customer_activity_steps_months_delete AFTER DELETE ON customer_activity_months
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_activity_steps_after_months();

-- The full recomputation of one store's rows from its facts (the zone change, the backfill, and the test
-- that compares the kept rows with it). The steps are rebuilt here too, in one pass instead of by the
-- months' triggers over every customer of the store.
CREATE FUNCTION customer_activity_rebuild_store(store uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('atelier.customer_activity_rebuild', 'on', true);
  DELETE FROM customer_activity_months WHERE store_id = store;
  INSERT INTO customer_activity_months (store_id, kind, month, customer_id, timezone, orders)
  SELECT f.store_id, k.kind, date_trunc('month', f.placed_at AT TIME ZONE z.tz)::date, f.customer_id, z.tz, count(*)::int
    FROM (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC') AS tz) z,
         order_facts f CROSS JOIN LATERAL customer_activity_kinds(f) k(kind)
   WHERE f.store_id = store AND f.customer_id IS NOT NULL AND (f.seq > 1 OR f.prev_at IS NOT NULL)
   GROUP BY 1, 2, 3, 4, 5;
  PERFORM set_config('atelier.customer_activity_rebuild', 'off', true);
  DELETE FROM customer_activity_steps WHERE store_id = store;
  INSERT INTO customer_activity_steps (store_id, kind, month, prev_month, timezone, customers)
  SELECT s.store_id, s.kind, s.month, s.prev_month, max(s.timezone), count(*)::int
    FROM (SELECT m.store_id, m.kind, m.month, coalesce(lag(m.month) OVER w, '-infinity'::date) AS prev_month, m.timezone
            FROM customer_activity_months m WHERE m.store_id = store WINDOW w AS (PARTITION BY m.kind, m.customer_id ORDER BY m.month)) s
   GROUP BY 1, 2, 3, 4;
END $$;

CREATE FUNCTION customer_activity_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_activity_rebuild_store(NEW.store_id);
  RETURN NULL;
END $$;
CREATE TRIGGER customer_activity_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone) EXECUTE FUNCTION customer_activity_after_zone_change();

-- Backfill: every store with facts today (the notes not yet folded are folded later, through the triggers).
SELECT customer_activity_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM order_facts) s;
