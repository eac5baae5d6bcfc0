-- Analytics (issue 20): the average order value by month reads one row per whole month of its range (the month's
-- orders, revenue and exact median, kept) instead of walking every month's counts per order total (0540's
-- order_value_months: about 24,000 rows at 100,000 orders, sorted and walked with window functions twice on
-- each run), and the totals' median walks only the counts near it.
--
-- order_value_month_sums: one row per store and month of the store's calendar with orders, their revenue and
-- their median total as the report computes it from the month's counts (percentile_cont's two middle values
-- interpolated with the same float8 arithmetic: order-values.ts), so the report's rounding of it gives the
-- same figure; and the month's orders per value bucket (`order_value_bucket_cents()` wide: the buckets with
-- orders, in order, and their orders), from which the report finds in which bucket the range's median falls,
-- then walks the counts of that bucket alone. Kept by statement triggers on order_value_months, which only the
-- fold writes (through order_facts) and a zone change rebuilds: each statement's months recomputed from their
-- counts. Nothing is added to the order's own write.

-- The width of a value bucket, in cents: at 100,000 orders about 125 buckets a month with orders, and about
-- 1,500 counts in the median's bucket over two years, against 24,000 counts in all.
CREATE FUNCTION order_value_bucket_cents() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 1000 $$;

CREATE TABLE order_value_month_sums (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The first day of the month in the store's zone (order_value_months' month).
  month date NOT NULL,
  timezone text NOT NULL,
  orders bigint NOT NULL,
  revenue_cents bigint NOT NULL,
  median float8 NOT NULL,
  -- The value buckets (total_cents / order_value_bucket_cents()) with orders this month, ascending, and their orders.
  buckets integer[] NOT NULL,
  bucket_orders integer[] NOT NULL,
  PRIMARY KEY (store_id, month)
);

-- Recomputes the given (store, month) rows from their counts (a count the fold has just brought to zero, before it
-- deletes it, is none); a month left without orders loses its row. A store being deleted has nothing left to
-- recompute (0520).
CREATE FUNCTION order_value_month_sums_refresh(store_ids uuid[], months date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_value_month_sums s
   USING unnest(store_ids, months) AS k (store_id, month)
   WHERE s.store_id = k.store_id AND s.month = k.month;
  WITH x AS (
    SELECT x.store_id, x.month, x.timezone, x.total_cents, x.orders
      FROM order_value_months x
      JOIN (SELECT DISTINCT store_id, month FROM unnest(store_ids, months) AS k (store_id, month)) k ON x.store_id = k.store_id AND x.month = k.month
     WHERE x.orders > 0 AND EXISTS (SELECT 1 FROM stores s WHERE s.id = k.store_id)
  ),
  m AS (
    SELECT w.store_id, w.month, max(w.timezone) AS timezone, sum(w.orders) AS orders, sum(w.orders::bigint * w.total_cents) AS revenue_cents,
           min(w.total_cents) FILTER (WHERE w.cum > floor(0.5::float8 * (w.cnt - 1)::float8))::float8
           + (min(w.total_cents) FILTER (WHERE w.cum > ceil(0.5::float8 * (w.cnt - 1)::float8))::float8
              - min(w.total_cents) FILTER (WHERE w.cum > floor(0.5::float8 * (w.cnt - 1)::float8))::float8)
             * (0.5::float8 * (max(w.cnt) - 1)::float8 - floor(0.5::float8 * (max(w.cnt) - 1)::float8)) AS median
      FROM (SELECT x.*, sum(x.orders::bigint) OVER (PARTITION BY x.store_id, x.month ORDER BY x.total_cents) AS cum,
                   sum(x.orders::bigint) OVER (PARTITION BY x.store_id, x.month) AS cnt FROM x) w
     GROUP BY w.store_id, w.month
  ),
  b AS (
    SELECT store_id, month, array_agg(bucket ORDER BY bucket) AS buckets, array_agg(n ORDER BY bucket) AS bucket_orders
      FROM (SELECT store_id, month, total_cents / order_value_bucket_cents() AS bucket, sum(orders)::integer AS n FROM x GROUP BY 1, 2, 3) y
     GROUP BY store_id, month
  )
  INSERT INTO order_value_month_sums (store_id, month, timezone, orders, revenue_cents, median, buckets, bucket_orders)
  SELECT m.store_id, m.month, m.timezone, m.orders, m.revenue_cents, m.median, b.buckets, b.bucket_orders
    FROM m JOIN b USING (store_id, month);
$$;

-- One statement on order_value_months (transition tables `o` and `n`): the months it touched recomputed.
CREATE FUNCTION order_value_month_sums_after_values() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  store_ids uuid[];
  months date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.store_id), array_agg(k.month) INTO store_ids, months FROM (SELECT DISTINCT store_id, month FROM n) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.store_id), array_agg(k.month) INTO store_ids, months FROM (SELECT DISTINCT store_id, month FROM o) k;
  ELSE
    SELECT array_agg(k.store_id), array_agg(k.month) INTO store_ids, months FROM (SELECT store_id, month FROM o UNION SELECT store_id, month FROM n) k;
  END IF;
  IF store_ids IS NOT NULL THEN
    PERFORM order_value_month_sums_refresh(store_ids, months);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_value_month_sums_values_insert AFTER INSERT ON order_value_months REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION order_value_month_sums_after_values();
CREATE TRIGGER order_value_month_sums_values_update AFTER UPDATE ON order_value_months REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION order_value_month_sums_after_values();
CREATE TRIGGER order_value_month_sums_values_delete AFTER DELETE ON order_value_months REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION order_value_month_sums_after_values();

-- The counts' key carries the count, so the totals' median reads the counts of its bucket index-only (through the
-- key alone each count was a heap read, out of the key's order once the fold has updated it: 17–38 ms for every
-- count of two years at 100,000 orders on Postgres). Replaced, not added: the fold maintains one index on the
-- table, as before.
ALTER TABLE order_value_months DROP CONSTRAINT order_value_months_pkey, ADD PRIMARY KEY (store_id, month, total_cents) INCLUDE (orders);

-- Backfill: every store's months with orders.
SELECT order_value_month_sums_refresh(array_agg(k.store_id), array_agg(k.month)) FROM (SELECT DISTINCT store_id, month FROM order_value_months) k HAVING count(*) > 0;
