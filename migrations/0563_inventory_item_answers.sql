-- Inventory (issue 16): each SKU keeps its item as the list's answer sends it (InventoryItem as JSON
-- text: its totals and its bins, in the keys' order the list built per item until now), so a page
-- of the inventory list joins 25 texts read by key instead of summing, aggregating and building
-- JSON from every SKU's levels on each request (0.2 of the statement's 0.3 ms at 2,000 SKUs on
-- Postgres: 25 bitmap scans of the levels, then 25 objects built). As order_summaries (0551) keeps
-- the orders' rows: a table of its own, so a stock move writes one narrow row.
CREATE TABLE inventory_item_answers (
  item_id uuid PRIMARY KEY REFERENCES inventory_items(id) ON DELETE CASCADE,
  answer text NOT NULL
);

-- Rewrites the kept answers of these SKUs from their rows and levels, writing only those that
-- changed. The SKUs are locked first (in id order, the order lockLevelsOf takes them) and the
-- levels read by a statement of its own after that, so two transactions moving one SKU's stock in
-- different bins (an incoming change locks no SKU through 0491) cannot each write what they saw.
-- The item and bin objects are the ones queries/inventory/stock.ts built per request before 0563.
CREATE FUNCTION inventory_item_answers_refresh(items uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(items) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM inventory_items i WHERE i.id = ANY(items) ORDER BY i.id FOR NO KEY UPDATE;
  INSERT INTO inventory_item_answers AS k (item_id, answer)
  SELECT i.id, json_build_object('id', i.id, 'sku', i.sku, 'title', i.title, 'onHand', t.on_hand, 'reserved', t.reserved, 'incoming', t.incoming,
           'available', t.on_hand - t.reserved, 'stock', CASE WHEN t.on_hand - t.reserved > 0 THEN 'IN_STOCK' ELSE 'OUT_OF_STOCK' END,
           'lowStock', t.on_hand - t.reserved > 0 AND t.on_hand - t.reserved <= i.low_stock_threshold, 'lowStockThreshold', i.low_stock_threshold, 'bins', t.bins)::text
    FROM inventory_items i LEFT JOIN LATERAL (
      SELECT coalesce(sum(l.on_hand), 0)::int AS on_hand, coalesce(sum(l.reserved), 0)::int AS reserved, coalesce(sum(l.incoming), 0)::int AS incoming,
             coalesce(json_agg(json_build_object('bin', l.bin, 'onHand', l.on_hand, 'reserved', l.reserved, 'incoming', l.incoming, 'available', l.on_hand - l.reserved)
                      ORDER BY l.bin) FILTER (WHERE l.id IS NOT NULL), '[]') AS bins
        FROM inventory_levels l WHERE l.item_id = i.id) t ON TRUE
   WHERE i.id = ANY(items)
  ON CONFLICT (item_id) DO UPDATE SET answer = excluded.answer WHERE k.answer IS DISTINCT FROM excluded.answer;
END $$;

-- The levels' triggers run per statement (transition tables, as 0480's): a seed's or an import's
-- levels rewrite each SKU once. An update that changes nothing a bin shows (its timestamp) rewrites
-- nothing; a SKU deleted with its levels is no longer there to rewrite.
CREATE FUNCTION inventory_item_answers_after_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM inventory_item_answers_refresh(ARRAY(SELECT DISTINCT n.item_id FROM new_levels n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM inventory_item_answers_refresh(ARRAY(SELECT DISTINCT o.item_id FROM old_levels o));
  ELSE
    PERFORM inventory_item_answers_refresh(ARRAY(
      SELECT DISTINCT x.item_id FROM new_levels n JOIN old_levels o ON o.id = n.id,
             LATERAL (VALUES (n.item_id), (o.item_id)) x(item_id)
       WHERE (o.item_id, o.bin, o.on_hand, o.reserved, o.incoming) IS DISTINCT FROM (n.item_id, n.bin, n.on_hand, n.reserved, n.incoming)));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER inventory_item_answers_levels_insert AFTER INSERT ON inventory_levels
  REFERENCING NEW TABLE AS new_levels FOR EACH STATEMENT EXECUTE FUNCTION inventory_item_answers_after_levels();
CREATE TRIGGER inventory_item_answers_levels_update AFTER UPDATE ON inventory_levels
  REFERENCING NEW TABLE AS new_levels OLD TABLE AS old_levels FOR EACH STATEMENT EXECUTE FUNCTION inventory_item_answers_after_levels();
CREATE TRIGGER inventory_item_answers_levels_delete AFTER DELETE ON inventory_levels
  REFERENCING OLD TABLE AS old_levels FOR EACH STATEMENT EXECUTE FUNCTION inventory_item_answers_after_levels();

-- A new SKU has its answer (no bins, zeros) before any level; a SKU's own shown fields rewrite it.
-- Per row with WHEN on updates: 0491 updates a SKU's totals twice per level changed, and those
-- updates (already covered by the levels' trigger) must not call anything.
CREATE FUNCTION inventory_item_answers_after_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM inventory_item_answers_refresh(ARRAY(SELECT n.id FROM new_items n));
  ELSE
    PERFORM inventory_item_answers_refresh(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER inventory_item_answers_items_insert AFTER INSERT ON inventory_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION inventory_item_answers_after_items();
CREATE TRIGGER inventory_item_answers_items_update AFTER UPDATE ON inventory_items
  FOR EACH ROW WHEN ((OLD.sku, OLD.title, OLD.low_stock_threshold) IS DISTINCT FROM (NEW.sku, NEW.title, NEW.low_stock_threshold))
  EXECUTE FUNCTION inventory_item_answers_after_items();

-- The answers of the SKUs already there.
SELECT inventory_item_answers_refresh(ARRAY(SELECT i.id FROM inventory_items i));
