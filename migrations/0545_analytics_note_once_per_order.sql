-- Analytics (issue 20), the write target: the rollups' maintenance adds ≤ 10 % to writing an order.
--
-- Since 0420 an order written with its lines left a note per row: one for the order and one for each
-- line, every one a plpgsql call, a heap row and an entry in the notes' index (0440), though the fold
-- takes the order's notes as a set (DISTINCT order_id) and reads the order's lines itself. The line's
-- note says nothing the order's note, written in the same transaction, does not already say.
--
-- A new order's note now also marks the order in a transaction-local setting (analytics.noted_order),
-- and a line inserted for that order in the same transaction is not noted: its trigger's WHEN clause
-- reads the setting, so the line's insert makes no plpgsql call and writes no note at all. What keeps
-- this exact:
--   * the setting lives as long as the transaction (set_config(…, true)), and a rolled-back savepoint
--     takes back both the order's note and the setting with it;
--   * the order's note and its lines commit together, so a fold either sees both or neither;
--   * a fold inside the same transaction (it takes the notes by DELETE) forgets the setting
--     (analytics_notes_taken below), so a line added after it is noted again;
--   * only the last order noted is marked: in a transaction writing several orders (an import), the
--     lines of the others are noted as before.
-- Lines added to an order in a later transaction, line updates and deletions are noted as before.

CREATE FUNCTION analytics_note_new_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_changed_orders (store_id, order_id, customer_id) VALUES (NEW.store_id, NEW.id, NEW.customer_id);
  PERFORM set_config('analytics.noted_order', NEW.id::text, true);
  RETURN NULL;
END $$;

DROP TRIGGER analytics_note_order_insert ON orders;
CREATE TRIGGER analytics_note_order_insert AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION analytics_note_new_order();
CREATE TRIGGER analytics_note_order_delete AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION analytics_note_order();

DROP TRIGGER analytics_note_line_insert ON order_line_items;
CREATE TRIGGER analytics_note_line_insert AFTER INSERT ON order_line_items FOR EACH ROW
  WHEN (current_setting('analytics.noted_order', true) IS DISTINCT FROM NEW.order_id::text)
  EXECUTE FUNCTION analytics_note_line();
CREATE TRIGGER analytics_note_line_delete AFTER DELETE ON order_line_items FOR EACH ROW EXECUTE FUNCTION analytics_note_line();

-- Notes taken (the fold's DELETE) or cleared: the order marked earlier in this transaction has no note
-- waiting any more, so its next line must write one.
CREATE FUNCTION analytics_notes_taken() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('analytics.noted_order', true) <> '' THEN
    PERFORM set_config('analytics.noted_order', '', true);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_notes_taken AFTER DELETE OR TRUNCATE ON analytics_changed_orders FOR EACH STATEMENT EXECUTE FUNCTION analytics_notes_taken();
