-- Analytics: deleting a store whose orders are folded into the rollups.
--
-- `DELETE FROM stores` cascades to orders, lines, customers, order_facts and the rollups. The triggers that
-- keep the rollups apply the cascaded deletions (and the customers' SET NULL on orders and facts) as
-- differences: each wrote a row again for the store being deleted (customer_months, order_daily,
-- order_band_months), whose foreign key to stores then refused it, so the store could not be deleted; and
-- the fold's notes (analytics_changed_orders, no foreign key) kept notes of a store that no longer exists.
--
-- Same bodies as before (0171/0300, 0421, 0470, 0500), each with the guard 0510 and 0511 already have: a
-- store that is gone has nothing left to correct. Only the deleting and updating paths check: an inserted
-- row's store exists (its own foreign key), so the write path of new orders and of the fold is unchanged.

CREATE OR REPLACE FUNCTION order_facts_rollups_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A store being deleted takes its rows with it: its facts' deletions have nothing left to correct.
  IF NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = OLD.store_id) THEN RETURN NULL; END IF;
  PERFORM order_daily_apply(OLD, -1);
  IF OLD.customer_id IS NOT NULL THEN
    PERFORM customer_metrics_apply(OLD.customer_id, OLD.store_id, -1, -OLD.total_cents::bigint, -OLD.returned_cents, NULL);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION customer_months_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A store being deleted takes its rows with it (its customers' removal updates the facts' customer too).
  IF TG_OP <> 'INSERT' AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = OLD.store_id) THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' AND OLD.customer_id IS NOT NULL THEN
    PERFORM customer_months_add(OLD.store_id, OLD.customer_id, OLD.placed_at, -1, -(OLD.seq = 1)::int, -OLD.total_cents::bigint);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.customer_id IS NOT NULL THEN
    PERFORM customer_months_add(NEW.store_id, NEW.customer_id, NEW.placed_at, 1, (NEW.seq = 1)::int, NEW.total_cents::bigint);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION order_band_months_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_band_months_add(ARRAY(SELECT n::order_facts FROM n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    -- A store being deleted takes its rows with it: its facts' deletions have nothing left to correct.
    PERFORM order_band_months_add(ARRAY(SELECT o::order_facts FROM o WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = o.store_id)), -1);
  ELSE
    -- Only the rows whose banded or summed columns changed (a status or a line's returns move nothing here).
    changed := ARRAY(
      SELECT order_id FROM o JOIN n USING (order_id)
       WHERE (o.store_id, o.placed_at, o.seq, o.units, o.total_cents, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.discount_code, o.fulfilled_at, o.next_at)
             IS DISTINCT FROM (n.store_id, n.placed_at, n.seq, n.units, n.total_cents, n.subtotal_cents, n.discount_cents, n.shipping_cents, n.discount_code, n.fulfilled_at, n.next_at));
    IF cardinality(changed) > 0 THEN
      PERFORM order_band_months_add(ARRAY(SELECT o::order_facts FROM o WHERE o.order_id = ANY(changed)), -1);
      PERFORM order_band_months_add(ARRAY(SELECT n::order_facts FROM n WHERE n.order_id = ANY(changed)), 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION analytics_note_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A store being deleted leaves nothing to fold: no note of its orders (the notes have no foreign key).
  IF TG_OP <> 'INSERT' AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = OLD.store_id) THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_changed_orders (store_id, order_id, customer_id, placed_at) VALUES (OLD.store_id, OLD.id, OLD.customer_id, OLD.placed_at);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.store_id, NEW.customer_id) IS DISTINCT FROM (OLD.store_id, OLD.customer_id)) THEN
    INSERT INTO analytics_changed_orders (store_id, order_id, customer_id) VALUES (NEW.store_id, NEW.id, NEW.customer_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION analytics_note_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A store being deleted leaves nothing to fold: no note of its lines (the notes have no foreign key).
  IF TG_OP <> 'INSERT' AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = OLD.store_id) THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_changed_orders (store_id, order_id) VALUES (OLD.store_id, OLD.order_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.order_id <> OLD.order_id) THEN
    INSERT INTO analytics_changed_orders (store_id, order_id) VALUES (NEW.store_id, NEW.order_id);
  END IF;
  RETURN NULL;
END $$;

-- The orders' tab counts (0481) are kept by the same kind of difference and were refused the same way.
CREATE OR REPLACE FUNCTION order_tab_counts_after_order_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A store being deleted takes its counts with it: its orders' deletions have nothing left to correct.
  IF TG_OP <> 'INSERT' AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = OLD.store_id) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM order_tab_counts_add('{}', ARRAY[NEW]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM order_tab_counts_add(ARRAY[OLD], ARRAY[NEW]);
  ELSE
    PERFORM order_tab_counts_add(ARRAY[OLD], '{}');
  END IF;
  RETURN NULL;
END $$;
