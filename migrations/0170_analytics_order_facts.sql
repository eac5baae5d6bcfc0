-- Analytics (issue 20), performance: a per-order fact row kept by the same statement triggers as
-- the customer rollup (0100), in the writer's transaction. Every order report used to rebuild each
-- order's place in its customer's history (a window over all the store's orders before the as-of
-- moment) and count each order's units with a subquery per order, on every run. The fact row holds
-- those once: the order's sequence number, the previous, next and first order of its customer, its
-- units and returned value. Reports read the range they need through (store_id, placed_at).
--
-- As of a moment: seq, prev_at and first_at only depend on orders placed earlier, so they are the
-- same whenever the report runs; next_at may lie after the report's as-of moment and reports treat
-- such a next order as not yet placed.

CREATE TABLE order_facts (
  order_id uuid PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  order_number integer NOT NULL,
  placed_at timestamptz NOT NULL,
  -- The order's place among its customer's non-cancelled orders (by placed_at, then id); a guest
  -- order (no customer) is its own one-order history.
  seq integer NOT NULL CHECK (seq > 0),
  prev_at timestamptz,
  next_at timestamptz,
  first_at timestamptz NOT NULL,
  total_cents integer NOT NULL,
  subtotal_cents integer NOT NULL,
  discount_cents integer NOT NULL,
  shipping_cents integer NOT NULL,
  tax_cents integer NOT NULL,
  origin text NOT NULL,
  discount_code text,
  country text,
  fulfilled_at timestamptz,
  units integer NOT NULL DEFAULT 0,
  returned_cents bigint NOT NULL DEFAULT 0
);
CREATE INDEX order_facts_store_placed_idx ON order_facts (store_id, placed_at);
-- The triggers refresh a customer's rows; reports join customers to their orders.
CREATE INDEX order_facts_customer_idx ON order_facts (customer_id);
-- Reports of a cohort (daily LTV, follow-up purchases) read customers by their first order's moment.
CREATE INDEX order_facts_store_first_idx ON order_facts (store_id, first_at);

-- Recomputes the fact rows of the given customers' orders and of the given orders (guest orders,
-- or orders that moved between customers), from the orders and their lines. Recomputed rather than
-- patched, so a trigger that fires twice or an order edited after the fact leaves exact rows; but
-- written only where a row changed, so a new order touches its own row and its predecessor's (and
-- the daily rollup's trigger on these rows refreshes only those days).
CREATE FUNCTION refresh_order_facts(customer_ids uuid[], order_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH h AS (
    SELECT h.id, h.store_id, h.customer_id, h.order_number, h.placed_at, h.seq::int AS seq, h.prev_at, h.next_at, h.first_at,
           h.total_cents, h.subtotal_cents, h.discount_cents, h.shipping_cents, h.tax_cents, h.origin, h.discount_code, h.shipping_country_code,
           h.fulfilled_at, coalesce(li.units, 0) AS units, coalesce(li.returned_cents, 0) AS returned_cents
      FROM (SELECT o.*, row_number() OVER w AS seq, lag(o.placed_at) OVER w AS prev_at, lead(o.placed_at) OVER w AS next_at,
                   first_value(o.placed_at) OVER w AS first_at
              -- Two index reads rather than one OR (an order write touches one customer).
              FROM (SELECT * FROM orders WHERE customer_id = ANY(customer_ids)
                    UNION ALL SELECT * FROM orders WHERE id = ANY(order_ids) AND customer_id IS NULL) o
             WHERE o.cancellation_state <> 'CANCELED'
            WINDOW w AS (PARTITION BY coalesce(o.customer_id, o.id) ORDER BY o.placed_at, o.id)) h
      LEFT JOIN LATERAL (SELECT sum(l.quantity)::int AS units, sum(l.returned_quantity * l.unit_price_cents)::bigint AS returned_cents
                           FROM order_line_items l WHERE l.order_id = h.id) li ON TRUE
  ),
  gone AS (
    DELETE FROM order_facts f
     WHERE f.order_id IN (SELECT x.order_id FROM order_facts x WHERE x.customer_id = ANY(customer_ids) UNION ALL SELECT unnest(order_ids))
       AND f.order_id NOT IN (SELECT id FROM h)
  )
  INSERT INTO order_facts AS f (order_id, store_id, customer_id, order_number, placed_at, seq, prev_at, next_at, first_at,
                                total_cents, subtotal_cents, discount_cents, shipping_cents, tax_cents, origin, discount_code, country,
                                fulfilled_at, units, returned_cents)
  SELECT * FROM h
  ON CONFLICT (order_id) DO UPDATE SET
    store_id = EXCLUDED.store_id, customer_id = EXCLUDED.customer_id, order_number = EXCLUDED.order_number, placed_at = EXCLUDED.placed_at,
    seq = EXCLUDED.seq, prev_at = EXCLUDED.prev_at, next_at = EXCLUDED.next_at, first_at = EXCLUDED.first_at, total_cents = EXCLUDED.total_cents,
    subtotal_cents = EXCLUDED.subtotal_cents, discount_cents = EXCLUDED.discount_cents, shipping_cents = EXCLUDED.shipping_cents,
    tax_cents = EXCLUDED.tax_cents, origin = EXCLUDED.origin, discount_code = EXCLUDED.discount_code, country = EXCLUDED.country,
    fulfilled_at = EXCLUDED.fulfilled_at, units = EXCLUDED.units, returned_cents = EXCLUDED.returned_cents
  WHERE (f.store_id, f.customer_id, f.order_number, f.placed_at, f.seq, f.prev_at, f.next_at, f.first_at, f.total_cents, f.subtotal_cents,
         f.discount_cents, f.shipping_cents, f.tax_cents, f.origin, f.discount_code, f.country, f.fulfilled_at, f.units, f.returned_cents)
        IS DISTINCT FROM
        (EXCLUDED.store_id, EXCLUDED.customer_id, EXCLUDED.order_number, EXCLUDED.placed_at, EXCLUDED.seq, EXCLUDED.prev_at, EXCLUDED.next_at,
         EXCLUDED.first_at, EXCLUDED.total_cents, EXCLUDED.subtotal_cents, EXCLUDED.discount_cents, EXCLUDED.shipping_cents, EXCLUDED.tax_cents,
         EXCLUDED.origin, EXCLUDED.discount_code, EXCLUDED.country, EXCLUDED.fulfilled_at, EXCLUDED.units, EXCLUDED.returned_cents);
$$;

-- A line's quantity or returned quantity changes only its order's units and returned value.
CREATE FUNCTION refresh_order_fact_lines(order_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE order_facts f SET units = coalesce(li.units, 0), returned_cents = coalesce(li.returned_cents, 0)
    FROM (SELECT x.id, (SELECT sum(l.quantity)::int FROM order_line_items l WHERE l.order_id = x.id) AS units,
                 (SELECT sum(l.returned_quantity * l.unit_price_cents)::bigint FROM order_line_items l WHERE l.order_id = x.id) AS returned_cents
            FROM unnest(order_ids) AS x(id)) li
   WHERE f.order_id = li.id AND (f.units, f.returned_cents) IS DISTINCT FROM (coalesce(li.units, 0), coalesce(li.returned_cents, 0));
$$;

CREATE FUNCTION order_facts_after_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_facts(
    ARRAY(SELECT DISTINCT customer_id FROM new_rows WHERE customer_id IS NOT NULL),
    ARRAY(SELECT id FROM new_rows WHERE customer_id IS NULL));
  RETURN NULL;
END $$;
CREATE FUNCTION order_facts_after_orders_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_facts(
    ARRAY(SELECT DISTINCT customer_id FROM (SELECT customer_id FROM new_rows UNION SELECT customer_id FROM old_rows) c WHERE customer_id IS NOT NULL),
    ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
CREATE FUNCTION order_facts_after_orders_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_facts(ARRAY(SELECT DISTINCT customer_id FROM old_rows WHERE customer_id IS NOT NULL), ARRAY[]::uuid[]);
  RETURN NULL;
END $$;
CREATE TRIGGER order_facts_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_facts_after_orders_insert();
CREATE TRIGGER order_facts_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_facts_after_orders_update();
CREATE TRIGGER order_facts_orders_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_facts_after_orders_delete();

CREATE FUNCTION order_facts_after_lines_insert_or_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_fact_lines(ARRAY(SELECT DISTINCT order_id FROM new_rows));
  RETURN NULL;
END $$;
CREATE FUNCTION order_facts_after_lines_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_fact_lines(ARRAY(SELECT DISTINCT order_id FROM old_rows));
  RETURN NULL;
END $$;
CREATE TRIGGER order_facts_lines_insert AFTER INSERT ON order_line_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_facts_after_lines_insert_or_update();
CREATE TRIGGER order_facts_lines_update AFTER UPDATE ON order_line_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_facts_after_lines_insert_or_update();
CREATE TRIGGER order_facts_lines_delete AFTER DELETE ON order_line_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_facts_after_lines_delete();

-- Backfill: every order there is today.
SELECT refresh_order_facts(ARRAY(SELECT DISTINCT customer_id FROM orders WHERE customer_id IS NOT NULL),
                           ARRAY(SELECT id FROM orders WHERE customer_id IS NULL));
