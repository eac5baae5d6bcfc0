-- Analytics (issue 20), cheap writes: the three rollups (customer_metrics 0100, order_facts 0170,
-- order_daily 0171) were kept by statement triggers that recomputed a customer's whole history (a
-- window over their orders, a lateral sum over every order's lines, twice: once for the order and
-- once for its lines) and every touched day of the store (a range read of the day's facts) on each
-- write. That made an order write cost almost three times a bare one (+188 %).
--
-- Here each rollup follows the one below it by row triggers that apply differences, O(1) per row:
--   orders, lines  →  order_facts  →  order_daily (sums of the day) and customer_metrics (sums and
--   first / last / previous order of the customer).
-- A new order that is its customer's latest (every live order) appends one fact row after the
-- customer's last one and sets that one's next_at; a line adds its units and returned value to its
-- order's fact. Anything that reorders a history (a back-dated order, a cancellation, a changed
-- customer or date, a deletion) still recomputes that customer's facts with refresh_order_facts
-- (0170), which writes only the rows that changed; the difference triggers below carry those
-- changes up, so the day and customer rollups stay exactly the sums of the facts either way.
-- refresh_customer_metrics (0100) and order_daily_rebuild_store (0171) stay as full recomputations:
-- the zone change and the tests' "equals a full recomputation" check use them.

DROP TRIGGER customer_metrics_orders_insert ON orders;
DROP TRIGGER customer_metrics_orders_update ON orders;
DROP TRIGGER customer_metrics_orders_delete ON orders;
DROP TRIGGER customer_metrics_lines_insert ON order_line_items;
DROP TRIGGER customer_metrics_lines_update ON order_line_items;
DROP TRIGGER order_facts_orders_insert ON orders;
DROP TRIGGER order_facts_orders_update ON orders;
DROP TRIGGER order_facts_orders_delete ON orders;
DROP TRIGGER order_facts_lines_insert ON order_line_items;
DROP TRIGGER order_facts_lines_update ON order_line_items;
DROP TRIGGER order_facts_lines_delete ON order_line_items;
DROP TRIGGER order_daily_facts_insert ON order_facts;
DROP TRIGGER order_daily_facts_delete ON order_facts;
DROP TRIGGER order_daily_facts_update ON order_facts;

-- The customer's latest fact in one index step (the append path), and their history in order.
CREATE INDEX order_facts_customer_placed_idx ON order_facts (customer_id, placed_at DESC, order_id DESC);
DROP INDEX order_facts_customer_idx;

-- The mean interval follows from first, last and count whichever path wrote the row; the same
-- expression as refresh_customer_metrics, so both give the same number.
CREATE FUNCTION customer_metrics_interval() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.avg_interval_days := CASE WHEN NEW.orders_count > 1
    THEN (extract(epoch FROM NEW.last_order_at - NEW.first_order_at) / 86400 / (NEW.orders_count - 1))::numeric END;
  RETURN NEW;
END $$;
CREATE TRIGGER customer_metrics_interval BEFORE INSERT OR UPDATE ON customer_metrics
  FOR EACH ROW EXECUTE FUNCTION customer_metrics_interval();

-- Adds differences to one day of the store's calendar (the day the moment falls on in the store's
-- zone); a day left without orders loses its row, as the full recomputation leaves it.
CREATE FUNCTION order_daily_add(store uuid, placed timestamptz, d_orders integer, d_first integer, d_revenue bigint, d_subtotal bigint,
                                d_discount bigint, d_shipping bigint, d_tax bigint, d_units bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC');
  left_orders integer;
BEGIN
  INSERT INTO order_daily AS d (store_id, day, timezone, orders, first_orders, revenue_cents, subtotal_cents, discount_cents, shipping_cents, tax_cents, units)
  VALUES (store, (placed AT TIME ZONE tz)::date, tz, d_orders, d_first, d_revenue, d_subtotal, d_discount, d_shipping, d_tax, d_units)
  ON CONFLICT (store_id, day) DO UPDATE SET
    orders = d.orders + EXCLUDED.orders, first_orders = d.first_orders + EXCLUDED.first_orders, revenue_cents = d.revenue_cents + EXCLUDED.revenue_cents,
    subtotal_cents = d.subtotal_cents + EXCLUDED.subtotal_cents, discount_cents = d.discount_cents + EXCLUDED.discount_cents,
    shipping_cents = d.shipping_cents + EXCLUDED.shipping_cents, tax_cents = d.tax_cents + EXCLUDED.tax_cents, units = d.units + EXCLUDED.units
  RETURNING d.orders INTO left_orders;
  IF left_orders = 0 THEN
    DELETE FROM order_daily d WHERE d.store_id = store AND d.day = (placed AT TIME ZONE tz)::date;
  END IF;
END $$;

-- A fact row's sums added to its day (sign 1) or taken away (sign -1).
CREATE FUNCTION order_daily_apply(f order_facts, sign integer) RETURNS void LANGUAGE sql AS $$
  SELECT order_daily_add(f.store_id, f.placed_at, sign, sign * (f.seq = 1)::int, sign * f.total_cents::bigint, sign * f.subtotal_cents::bigint,
                         sign * f.discount_cents::bigint, sign * f.shipping_cents::bigint, sign * f.tax_cents::bigint, sign * f.units::bigint);
$$;

-- Applies a fact row's arrival (f new, old null), departure (old, f null) or change to its
-- customer's rollup. Counts and sums move by the difference; first, last and previous order come
-- from the fact itself, which always carries its final values: first_at is the customer's first
-- order, a row without next_at is the customer's latest, a row with seq 1 their first.
CREATE FUNCTION customer_metrics_apply(customer uuid, store uuid, d_count integer, d_revenue bigint, d_returned bigint, f order_facts) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF f.order_id IS NULL THEN
    -- The customer's last fact left: the row goes (the CHECK keeps orders_count above 0).
    DELETE FROM customer_metrics m WHERE m.customer_id = customer AND m.orders_count + d_count <= 0;
    IF FOUND THEN RETURN; END IF;
  END IF;
  UPDATE customer_metrics m SET
    orders_count = m.orders_count + d_count, revenue_cents = m.revenue_cents + d_revenue, returned_cents = m.returned_cents + d_returned,
    first_order_at = coalesce(f.first_at, m.first_order_at),
    last_order_at = CASE WHEN f.order_id IS NOT NULL AND f.next_at IS NULL THEN f.placed_at ELSE m.last_order_at END,
    previous_order_at = CASE WHEN f.order_id IS NOT NULL AND f.next_at IS NULL THEN f.prev_at ELSE m.previous_order_at END,
    first_origin = CASE WHEN f.seq = 1 THEN f.origin ELSE m.first_origin END,
    updated_at = now()
   WHERE m.customer_id = customer;
  IF NOT FOUND AND f.order_id IS NOT NULL THEN
    -- The customer's first fact (or the first of a recomputed history: its other rows follow in the
    -- same statement and correct last, previous and origin through the UPDATE above).
    INSERT INTO customer_metrics (customer_id, store_id, first_order_at, last_order_at, previous_order_at, orders_count, revenue_cents, returned_cents, first_origin, updated_at)
    VALUES (customer, store, f.first_at, f.placed_at, f.prev_at, d_count, d_revenue, d_returned, f.origin, now());
  END IF;
END $$;

CREATE FUNCTION order_facts_rollups_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_daily_apply(NEW, 1);
  IF NEW.customer_id IS NOT NULL THEN
    PERFORM customer_metrics_apply(NEW.customer_id, NEW.store_id, 1, NEW.total_cents::bigint, NEW.returned_cents, NEW);
  END IF;
  RETURN NULL;
END $$;
CREATE FUNCTION order_facts_rollups_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_daily_apply(OLD, -1);
  IF OLD.customer_id IS NOT NULL THEN
    PERFORM customer_metrics_apply(OLD.customer_id, OLD.store_id, -1, -OLD.total_cents::bigint, -OLD.returned_cents, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE FUNCTION order_facts_rollups_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The day's sums: only when a summed column, the day or the first-order flag moved (a new order
  -- sets its predecessor's next_at, which no day sums).
  IF (NEW.store_id, NEW.placed_at, NEW.seq = 1, NEW.total_cents, NEW.subtotal_cents, NEW.discount_cents, NEW.shipping_cents, NEW.tax_cents, NEW.units)
     IS DISTINCT FROM (OLD.store_id, OLD.placed_at, OLD.seq = 1, OLD.total_cents, OLD.subtotal_cents, OLD.discount_cents, OLD.shipping_cents, OLD.tax_cents, OLD.units) THEN
    IF (NEW.store_id, NEW.placed_at) = (OLD.store_id, OLD.placed_at) THEN
      -- Same day (a line's units, a changed total, a new first order): one difference.
      PERFORM order_daily_add(NEW.store_id, NEW.placed_at, 0, (NEW.seq = 1)::int - (OLD.seq = 1)::int, NEW.total_cents::bigint - OLD.total_cents,
                              NEW.subtotal_cents::bigint - OLD.subtotal_cents, NEW.discount_cents::bigint - OLD.discount_cents,
                              NEW.shipping_cents::bigint - OLD.shipping_cents, NEW.tax_cents::bigint - OLD.tax_cents, NEW.units::bigint - OLD.units);
    ELSE
      PERFORM order_daily_apply(OLD, -1);
      PERFORM order_daily_apply(NEW, 1);
    END IF;
  END IF;
  IF OLD.customer_id IS DISTINCT FROM NEW.customer_id THEN
    IF OLD.customer_id IS NOT NULL THEN
      PERFORM customer_metrics_apply(OLD.customer_id, OLD.store_id, -1, -OLD.total_cents::bigint, -OLD.returned_cents, NULL);
    END IF;
    IF NEW.customer_id IS NOT NULL THEN
      PERFORM customer_metrics_apply(NEW.customer_id, NEW.store_id, 1, NEW.total_cents::bigint, NEW.returned_cents, NEW);
    END IF;
  ELSIF NEW.customer_id IS NOT NULL
        AND (NEW.total_cents, NEW.returned_cents, NEW.first_at, NEW.seq = 1, NEW.origin, NEW.next_at IS NULL, NEW.placed_at, NEW.prev_at)
            IS DISTINCT FROM (OLD.total_cents, OLD.returned_cents, OLD.first_at, OLD.seq = 1, OLD.origin, OLD.next_at IS NULL, OLD.placed_at, OLD.prev_at) THEN
    PERFORM customer_metrics_apply(NEW.customer_id, NEW.store_id, 0, (NEW.total_cents - OLD.total_cents)::bigint, NEW.returned_cents - OLD.returned_cents, NEW);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_facts_rollups_insert AFTER INSERT ON order_facts FOR EACH ROW EXECUTE FUNCTION order_facts_rollups_after_insert();
CREATE TRIGGER order_facts_rollups_update AFTER UPDATE ON order_facts FOR EACH ROW EXECUTE FUNCTION order_facts_rollups_after_update();
CREATE TRIGGER order_facts_rollups_delete AFTER DELETE ON order_facts FOR EACH ROW EXECUTE FUNCTION order_facts_rollups_after_delete();

-- A new order: appended after its customer's latest fact, or its customer's history recomputed
-- when it lands before that one (a back-dated import). Its lines come after it (their foreign key),
-- so it starts with no units; the line trigger below adds them.
CREATE FUNCTION order_facts_after_order_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last order_facts%ROWTYPE;
BEGIN
  IF NEW.cancellation_state = 'CANCELED' THEN RETURN NULL; END IF;
  IF NEW.customer_id IS NOT NULL THEN
    -- Two writers of one customer's orders take turns, so neither appends after a stale latest (an
    -- advisory lock: no row of another domain's table is written for it).
    PERFORM pg_advisory_xact_lock(hashtext('order_facts.customer:' || NEW.customer_id::text));
    SELECT * INTO last FROM order_facts f WHERE f.customer_id = NEW.customer_id ORDER BY f.placed_at DESC, f.order_id DESC LIMIT 1;
    IF FOUND AND (last.placed_at, last.order_id) >= (NEW.placed_at, NEW.id) THEN
      PERFORM refresh_order_facts(ARRAY[NEW.customer_id], ARRAY[]::uuid[]);
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO order_facts (order_id, store_id, customer_id, order_number, placed_at, seq, prev_at, next_at, first_at, total_cents, subtotal_cents,
                           discount_cents, shipping_cents, tax_cents, origin, discount_code, country, fulfilled_at, units, returned_cents)
  VALUES (NEW.id, NEW.store_id, NEW.customer_id, NEW.order_number, NEW.placed_at, coalesce(last.seq, 0) + 1, last.placed_at, NULL,
          coalesce(last.first_at, NEW.placed_at), NEW.total_cents, NEW.subtotal_cents, NEW.discount_cents, NEW.shipping_cents, NEW.tax_cents,
          NEW.origin, NEW.discount_code, NEW.shipping_country_code, NEW.fulfilled_at, 0, 0)
  ON CONFLICT (order_id) DO NOTHING;
  IF last.order_id IS NOT NULL THEN
    UPDATE order_facts f SET next_at = NEW.placed_at WHERE f.order_id = last.order_id;
  END IF;
  RETURN NULL;
END $$;

-- A changed order: columns that don't move it in its customer's history are copied onto its fact
-- (fulfilment, totals, origin); a changed customer, date, store or cancellation recomputes the
-- histories it leaves and joins.
CREATE FUNCTION order_facts_after_order_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.customer_id, NEW.placed_at, NEW.store_id, NEW.cancellation_state = 'CANCELED')
     IS NOT DISTINCT FROM (OLD.customer_id, OLD.placed_at, OLD.store_id, OLD.cancellation_state = 'CANCELED') THEN
    IF NEW.cancellation_state <> 'CANCELED'
       AND (NEW.order_number, NEW.total_cents, NEW.subtotal_cents, NEW.discount_cents, NEW.shipping_cents, NEW.tax_cents, NEW.origin, NEW.discount_code,
            NEW.shipping_country_code, NEW.fulfilled_at)
           IS DISTINCT FROM (OLD.order_number, OLD.total_cents, OLD.subtotal_cents, OLD.discount_cents, OLD.shipping_cents, OLD.tax_cents, OLD.origin,
                             OLD.discount_code, OLD.shipping_country_code, OLD.fulfilled_at) THEN
      UPDATE order_facts f SET order_number = NEW.order_number, total_cents = NEW.total_cents, subtotal_cents = NEW.subtotal_cents,
             discount_cents = NEW.discount_cents, shipping_cents = NEW.shipping_cents, tax_cents = NEW.tax_cents, origin = NEW.origin,
             discount_code = NEW.discount_code, country = NEW.shipping_country_code, fulfilled_at = NEW.fulfilled_at
       WHERE f.order_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  PERFORM refresh_order_facts(ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[OLD.customer_id, NEW.customer_id]) x WHERE x IS NOT NULL), ARRAY[NEW.id]);
  RETURN NULL;
END $$;

-- A deleted order's fact goes with it (foreign key); the rest of its customer's history closes up.
CREATE FUNCTION order_facts_after_order_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.customer_id IS NOT NULL THEN
    PERFORM refresh_order_facts(ARRAY[OLD.customer_id], ARRAY[]::uuid[]);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_facts_order_insert AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION order_facts_after_order_insert();
CREATE TRIGGER order_facts_order_update AFTER UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION order_facts_after_order_update();
CREATE TRIGGER order_facts_order_delete AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION order_facts_after_order_delete();

-- A line adds its units and returned value to its order's fact; a change or removal moves them.
CREATE FUNCTION order_facts_after_line_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.order_id = OLD.order_id THEN
    -- A return recorded on a line (the common update): one difference on its order.
    IF (NEW.quantity, NEW.returned_quantity, NEW.unit_price_cents) IS DISTINCT FROM (OLD.quantity, OLD.returned_quantity, OLD.unit_price_cents) THEN
      UPDATE order_facts f SET units = f.units + NEW.quantity - OLD.quantity,
             returned_cents = f.returned_cents + NEW.returned_quantity::bigint * NEW.unit_price_cents - OLD.returned_quantity::bigint * OLD.unit_price_cents
       WHERE f.order_id = NEW.order_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE order_facts f SET units = f.units - OLD.quantity, returned_cents = f.returned_cents - OLD.returned_quantity::bigint * OLD.unit_price_cents
     WHERE f.order_id = OLD.order_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE order_facts f SET units = f.units + NEW.quantity, returned_cents = f.returned_cents + NEW.returned_quantity::bigint * NEW.unit_price_cents
     WHERE f.order_id = NEW.order_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_facts_line_change AFTER INSERT OR UPDATE OR DELETE ON order_line_items FOR EACH ROW EXECUTE FUNCTION order_facts_after_line_change();
