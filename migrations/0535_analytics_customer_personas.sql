-- Analytics (issue 20): customer personas on a per-customer rollup instead of every order and gift line.
--
-- The personas report reads, for each customer, whether any order came through wholesale, the share of
-- their orders with a discount and whether any order held a gift card: it grouped every order of the store
-- (100,000 at the benchmark's size) and scanned every line for gift SKUs (0.42 s on the embedded database,
-- 0.22 s on Postgres). Those are counts per customer: this keeps them, per customer, over the customer's
-- non-cancelled orders (the orders order_facts holds), so the report reads one row per customer.
--
-- Kept by the fold (0420), never in the order's write: a statement trigger on the fold's taking of its
-- notes (the DELETE from analytics_changed_orders, which only analytics_fold_changes runs) recomputes the
-- customers of the orders noted, from their orders and lines. The notes, not order_facts, because a gift
-- is a line's SKU: a SKU renamed changes no fact row but is noted (0470). A customer's rows are recomputed,
-- not patched, so a fold that takes a note twice leaves the same row.

CREATE TABLE customer_personas (
  customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- Non-cancelled orders, as customer_metrics.orders_count.
  orders integer NOT NULL,
  wholesale_orders integer NOT NULL,
  discounted_orders integer NOT NULL,
  -- Orders with a line whose SKU starts with GIFT.
  gift_orders integer NOT NULL
);

-- Recomputes the rows of the given customers from their non-cancelled orders and those orders' lines.
CREATE FUNCTION customer_personas_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM customer_personas p WHERE p.customer_id = ANY(ids);
  INSERT INTO customer_personas (customer_id, store_id, orders, wholesale_orders, discounted_orders, gift_orders)
  SELECT o.customer_id, o.store_id, count(*)::int,
         (count(*) FILTER (WHERE o.origin = 'MANUAL_WHOLESALE'))::int,
         (count(*) FILTER (WHERE o.discount_cents > 0))::int,
         (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM order_line_items g WHERE g.order_id = o.id AND g.sku LIKE 'GIFT%')))::int
    FROM orders o
   WHERE o.customer_id = ANY(ids) AND o.cancellation_state <> 'CANCELED'
   GROUP BY o.customer_id, o.store_id;
$$;

-- The customers of the notes the fold took: the customer a note names (the one an order had) and the one
-- its order has now (a line's note names none).
CREATE FUNCTION customer_personas_after_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_personas_refresh(ARRAY(
    SELECT t.customer_id FROM taken t WHERE t.customer_id IS NOT NULL
    UNION
    SELECT o.customer_id FROM orders o WHERE o.id IN (SELECT t.order_id FROM taken t) AND o.customer_id IS NOT NULL));
  RETURN NULL;
END $$;

CREATE TRIGGER customer_personas_fold AFTER DELETE ON analytics_changed_orders
  REFERENCING OLD TABLE AS taken FOR EACH STATEMENT EXECUTE FUNCTION customer_personas_after_fold();

-- Backfill: every customer with a non-cancelled order today.
INSERT INTO customer_personas (customer_id, store_id, orders, wholesale_orders, discounted_orders, gift_orders)
SELECT o.customer_id, o.store_id, count(*)::int,
       (count(*) FILTER (WHERE o.origin = 'MANUAL_WHOLESALE'))::int,
       (count(*) FILTER (WHERE o.discount_cents > 0))::int,
       (count(*) FILTER (WHERE o.id IN (SELECT g.order_id FROM order_line_items g WHERE g.sku LIKE 'GIFT%')))::int
  FROM orders o
 WHERE o.customer_id IS NOT NULL AND o.cancellation_state <> 'CANCELED'
 GROUP BY o.customer_id, o.store_id;
