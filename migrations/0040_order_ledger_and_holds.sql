-- Orders (issue 16, first slice): an append-only ledger of what happened to each order, holds as
-- rows so several can coexist (each released by whoever released it, with a reason), and indexes
-- so every list filter of 000 §4 pages in SQL.

-- The status an order returns to when its last open hold is released.
ALTER TABLE orders
  ADD COLUMN held_from_status text CHECK (held_from_status IN ('OUTSTANDING', 'PROCESSING'));

CREATE TABLE order_holds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  -- Set by a person (set_by_user_id) or by a rule (set_by_rule names it).
  set_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  set_by_rule text,
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz,
  released_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  released_by_rule text,
  release_note text
);
CREATE INDEX order_holds_order_idx ON order_holds (order_id, created_at);
CREATE INDEX order_holds_open_idx ON order_holds (store_id, order_id) WHERE released_at IS NULL;

CREATE TABLE order_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('NOTE_ADDED', 'HOLD_PLACED', 'HOLD_RELEASED', 'STATUS_CHANGED', 'CANCELED')),
  from_status text,
  to_status text,
  message text NOT NULL DEFAULT '',
  hold_id uuid REFERENCES order_holds(id) ON DELETE SET NULL,
  actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor_rule text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX order_events_order_idx ON order_events (order_id, created_at, id);

-- Append-only: a ledger row is never rewritten (deleting the store or order still cascades).
CREATE FUNCTION order_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.hold_id IS DISTINCT FROM OLD.hold_id AND NEW.hold_id IS NULL AND NEW.kind = OLD.kind AND NEW.message = OLD.message THEN
    RETURN NEW; -- the ON DELETE SET NULL of a removed hold
  END IF;
  IF NEW.actor_user_id IS DISTINCT FROM OLD.actor_user_id AND NEW.actor_user_id IS NULL AND NEW.kind = OLD.kind AND NEW.message = OLD.message THEN
    RETURN NEW; -- the ON DELETE SET NULL of a removed user
  END IF;
  RAISE EXCEPTION 'order_events is append-only';
END $$;
CREATE TRIGGER order_events_no_update BEFORE UPDATE ON order_events FOR EACH ROW EXECUTE FUNCTION order_events_append_only();

-- List filters page in SQL: FULFILLED and CANCELED by their own stored state, RETURNS by the
-- lines that came back, search by number, customer name and email.
CREATE INDEX orders_store_fulfillment_idx ON orders (store_id, fulfillment_state, placed_at DESC);
CREATE INDEX orders_store_cancellation_idx ON orders (store_id, cancellation_state, placed_at DESC);
CREATE INDEX orders_store_total_idx ON orders (store_id, total_cents DESC);
CREATE INDEX orders_email_trgm_idx ON orders USING gin ((email::text) gin_trgm_ops);
CREATE INDEX customers_name_trgm_idx ON customers USING gin (name gin_trgm_ops);
CREATE INDEX order_line_items_returned_idx ON order_line_items (store_id, order_id) WHERE returned_quantity > 0;
