-- Analytics (issue 20): per-month order bands, so the order reports that group every order of their
-- range by an hour, a value band, a place in the history, a basket size, a discount code or a day read a
-- few hundred rollup rows for the whole months of a two-year range instead of 100,000 fact rows.
--
-- order_band_months: one row per store, month of the store's calendar, dimension and band, with the sums
-- the reports need (every measure is a sum or a count, so the rows add up across months exactly):
--   hour      the hour of the order in the store's zone (order time analysis)
--   ship      $10 band of the items' value after discounts, 20 for $200 and up (free shipping threshold)
--   seq       the order's place in its customer's history, 5 for the 5th and later (AOV by order count)
--   basket    the units in the order, 1 for one or none, 6 for six or more (items per basket)
--   discount  '' without a code, '#' || the code with one (discounts)
--   day       the day in the store's zone, YYYY-MM-DD (fulfilment metrics by day, week or month)
--   first     first orders only, by the lower edge of their value band (first order value)
-- `latest_at` is the latest fulfilment (day) or next order (first) among the row's orders, an upper bound (a
-- difference never lowers it). A report whose as-of moment comes before it reads that month from the facts,
-- where a fulfilment or a next order after the as-of moment does not count yet.
--
-- Kept by statement triggers on order_facts (so by the fold, outside the order's transaction: the write
-- pays nothing): each statement's old rows are subtracted and its new rows added, grouped, in one upsert;
-- a row left without orders is deleted. A zone change rebuilds the store's rows.

CREATE TABLE order_band_months (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  dim text NOT NULL,
  -- The first day of the month in the store's zone.
  month date NOT NULL,
  band text NOT NULL,
  timezone text NOT NULL,
  orders integer NOT NULL,
  revenue_cents bigint NOT NULL,
  subtotal_cents bigint NOT NULL,
  discount_cents bigint NOT NULL,
  paid_shipping integer NOT NULL,
  fulfilled integer NOT NULL,
  -- The sum of each fulfilled order's hours from placing to fulfilment, as the report's average sums them.
  fulfil_hours numeric NOT NULL,
  within_48h integer NOT NULL,
  -- First orders followed by another order (the rollup counts every next order; reports as of earlier read the facts).
  repeated integer NOT NULL,
  latest_at timestamptz,
  PRIMARY KEY (store_id, dim, month, band)
);

-- One fact's rows, one per dimension, with a fulfilment after `as_of` not counted (the reports' edges
-- pass their as-of moment; the rollup passes infinity). The reports read the same function over the
-- facts of their range's partial months, so both sides band and count an order the same way.
CREATE FUNCTION order_bands(f order_facts, tz text, as_of timestamptz)
RETURNS TABLE (dim text, band text, month date, orders integer, revenue_cents bigint, subtotal_cents bigint, discount_cents bigint,
               paid_shipping integer, fulfilled integer, fulfil_hours numeric, within_48h integer, repeated integer, latest_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT d.dim, d.band, date_trunc('month', l.local_at)::date, 1, f.total_cents::bigint, f.subtotal_cents::bigint, f.discount_cents::bigint,
         (f.shipping_cents > 0)::int, (l.ful IS NOT NULL)::int, coalesce(extract(epoch FROM l.ful - f.placed_at) / 3600, 0),
         coalesce((l.ful - f.placed_at <= interval '48 hours')::int, 0), coalesce((f.next_at < as_of)::int, 0), d.latest_at
    FROM (SELECT f.placed_at AT TIME ZONE tz AS local_at, CASE WHEN f.fulfilled_at < as_of THEN f.fulfilled_at END AS ful) l,
         LATERAL (VALUES ('hour', extract(hour FROM l.local_at)::int::text, NULL::timestamptz),
                         ('ship', least(floor((f.subtotal_cents - f.discount_cents) / 1000.0), 20)::int::text, NULL),
                         ('seq', least(f.seq, 5)::text, NULL),
                         ('basket', greatest(least(f.units, 6), 1)::text, NULL),
                         ('discount', CASE WHEN f.discount_code IS NULL THEN '' ELSE '#' || f.discount_code END, NULL),
                         ('day', to_char(l.local_at, 'YYYY-MM-DD'), f.fulfilled_at),
                         -- First orders only, by the lower edge of their value band; whether a next order came by the as-of moment.
                         ('first', CASE WHEN f.seq = 1 THEN (CASE WHEN f.total_cents < 2500 THEN 0 WHEN f.total_cents < 5000 THEN 2500 WHEN f.total_cents < 7500 THEN 5000
                                   WHEN f.total_cents < 10000 THEN 7500 WHEN f.total_cents < 15000 THEN 10000 WHEN f.total_cents < 25000 THEN 15000 ELSE 25000 END)::text END,
                          f.next_at)) d(dim, band, latest_at)
   WHERE d.band IS NOT NULL
$$;

-- Adds (sign 1) or subtracts (sign -1) the given facts' rows; a row left without orders is deleted.
CREATE FUNCTION order_band_months_add(facts order_facts[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_band_months AS x (store_id, dim, month, band, timezone, orders, revenue_cents, subtotal_cents, discount_cents, paid_shipping,
                                      fulfilled, fulfil_hours, within_48h, repeated, latest_at)
  SELECT f.store_id, b.dim, b.month, b.band, z.tz, sign * sum(b.orders), sign * sum(b.revenue_cents), sign * sum(b.subtotal_cents),
         sign * sum(b.discount_cents), sign * sum(b.paid_shipping), sign * sum(b.fulfilled), sign * sum(b.fulfil_hours),
         sign * sum(b.within_48h), sign * sum(b.repeated), CASE WHEN sign > 0 THEN max(b.latest_at) END
    FROM unnest(facts) f
    JOIN LATERAL (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = f.store_id), 'UTC') AS tz) z ON TRUE
    CROSS JOIN LATERAL order_bands(f, z.tz, 'infinity') b
   GROUP BY f.store_id, b.dim, b.month, b.band, z.tz
  ON CONFLICT (store_id, dim, month, band) DO UPDATE SET
    orders = x.orders + EXCLUDED.orders, revenue_cents = x.revenue_cents + EXCLUDED.revenue_cents, subtotal_cents = x.subtotal_cents + EXCLUDED.subtotal_cents,
    discount_cents = x.discount_cents + EXCLUDED.discount_cents, paid_shipping = x.paid_shipping + EXCLUDED.paid_shipping,
    fulfilled = x.fulfilled + EXCLUDED.fulfilled, fulfil_hours = x.fulfil_hours + EXCLUDED.fulfil_hours, within_48h = x.within_48h + EXCLUDED.within_48h,
    repeated = x.repeated + EXCLUDED.repeated, latest_at = greatest(x.latest_at, EXCLUDED.latest_at);
  DELETE FROM order_band_months x WHERE x.store_id IN (SELECT DISTINCT f.store_id FROM unnest(facts) f) AND x.orders = 0;
$$;

-- One statement on order_facts (transition tables `o` and `n`): its old rows subtracted, its new rows added.
CREATE FUNCTION order_band_months_after_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_band_months_add(ARRAY(SELECT n::order_facts FROM n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_band_months_add(ARRAY(SELECT o::order_facts FROM o), -1);
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
CREATE TRIGGER order_band_months_facts_insert AFTER INSERT ON order_facts REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION order_band_months_after_facts();
CREATE TRIGGER order_band_months_facts_update AFTER UPDATE ON order_facts REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION order_band_months_after_facts();
CREATE TRIGGER order_band_months_facts_delete AFTER DELETE ON order_facts REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION order_band_months_after_facts();

-- The full recomputation of one store's rows from its facts (the zone change, the backfill, and the test
-- that compares the kept rows with it).
CREATE FUNCTION order_band_months_rebuild_store(store uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_band_months WHERE store_id = store;
  INSERT INTO order_band_months (store_id, dim, month, band, timezone, orders, revenue_cents, subtotal_cents, discount_cents, paid_shipping,
                                 fulfilled, fulfil_hours, within_48h, repeated, latest_at)
  SELECT store, b.dim, b.month, b.band, z.tz, sum(b.orders), sum(b.revenue_cents), sum(b.subtotal_cents), sum(b.discount_cents), sum(b.paid_shipping),
         sum(b.fulfilled), sum(b.fulfil_hours), sum(b.within_48h), sum(b.repeated), max(b.latest_at)
    FROM (SELECT coalesce((SELECT c.timezone FROM store_configs c WHERE c.store_id = store), 'UTC') AS tz) z,
         order_facts f CROSS JOIN LATERAL order_bands(f, z.tz, 'infinity') b
   WHERE f.store_id = store
   GROUP BY b.dim, b.month, b.band, z.tz;
$$;
CREATE FUNCTION order_band_months_after_zone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_band_months_rebuild_store(NEW.store_id);
  RETURN NULL;
END $$;
CREATE TRIGGER order_band_months_zone_change AFTER UPDATE OF timezone ON store_configs
  FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone) EXECUTE FUNCTION order_band_months_after_zone_change();

-- Backfill: the orders noted but not folded yet first (0420), then every store with orders today.
SELECT analytics_fold_changes(s.store_id) FROM (SELECT DISTINCT store_id FROM analytics_changed_orders) s;
SELECT order_band_months_rebuild_store(s.store_id) FROM (SELECT DISTINCT store_id FROM order_facts) s;
