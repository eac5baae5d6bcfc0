-- Inventory (issue 16): each SKU keeps its units on hand and reserved, summed over its bins, so the
-- list's tabs (low stock, out of stock) and its sort by availability read one row per SKU instead of
-- summing every SKU's levels on each request (at 2,000 SKUs the tab counts cost the list 0.06× the
-- bare handler). Row triggers on the levels move the sums in the same statement as the level, so the
-- SKU's row is locked right after its level row, in the order the levels are taken.
ALTER TABLE inventory_items ADD COLUMN on_hand integer NOT NULL DEFAULT 0, ADD COLUMN reserved integer NOT NULL DEFAULT 0;

UPDATE inventory_items i SET on_hand = s.on_hand, reserved = s.reserved
  FROM (SELECT item_id, sum(on_hand)::int AS on_hand, sum(reserved)::int AS reserved FROM inventory_levels GROUP BY item_id) s
 WHERE s.item_id = i.id;

CREATE FUNCTION inventory_item_totals_after_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE inventory_items SET on_hand = on_hand - OLD.on_hand, reserved = reserved - OLD.reserved WHERE id = OLD.item_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE inventory_items SET on_hand = on_hand + NEW.on_hand, reserved = reserved + NEW.reserved WHERE id = NEW.item_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER inventory_item_totals_levels_insert_delete AFTER INSERT OR DELETE ON inventory_levels
  FOR EACH ROW EXECUTE FUNCTION inventory_item_totals_after_level();
-- Only a change of the units (or of the SKU) moves the sums: a bin's incoming or timestamp does not.
CREATE TRIGGER inventory_item_totals_levels_update AFTER UPDATE ON inventory_levels
  FOR EACH ROW WHEN ((OLD.item_id, OLD.on_hand, OLD.reserved) IS DISTINCT FROM (NEW.item_id, NEW.on_hand, NEW.reserved))
  EXECUTE FUNCTION inventory_item_totals_after_level();

-- The out-of-stock tab's count and the sort by availability walk this index.
CREATE INDEX inventory_items_available_idx ON inventory_items (store_id, (on_hand - reserved), sku);
