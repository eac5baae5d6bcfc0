-- Analytics (issue 20): distinct customers per month and per range without reading every order.
--
-- The overview counted distinct customers per month and over the range by sorting every order of the
-- range (100,000 at the benchmark's size, 0.4–0.5 s on the embedded database). Distinct customers are
-- not a sum of months, but one step of each customer's history is: a customer ordered in a range of
-- whole months [a, b) exactly when one of their per-month rows (0421) lies in it with the previous month
-- they ordered in before a (or none). So this keeps, per store, cohort (the month of the customer's first
-- order) and month, how many customers ordered in the month by the month they last ordered in before it
-- ('-infinity': the month of their first order):
--   * customers in month m: the sum of m's rows;
--   * new customers in m: m's rows with prev_month '-infinity';
--   * customers in [a, b): the rows of months in [a, b) with prev_month < a (by cohort: the cohort's rows).
-- A store has fewer rows than months³ / 6 (2,300 for two years), whatever its order count.
--
-- Kept from customer_months by statement triggers (so by the fold, 0420, never in the order's write):
-- the changed customers' steps are computed before and after the statement and the difference applied.
-- A statement that rebuilds a store's months (a zone change) moves them all at once; counts that only
-- change a month's orders or revenue (an UPDATE) move no step.

CREATE TABLE customer_month_steps (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The first day of the month in the store's zone.
  month date NOT NULL,
  -- The month of the customer's previous order before this month; '-infinity' for their first month.
  prev_month date NOT NULL,
  -- The month of the customer's first order.
  cohort date NOT NULL,
  timezone text NOT NULL,
  customers integer NOT NULL,
  PRIMARY KEY (store_id, month, prev_month, cohort)
);

-- A customer's months in order, for the steps of the customers a statement changed.
CREATE INDEX customer_months_customer_month_idx ON customer_months (customer_id, month);

-- The triggers below name their transition table `changed` (new rows of an insert, old rows of a deletion).
CREATE FUNCTION customer_month_steps_after_months() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone_stores uuid[];
  gone_months date[];
  gone_prevs date[];
  gone_cohorts date[];
BEGIN
  -- The fold's per-order upserts into the months mostly change counts only: nothing inserted, nothing to move.
  IF NOT EXISTS (SELECT 1 FROM changed) THEN RETURN NULL; END IF;
  WITH who AS (SELECT DISTINCT c.store_id, c.customer_id FROM changed c),
  now_rows AS (
    SELECT m.store_id, m.customer_id, m.month, m.timezone FROM customer_months m JOIN who w ON w.customer_id = m.customer_id AND w.store_id = m.store_id
  ),
  -- The customers' months before the statement: an insert's rows were not there yet, a deletion's were.
  before_rows AS (
    SELECT n.* FROM now_rows n
     WHERE TG_OP = 'DELETE' OR NOT EXISTS (SELECT 1 FROM changed c WHERE c.store_id = n.store_id AND c.customer_id = n.customer_id AND c.month = n.month)
    UNION ALL
    SELECT c.store_id, c.customer_id, c.month, c.timezone FROM changed c WHERE TG_OP = 'DELETE'
  ),
  steps AS (
    SELECT store_id, month, coalesce(lag(month) OVER w, '-infinity'::date) AS prev_month, first_value(month) OVER w AS cohort, timezone, 1 AS d
      FROM now_rows WINDOW w AS (PARTITION BY store_id, customer_id ORDER BY month)
    UNION ALL
    SELECT store_id, month, coalesce(lag(month) OVER w, '-infinity'::date), first_value(month) OVER w, timezone, -1
      FROM before_rows WINDOW w AS (PARTITION BY store_id, customer_id ORDER BY month)
  ),
  net AS (
    SELECT store_id, month, prev_month, cohort, max(timezone) AS timezone, sum(d)::int AS d FROM steps GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
  ),
  put AS (
    INSERT INTO customer_month_steps AS x (store_id, month, prev_month, cohort, timezone, customers)
    -- A store being deleted takes its rows with it: its months' deletions have nothing left to correct.
    SELECT store_id, month, prev_month, cohort, timezone, d FROM net WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = net.store_id)
    ON CONFLICT (store_id, month, prev_month, cohort) DO UPDATE SET customers = x.customers + EXCLUDED.customers, timezone = EXCLUDED.timezone
    RETURNING x.store_id, x.month, x.prev_month, x.cohort, x.customers
  )
  SELECT array_agg(store_id), array_agg(month), array_agg(prev_month), array_agg(cohort) INTO gone_stores, gone_months, gone_prevs, gone_cohorts
    FROM put WHERE customers = 0;
  -- A step no customer takes any more loses its row, as the full recomputation leaves it (only the rows just
  -- changed: scanning the store's rows for zeros on every statement made a 100,000-order fold take minutes).
  IF gone_stores IS NOT NULL THEN
    DELETE FROM customer_month_steps x
     USING unnest(gone_stores, gone_months, gone_prevs, gone_cohorts) AS g(store_id, month, prev_month, cohort)
     WHERE x.store_id = g.store_id AND x.month = g.month AND x.prev_month = g.prev_month AND x.cohort = g.cohort;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER customer_month_steps_months_insert AFTER INSERT ON customer_months
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_month_steps_after_months();
CREATE TRIGGER customer_month_steps_months_delete AFTER DELETE ON customer_months
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_month_steps_after_months();

-- The full recomputation of one store's steps from its per-month customer sets (the backfill, and the
-- test that compares the kept rows with it).
CREATE FUNCTION customer_month_steps_rebuild_store(store uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM customer_month_steps WHERE store_id = store;
  INSERT INTO customer_month_steps (store_id, month, prev_month, cohort, timezone, customers)
  SELECT s.store_id, s.month, s.prev_month, s.cohort, max(s.timezone), count(*)::int
    FROM (SELECT m.store_id, m.month, coalesce(lag(m.month) OVER w, '-infinity'::date) AS prev_month, first_value(m.month) OVER w AS cohort, m.timezone
            FROM customer_months m WHERE m.store_id = store WINDOW w AS (PARTITION BY m.customer_id ORDER BY m.month)) s
   GROUP BY 1, 2, 3, 4;
$$;

SELECT customer_month_steps_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM customer_months) s;
