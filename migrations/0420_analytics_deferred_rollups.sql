-- Analytics (issue 20), the write target: rollup maintenance ≤ 10 % of the cost of writing an order.
--
-- Migration 0300 kept order_facts (and through its row triggers order_daily and customer_metrics) in
-- the order's own transaction: about 1–2.7 ms of trigger work per order and line, against 0.7–2 ms for
-- the two inserts themselves (+110–137 %). The time was not one slow statement but the work itself:
-- the fact's four indexes, the predecessor's next_at, the day's upsert, the customer's update, and the
-- line's units carried up in a second pass (each measured alone with bench:analytics:write).
--
-- Here an order write only notes which order changed (one heap row, no index, no lookup), and the
-- rollups are folded from those notes outside the write's transaction:
--   * by every report, drill-down and customer-list read, first, for its own store
--     (analytics_fold_changes), so what a user reads is always exactly the committed orders;
--   * by a recurring job (analytics.fold-changes, every minute) for every store, so the notes never
--     pile up for a store nobody reads the reports of.
-- The fold recomputes the histories of the customers concerned with refresh_order_facts (0170), which
-- writes only the fact rows that changed; 0300's difference triggers on order_facts carry those rows
-- to the daily and customer rollups. An update that changes no column a rollup reads notes nothing
-- (the WHEN clauses below): an order's status, tags, addresses or a line's fulfilled quantity.

CREATE TABLE analytics_changed_orders (
  store_id uuid NOT NULL,
  order_id uuid NOT NULL,
  -- The customer the order had (a move or a deletion leaves a history to close up); null for a line.
  customer_id uuid
);
-- No index and no foreign key on purpose: the notes are appended on the write path and taken whole by
-- the next fold, so the table stays small and an index would cost every write more than it saves.

DROP TRIGGER order_facts_order_insert ON orders;
DROP TRIGGER order_facts_order_update ON orders;
DROP TRIGGER order_facts_order_delete ON orders;
DROP TRIGGER order_facts_line_change ON order_line_items;

CREATE FUNCTION analytics_note_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_changed_orders (store_id, order_id, customer_id) VALUES (OLD.store_id, OLD.id, OLD.customer_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.store_id, NEW.customer_id) IS DISTINCT FROM (OLD.store_id, OLD.customer_id)) THEN
    INSERT INTO analytics_changed_orders (store_id, order_id, customer_id) VALUES (NEW.store_id, NEW.id, NEW.customer_id);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_note_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_changed_orders (store_id, order_id) VALUES (OLD.store_id, OLD.order_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.order_id <> OLD.order_id) THEN
    INSERT INTO analytics_changed_orders (store_id, order_id) VALUES (NEW.store_id, NEW.order_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_note_order_insert AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION analytics_note_order();
-- Only the columns order_facts copies or orders a history by.
CREATE TRIGGER analytics_note_order_update AFTER UPDATE OF store_id, customer_id, placed_at, cancellation_state, order_number, total_cents,
    subtotal_cents, discount_cents, shipping_cents, tax_cents, origin, discount_code, shipping_country_code, fulfilled_at ON orders
  FOR EACH ROW
  WHEN ((NEW.store_id, NEW.customer_id, NEW.placed_at, NEW.cancellation_state = 'CANCELED', NEW.order_number, NEW.total_cents, NEW.subtotal_cents,
         NEW.discount_cents, NEW.shipping_cents, NEW.tax_cents, NEW.origin, NEW.discount_code, NEW.shipping_country_code, NEW.fulfilled_at)
        IS DISTINCT FROM
        (OLD.store_id, OLD.customer_id, OLD.placed_at, OLD.cancellation_state = 'CANCELED', OLD.order_number, OLD.total_cents, OLD.subtotal_cents,
         OLD.discount_cents, OLD.shipping_cents, OLD.tax_cents, OLD.origin, OLD.discount_code, OLD.shipping_country_code, OLD.fulfilled_at))
  EXECUTE FUNCTION analytics_note_order();
CREATE TRIGGER analytics_note_line_insert AFTER INSERT OR DELETE ON order_line_items FOR EACH ROW EXECUTE FUNCTION analytics_note_line();
-- Only what a fact sums: units and returned value (a fulfilled quantity moves nothing here).
CREATE TRIGGER analytics_note_line_update AFTER UPDATE OF order_id, store_id, quantity, returned_quantity, unit_price_cents ON order_line_items
  FOR EACH ROW
  WHEN ((NEW.order_id, NEW.store_id, NEW.quantity, NEW.returned_quantity, NEW.unit_price_cents)
        IS DISTINCT FROM (OLD.order_id, OLD.store_id, OLD.quantity, OLD.returned_quantity, OLD.unit_price_cents))
  EXECUTE FUNCTION analytics_note_line();

-- Folds one store's notes into the rollups and answers how many orders it refreshed. Folds of one store
-- take turns (an advisory lock, taken before the notes are read): a fold that started later reads the
-- orders after the earlier one committed, so a slower fold can never write an older history over a
-- newer one. Each statement below reads the orders as committed when it starts (READ COMMITTED).
CREATE FUNCTION analytics_fold_changes(store uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  order_ids uuid[];
  customer_ids uuid[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics.fold:' || store::text));
  WITH taken AS (DELETE FROM analytics_changed_orders c WHERE c.store_id = store RETURNING c.order_id, c.customer_id)
  SELECT array_agg(DISTINCT t.order_id), array_agg(DISTINCT t.customer_id) FILTER (WHERE t.customer_id IS NOT NULL)
    INTO order_ids, customer_ids FROM taken t;
  IF order_ids IS NULL THEN RETURN 0; END IF;
  -- A line's note names only its order: its customer's history is the one to refresh.
  customer_ids := ARRAY(SELECT x FROM unnest(customer_ids) x
                        UNION SELECT o.customer_id FROM orders o WHERE o.id = ANY(order_ids) AND o.customer_id IS NOT NULL);
  PERFORM refresh_order_facts(customer_ids, order_ids);
  RETURN cardinality(order_ids);
END $$;
