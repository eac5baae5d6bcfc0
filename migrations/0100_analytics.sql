-- Analytics (issue 20): a per-customer rollup kept current inside the transaction that writes an
-- order or its lines, so customer reports (RFM, churn risk, LTV, base zones) read one row per
-- customer instead of scanning every order; and revocable share links to one report.

-- One row per customer who has ever placed a non-cancelled order. Recomputed from the customer's
-- orders (not incremented), so a trigger that fires twice, or an order edited after the fact,
-- leaves the same row: the rollup is always exactly what the orders say.
CREATE TABLE customer_metrics (
  customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  first_order_at timestamptz NOT NULL,
  last_order_at timestamptz NOT NULL,
  -- The order before the last one: with last_order_at it gives the latest interval.
  previous_order_at timestamptz,
  orders_count integer NOT NULL CHECK (orders_count > 0),
  revenue_cents bigint NOT NULL,
  returned_cents bigint NOT NULL DEFAULT 0,
  -- Mean days between consecutive orders ((last - first) / (count - 1)); null for one-time buyers.
  avg_interval_days numeric,
  -- The channel (order origin) of the first order: where the customer was acquired.
  first_origin text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_metrics_store_last_idx ON customer_metrics (store_id, last_order_at);
-- Reports read a customer's orders in time order (cohorts, intervals, follow-up purchases).
CREATE INDEX orders_store_customer_placed_idx ON orders (store_id, customer_id, placed_at) INCLUDE (total_cents);

-- Recomputes the rollup rows of the given customers from their orders.
CREATE FUNCTION refresh_customer_metrics(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM customer_metrics m WHERE m.customer_id = ANY(ids)
     AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = m.customer_id AND o.cancellation_state <> 'CANCELED');
  INSERT INTO customer_metrics (customer_id, store_id, first_order_at, last_order_at, previous_order_at, orders_count, revenue_cents, returned_cents, avg_interval_days, first_origin, updated_at)
  SELECT o.customer_id, min(o.store_id::text)::uuid, min(o.placed_at), max(o.placed_at),
         (array_agg(o.placed_at ORDER BY o.placed_at DESC))[2], count(*), sum(o.total_cents),
         coalesce(sum(r.returned_cents), 0),
         CASE WHEN count(*) > 1 THEN (extract(epoch FROM max(o.placed_at) - min(o.placed_at)) / 86400 / (count(*) - 1))::numeric END,
         (array_agg(o.origin ORDER BY o.placed_at, o.id))[1], now()
    FROM orders o
    LEFT JOIN LATERAL (SELECT sum(l.returned_quantity * l.unit_price_cents) AS returned_cents FROM order_line_items l WHERE l.order_id = o.id) r ON TRUE
   WHERE o.customer_id = ANY(ids) AND o.cancellation_state <> 'CANCELED'
   GROUP BY o.customer_id
  ON CONFLICT (customer_id) DO UPDATE SET
    first_order_at = EXCLUDED.first_order_at, last_order_at = EXCLUDED.last_order_at, previous_order_at = EXCLUDED.previous_order_at,
    orders_count = EXCLUDED.orders_count, revenue_cents = EXCLUDED.revenue_cents, returned_cents = EXCLUDED.returned_cents,
    avg_interval_days = EXCLUDED.avg_interval_days, first_origin = EXCLUDED.first_origin, updated_at = now();
$$;

-- Statement-level triggers with transition tables: a bulk import of 5,000 orders refreshes each
-- customer once, and a single order write refreshes one customer, in the writer's transaction.
CREATE FUNCTION customer_metrics_after_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_customer_metrics(ARRAY(SELECT DISTINCT customer_id FROM new_rows WHERE customer_id IS NOT NULL));
  RETURN NULL;
END $$;
CREATE FUNCTION customer_metrics_after_orders_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_customer_metrics(ARRAY(
    SELECT DISTINCT customer_id FROM (SELECT customer_id FROM new_rows UNION SELECT customer_id FROM old_rows) c WHERE customer_id IS NOT NULL));
  RETURN NULL;
END $$;
CREATE FUNCTION customer_metrics_after_orders_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_customer_metrics(ARRAY(SELECT DISTINCT customer_id FROM old_rows WHERE customer_id IS NOT NULL));
  RETURN NULL;
END $$;
CREATE TRIGGER customer_metrics_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_metrics_after_orders_insert();
CREATE TRIGGER customer_metrics_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_metrics_after_orders_update();
CREATE TRIGGER customer_metrics_orders_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_metrics_after_orders_delete();

-- Lines carry the returned value: a return recorded on a line refreshes its customer.
CREATE FUNCTION customer_metrics_after_lines_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_customer_metrics(ARRAY(
    SELECT DISTINCT o.customer_id FROM orders o WHERE o.customer_id IS NOT NULL AND o.id IN (SELECT order_id FROM new_rows)));
  RETURN NULL;
END $$;
CREATE TRIGGER customer_metrics_lines_insert AFTER INSERT ON order_line_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_metrics_after_lines_change();
CREATE TRIGGER customer_metrics_lines_update AFTER UPDATE ON order_line_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_metrics_after_lines_change();

-- Backfill: every customer with orders today.
SELECT refresh_customer_metrics(ARRAY(SELECT DISTINCT customer_id FROM orders WHERE customer_id IS NOT NULL));

-- A public link to one report with its parameters: live (re-run at each visit, with the as-of moved
-- to the visit) or a snapshot (the result frozen at creation). Revocable, optionally expiring,
-- optionally behind a password (argon2id hash, never the password).
CREATE TABLE report_shares (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The link's secret part: 24 random bytes, base64url; the share page's :id.
  token text NOT NULL UNIQUE CHECK (length(token) BETWEEN 20 AND 64),
  report_id text NOT NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  params jsonb NOT NULL,
  mode text NOT NULL CHECK (mode IN ('SNAPSHOT', 'LIVE')),
  snapshot jsonb,
  password_hash text,
  expires_at timestamptz,
  revoked_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (mode = 'LIVE' OR snapshot IS NOT NULL)
);
CREATE INDEX report_shares_store_idx ON report_shares (store_id, created_at DESC);
