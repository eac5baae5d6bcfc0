-- Analytics (issue 20): follow-up purchases from a per-customer rollup, kept by the fold (0420).
--
-- The report (for customers whose first order falls in the range: first-order product → second-order
-- product, and the share of the first product's buyers who came back that bought it) joined every first
-- and every second order of the store to their lines and sorted the pairs for DISTINCT on each run:
-- 3.7–4.5 s on Postgres at 100,000 orders, 9–13 s on the embedded database at 20,000.
--
-- customer_follow_ups: one row per customer with a second order and pair of (first-order product,
-- second-order product), with both orders' moments. A first order is the customer's first as of any moment
-- (seq only depends on earlier orders), and so is a second one placed before the report's as-of moment, so
-- the report reads the rows whose first order falls in its range and whose second came before its as-of
-- moment: exact for any range and moment, with no edge to read from the lines. `a_first` is 1 on the
-- customer's first row (by second-order product) with its first-order product: summed, the customers who
-- bought that product first and came back.
--
-- The fold recomputes the rows of the customers whose facts it refreshed (their orders or lines changed).

CREATE TABLE customer_follow_ups (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- No foreign key: a customer's deletion clears their orders' customer, which notes the orders, and the
  -- fold then removes the customer's rows.
  customer_id uuid NOT NULL,
  first_at timestamptz NOT NULL,
  second_at timestamptz NOT NULL,
  a_product text NOT NULL,
  b_product text NOT NULL,
  a_first integer NOT NULL,
  PRIMARY KEY (customer_id, a_product, b_product)
);
CREATE INDEX customer_follow_ups_store_first_idx ON customer_follow_ups (store_id, first_at);

-- The rows of the given customers, from their first and second orders' facts and lines.
CREATE FUNCTION customer_follow_ups_of(customers uuid[])
RETURNS TABLE (store_id uuid, customer_id uuid, first_at timestamptz, second_at timestamptz, a_product text, b_product text, a_first integer)
LANGUAGE sql STABLE AS $$
  SELECT p.store_id, p.customer_id, p.first_at, p.second_at, p.a_product, p.b_product,
         (row_number() OVER (PARTITION BY p.customer_id, p.a_product ORDER BY p.b_product) = 1)::int
    FROM (SELECT DISTINCT f1.store_id, f1.customer_id, f1.placed_at AS first_at, f2.placed_at AS second_at,
                 split_part(a.title, ' — ', 1) AS a_product, split_part(b.title, ' — ', 1) AS b_product
            FROM order_facts f1
            JOIN order_facts f2 ON f2.customer_id = f1.customer_id AND f2.seq = 2
            JOIN order_line_items a ON a.order_id = f1.order_id
            JOIN order_line_items b ON b.order_id = f2.order_id
           WHERE f1.customer_id = ANY(customers) AND f1.seq = 1) p
$$;

-- Recomputes the rows of the given customers, or of every customer of the store when customers is null.
CREATE FUNCTION customer_follow_ups_refresh(store uuid, customers uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF customers IS NULL THEN
    DELETE FROM customer_follow_ups x WHERE x.store_id = store;
    customers := ARRAY(SELECT DISTINCT f.customer_id FROM order_facts f WHERE f.store_id = store AND f.seq = 2);
  ELSE
    DELETE FROM customer_follow_ups x WHERE x.customer_id = ANY(customers);
  END IF;
  INSERT INTO customer_follow_ups (store_id, customer_id, first_at, second_at, a_product, b_product, a_first)
  SELECT * FROM customer_follow_ups_of(customers);
END $$;

-- The fold of 0420, which now also keeps the per-product months (0470) and the follow-ups. Product months:
-- an order that counted in them before (it had a fact row, or its note names the moment it left) has its
-- months recomputed whole, the one it left and the one it is in; an order that counted nowhere (a new
-- order, whatever its lines) has its rows added, unless its month is being recomputed anyway.
CREATE OR REPLACE FUNCTION analytics_fold_changes(store uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  order_ids uuid[];
  customer_ids uuid[];
  left_at timestamptz[];
  counted uuid[];
  months date[];
  added uuid[];
  tz text := coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC');
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics.fold:' || store::text));
  WITH taken AS (DELETE FROM analytics_changed_orders c WHERE c.store_id = store RETURNING c.order_id, c.customer_id, c.placed_at)
  SELECT array_agg(DISTINCT t.order_id), array_agg(DISTINCT t.customer_id) FILTER (WHERE t.customer_id IS NOT NULL),
         coalesce(array_agg(t.placed_at) FILTER (WHERE t.placed_at IS NOT NULL), '{}'),
         coalesce(array_agg(DISTINCT t.order_id) FILTER (WHERE t.placed_at IS NOT NULL), '{}')
    INTO order_ids, customer_ids, left_at, counted FROM taken t;
  IF order_ids IS NULL THEN RETURN 0; END IF;
  SELECT counted || coalesce(array_agg(f.order_id), '{}'), left_at || coalesce(array_agg(f.placed_at), '{}')
    INTO counted, left_at FROM order_facts f WHERE f.order_id = ANY(order_ids);
  -- A line's note names only its order: its customer's history is the one to refresh.
  customer_ids := ARRAY(SELECT x FROM unnest(customer_ids) x
                        UNION SELECT o.customer_id FROM orders o WHERE o.id = ANY(order_ids) AND o.customer_id IS NOT NULL);
  PERFORM refresh_order_facts(customer_ids, order_ids);
  months := ARRAY(SELECT DISTINCT date_trunc('month', x AT TIME ZONE tz)::date
                    FROM unnest(left_at || ARRAY(SELECT f.placed_at FROM order_facts f WHERE f.order_id = ANY(counted))) x);
  added := ARRAY(SELECT f.order_id FROM order_facts f
                  WHERE f.order_id = ANY(order_ids) AND NOT f.order_id = ANY(counted)
                    AND NOT date_trunc('month', f.placed_at AT TIME ZONE tz)::date = ANY(months));
  PERFORM product_months_rebuild(store, months);
  IF cardinality(added) > 0 THEN
    PERFORM product_months_fill(store, '-infinity', 'infinity', tz, added);
  END IF;
  PERFORM customer_follow_ups_refresh(store, customer_ids);
  RETURN cardinality(order_ids);
END $$;

-- Backfill: the orders noted but not folded yet first, then every store with orders today.
SELECT analytics_fold_changes(s.store_id) FROM (SELECT DISTINCT store_id FROM analytics_changed_orders) s;
SELECT customer_follow_ups_refresh(s.store_id, NULL) FROM (SELECT DISTINCT store_id FROM order_facts) s;
