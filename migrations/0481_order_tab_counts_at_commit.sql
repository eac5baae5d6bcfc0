-- Orders (issue 16): the tab counts of 0480 take their row at commit, not when the order is written.
-- 0480's statement triggers locked the store's counts row in the middle of the transaction, so a
-- manual order (order, then the stock levels it reserves) and stock arriving (levels, then the held
-- orders it releases) of one store and channel could each hold what the other waited for: a deadlock
-- on Postgres. Deferred row triggers run when the transaction commits, after every other lock it
-- takes, so the counts row is the last lock and is held only for the commit itself. An update that
-- moves no order between tabs fires nothing (the WHEN below).
DROP TRIGGER order_tab_counts_orders_insert ON orders;
DROP TRIGGER order_tab_counts_orders_update ON orders;
DROP TRIGGER order_tab_counts_orders_delete ON orders;
DROP FUNCTION order_tab_counts_after_orders();

CREATE FUNCTION order_tab_counts_after_order_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_tab_counts_add('{}', ARRAY[NEW]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM order_tab_counts_add(ARRAY[OLD], ARRAY[NEW]);
  ELSE
    PERFORM order_tab_counts_add(ARRAY[OLD], '{}');
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER order_tab_counts_orders_insert_delete AFTER INSERT OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_tab_counts_after_order_row();
CREATE CONSTRAINT TRIGGER order_tab_counts_orders_update AFTER UPDATE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.store_id, OLD.origin, OLD.processing_status, OLD.fulfillment_state, OLD.cancellation_state, OLD.has_returns)
        IS DISTINCT FROM (NEW.store_id, NEW.origin, NEW.processing_status, NEW.fulfillment_state, NEW.cancellation_state, NEW.has_returns))
  EXECUTE FUNCTION order_tab_counts_after_order_row();
