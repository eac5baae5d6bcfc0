-- Inventory (issue 16): the list's tab counts kept per store, as the orders' are (0480, 0481). Every
-- list request counted each tab over all of the store's SKUs (two passes over 2,000 items, about
-- 1 ms of the statement's 1.8 ms at 2,000 SKUs). The columns are the tabs of
-- queries/inventory/stock.ts (FILTER_SQL); inventory_tab_counts_add must say the same.
CREATE TABLE inventory_tab_counts (
  store_id uuid PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  all_items int NOT NULL DEFAULT 0,
  low_stock int NOT NULL DEFAULT 0,
  out_of_stock int NOT NULL DEFAULT 0
);

-- Adds the tab memberships of `new_rows` and takes away those of `old_rows`; a difference of zeros
-- writes nothing, so it takes no lock on the store's row.
CREATE FUNCTION inventory_tab_counts_add(old_rows inventory_items[], new_rows inventory_items[]) RETURNS void LANGUAGE sql AS $$
  WITH c AS (
    SELECT 1 AS sign, * FROM unnest(new_rows)
    UNION ALL
    SELECT -1, * FROM unnest(old_rows)
  ), d AS (
    SELECT store_id, sum(sign)::int AS all_items,
           sum(sign * (on_hand - reserved <= low_stock_threshold AND on_hand - reserved > 0)::int)::int AS low_stock,
           sum(sign * (on_hand - reserved <= 0)::int)::int AS out_of_stock
      FROM c GROUP BY store_id
  )
  INSERT INTO inventory_tab_counts AS t (store_id, all_items, low_stock, out_of_stock)
  SELECT * FROM d WHERE (all_items, low_stock, out_of_stock) <> (0, 0, 0)
  ON CONFLICT (store_id) DO UPDATE SET
    all_items = t.all_items + excluded.all_items, low_stock = t.low_stock + excluded.low_stock, out_of_stock = t.out_of_stock + excluded.out_of_stock
$$;

CREATE FUNCTION inventory_tab_counts_after_item_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A store being deleted takes its counts with it: its items' deletions have nothing left to correct.
  IF TG_OP <> 'INSERT' AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = OLD.store_id) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM inventory_tab_counts_add('{}', ARRAY[NEW]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM inventory_tab_counts_add(ARRAY[OLD], ARRAY[NEW]);
  ELSE
    PERFORM inventory_tab_counts_add(ARRAY[OLD], '{}');
  END IF;
  RETURN NULL;
END $$;

-- Deferred, as 0481's: the counts row is the transaction's last lock, taken at commit after the
-- levels and items (0491 locks an item right after its level), so no new lock order appears. An
-- update that moves no SKU between tabs (most reservations) fires nothing.
CREATE CONSTRAINT TRIGGER inventory_tab_counts_items_insert_delete AFTER INSERT OR DELETE ON inventory_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION inventory_tab_counts_after_item_row();
CREATE CONSTRAINT TRIGGER inventory_tab_counts_items_update AFTER UPDATE ON inventory_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.store_id, OLD.on_hand - OLD.reserved <= 0, OLD.on_hand - OLD.reserved <= OLD.low_stock_threshold)
        IS DISTINCT FROM (NEW.store_id, NEW.on_hand - NEW.reserved <= 0, NEW.on_hand - NEW.reserved <= NEW.low_stock_threshold))
  EXECUTE FUNCTION inventory_tab_counts_after_item_row();

-- The counts of the items already there, one store at a time.
SELECT inventory_tab_counts_add('{}', ARRAY(SELECT i FROM inventory_items i WHERE i.store_id = s.id)) FROM stores s;
