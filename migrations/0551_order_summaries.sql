-- Orders (issue 16): each order keeps the row the orders list shows (its summary, OrderSummary of
-- contracts/orders, as the JSON text the list's answer carries), so a page reads 25 texts beside
-- its tab's index and joins them, instead of counting each order's lines and open holds, joining
-- its customer and building its JSON on every request (docs/benchmarks.md, osum13).
--
-- The summary is written in the transaction of every change that alters it, by the triggers below
-- (docs/decisions.md, "The orders list reads a summary kept per order"): a new order's at commit,
-- once its lines and holds are written; then the order's shown columns, its lines' quantities, its
-- holds set, changed or released, and its customer's name. It lives in a table of its own, one row
-- per order, not on the order: rewriting an order's row re-inserts it into every index of orders
-- (fourteen, two of them trigram indexes), which doubled the time of a 10,000-row import.
-- queries/orders/orders.ts still builds the same row live for the DTO path, and
-- api/test/orders-one-statement.test.ts compares the two after each kind of change.
CREATE TABLE order_summaries (
  order_id uuid PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  summary text NOT NULL
);

-- The summary's JSON of the order `o` and what it reads beside it. The keys, their order and their
-- formatting are the list answer's (json_build_object's text, as json_agg of it used to embed it);
-- placedAt is isoText of queries/json-dates.ts. 'Pre-sale' is PRESALE_RULE of contracts/presales.
CREATE FUNCTION order_summary_text(o orders, customer_name text, item_count int, open_holds int, presale_hold text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', o.id, 'orderNumber', o.order_number, 'origin', o.origin, 'customerName', customer_name, 'email', o.email::text,
    'totalCents', o.total_cents, 'currency', o.currency, 'itemCount', item_count, 'processingStatus', o.processing_status,
    'fulfillmentState', o.fulfillment_state, 'cancellationState', o.cancellation_state, 'hasReturns', o.has_returns, 'openHolds', open_holds,
    'preSale', presale_hold, 'placedAt', to_char(o.placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
$$;

-- One order's summary from what is written now: its customer's name (else the name shipped to), its
-- units, its open holds and the oldest open pre-sale hold's reason.
CREATE FUNCTION order_summary_of(o orders) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  customer_name text;
  item_count int;
  open_holds int;
  presale_hold text;
BEGIN
  IF o.customer_id IS NOT NULL THEN
    SELECT c.name INTO customer_name FROM customers c WHERE c.id = o.customer_id;
  END IF;
  SELECT coalesce(sum(l.quantity), 0)::int INTO item_count FROM order_line_items l WHERE l.order_id = o.id;
  SELECT count(*)::int, (array_agg(h.reason ORDER BY h.created_at) FILTER (WHERE h.set_by_rule = 'Pre-sale'))[1] INTO open_holds, presale_hold
    FROM order_holds h WHERE h.store_id = o.store_id AND h.order_id = o.id AND h.released_at IS NULL;
  RETURN order_summary_text(o, coalesce(nullif(customer_name, ''), o.shipping_name, ''), item_count, open_holds, presale_hold);
END $$;

-- The orders `ids` given their summaries anew; an unchanged summary is not written. An order written
-- in this transaction has no summary yet (its own trigger writes it at commit), so it is not read:
-- an import's lines, added to orders of the same transaction, rebuild nothing.
CREATE FUNCTION order_summaries_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE order_summaries s SET summary = n.summary
    FROM (SELECT x.id, order_summary_of(x) AS summary FROM orders x
           WHERE x.id = ANY (ids) AND EXISTS (SELECT 1 FROM order_summaries e WHERE e.order_id = x.id) OFFSET 0) n
   WHERE s.order_id = n.id AND s.summary IS DISTINCT FROM n.summary
$$;

-- A new order's summary, at commit (deferred, as 0481's tab counts): its lines and holds are written
-- by then, so an order placed with its lines writes its summary once. Read from the order's row as
-- it is at commit; an order deleted before then writes none.
CREATE FUNCTION order_summary_after_order_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_summaries (order_id, summary) SELECT x.id, order_summary_of(x) FROM orders x WHERE x.id = NEW.id
    ON CONFLICT (order_id) DO UPDATE SET summary = excluded.summary;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER order_summary_insert AFTER INSERT ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_summary_after_order_insert();

-- An order whose shown columns (or its customer) changed.
CREATE FUNCTION order_summary_after_order_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_summaries_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
CREATE TRIGGER order_summary_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.id, OLD.store_id, OLD.order_number, OLD.origin, OLD.customer_id, OLD.shipping_name, OLD.email, OLD.total_cents, OLD.currency,
         OLD.processing_status, OLD.fulfillment_state, OLD.cancellation_state, OLD.has_returns, OLD.placed_at)
        IS DISTINCT FROM (NEW.id, NEW.store_id, NEW.order_number, NEW.origin, NEW.customer_id, NEW.shipping_name, NEW.email, NEW.total_cents, NEW.currency,
         NEW.processing_status, NEW.fulfillment_state, NEW.cancellation_state, NEW.has_returns, NEW.placed_at))
  EXECUTE FUNCTION order_summary_after_order_update();

-- Lines and holds, one statement's rows at a time, as 0480's has_returns triggers: the orders of the
-- rows added or removed, of the holds changed (set, reason changed, released), and of the lines whose
-- quantity or order changed. Both tables' triggers name their transition tables `new_rows` and
-- `old_rows`, so the added and removed cases share their functions.
CREATE FUNCTION order_summary_after_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_summaries_refresh(ARRAY(SELECT DISTINCT n.order_id FROM new_rows n));
  RETURN NULL;
END $$;
CREATE FUNCTION order_summary_after_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_summaries_refresh(ARRAY(SELECT DISTINCT o.order_id FROM old_rows o));
  RETURN NULL;
END $$;
CREATE FUNCTION order_summary_after_holds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_summaries_refresh(ARRAY(SELECT o.order_id FROM old_rows o UNION SELECT n.order_id FROM new_rows n));
  RETURN NULL;
END $$;
CREATE FUNCTION order_summary_after_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Fulfilling and returning units update lines too; only a quantity or an order moved counts here.
  PERFORM order_summaries_refresh(ARRAY(
    SELECT DISTINCT x.order_id FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL (VALUES (o.order_id), (n.order_id)) x(order_id)
     WHERE (o.order_id, o.quantity) IS DISTINCT FROM (n.order_id, n.quantity)));
  RETURN NULL;
END $$;
CREATE TRIGGER order_summary_lines_insert AFTER INSERT ON order_line_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_summary_after_rows_added();
CREATE TRIGGER order_summary_lines_update AFTER UPDATE ON order_line_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_summary_after_lines_changed();
CREATE TRIGGER order_summary_lines_delete AFTER DELETE ON order_line_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_summary_after_rows_removed();
CREATE TRIGGER order_summary_holds_insert AFTER INSERT ON order_holds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_summary_after_rows_added();
CREATE TRIGGER order_summary_holds_update AFTER UPDATE ON order_holds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_summary_after_holds_changed();
CREATE TRIGGER order_summary_holds_delete AFTER DELETE ON order_holds REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_summary_after_rows_removed();

-- A customer renamed: that customer's orders show the new name.
CREATE FUNCTION order_summary_after_customer_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_summaries_refresh(ARRAY(SELECT o.id FROM orders o WHERE o.customer_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER order_summary_customer_rename AFTER UPDATE OF name ON customers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION order_summary_after_customer_renamed();

-- The summaries of the orders already there, in one pass: each order's units and open holds summed
-- by one grouping each (not a look-up per order), its customer by a join.
INSERT INTO order_summaries (order_id, summary)
SELECT o.id, order_summary_text(o, coalesce(nullif(c.name, ''), o.shipping_name, ''), coalesce(l.item_count, 0), coalesce(h.open_holds, 0), h.presale_hold)
  FROM orders o
  LEFT JOIN customers c ON c.id = o.customer_id
  LEFT JOIN (SELECT l.order_id, sum(l.quantity)::int AS item_count FROM order_line_items l GROUP BY l.order_id) l ON l.order_id = o.id
  LEFT JOIN (SELECT h.store_id, h.order_id, count(*)::int AS open_holds,
                    (array_agg(h.reason ORDER BY h.created_at) FILTER (WHERE h.set_by_rule = 'Pre-sale'))[1] AS presale_hold
               FROM order_holds h WHERE h.released_at IS NULL GROUP BY h.store_id, h.order_id) h ON h.store_id = o.store_id AND h.order_id = o.id;
