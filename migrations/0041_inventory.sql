-- Inventory (issue 16, second slice): stock per SKU and bin (on hand, reserved for open orders,
-- incoming from receivings; available = on hand - reserved, never negative), an append-only
-- movement ledger (every adjustment with its reason, every reservation, release and shipment), and
-- each order line's reservations, so a cancel releases exactly what the order held.

CREATE TABLE inventory_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  sku text NOT NULL CHECK (sku ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  -- At or below this many available units the SKU shows as low stock.
  low_stock_threshold integer NOT NULL DEFAULT 5 CHECK (low_stock_threshold BETWEEN 0 AND 1000000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, sku)
);
CREATE INDEX inventory_items_title_trgm_idx ON inventory_items USING gin (title gin_trgm_ops);

CREATE TABLE inventory_levels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  item_id uuid NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
  -- A named storage place in the fulfilment center (Shopify's bins), e.g. A-01.
  bin text NOT NULL CHECK (bin ~ '^[A-Z0-9][A-Z0-9-]{0,31}$'),
  on_hand integer NOT NULL DEFAULT 0 CHECK (on_hand >= 0),
  reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0),
  incoming integer NOT NULL DEFAULT 0 CHECK (incoming >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (reserved <= on_hand),
  UNIQUE (item_id, bin)
);
CREATE INDEX inventory_levels_store_idx ON inventory_levels (store_id, item_id);

CREATE TABLE inventory_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  item_id uuid NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
  bin text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('ADJUSTED', 'RESERVED', 'RELEASED', 'SHIPPED', 'RECEIVED', 'RESTOCKED')),
  -- For ADJUSTED: why (counted, damaged, lost, found, received outside a receiving, other).
  reason text CHECK (reason IN ('COUNT_CORRECTION', 'DAMAGED', 'LOST', 'FOUND', 'RECEIVED', 'OTHER')),
  on_hand_change integer NOT NULL DEFAULT 0,
  reserved_change integer NOT NULL DEFAULT 0,
  on_hand_after integer NOT NULL,
  reserved_after integer NOT NULL,
  note text NOT NULL DEFAULT '',
  order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
  actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor_rule text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX inventory_movements_item_idx ON inventory_movements (item_id, created_at DESC, id DESC);

-- Append-only: a movement is never rewritten; only the ON DELETE SET NULL of a removed order or user passes.
CREATE FUNCTION inventory_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.order_id IS NULL OR NEW.order_id = OLD.order_id) AND (NEW.actor_user_id IS NULL OR NEW.actor_user_id = OLD.actor_user_id)
     AND ROW(NEW.id, NEW.item_id, NEW.bin, NEW.kind, NEW.reason, NEW.on_hand_change, NEW.reserved_change, NEW.on_hand_after, NEW.reserved_after, NEW.note, NEW.created_at)
         IS NOT DISTINCT FROM ROW(OLD.id, OLD.item_id, OLD.bin, OLD.kind, OLD.reason, OLD.on_hand_change, OLD.reserved_change, OLD.on_hand_after, OLD.reserved_after, OLD.note, OLD.created_at)
     AND (NEW.order_id IS DISTINCT FROM OLD.order_id OR NEW.actor_user_id IS DISTINCT FROM OLD.actor_user_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'inventory_movements is append-only';
END $$;
CREATE TRIGGER inventory_movements_no_update BEFORE UPDATE ON inventory_movements FOR EACH ROW EXECUTE FUNCTION inventory_movements_append_only();

-- What each order line holds of which bin: RESERVED while the order is open, RELEASED when it is
-- canceled, SHIPPED when the fulfilment provider ships it (on hand and reserved both go down).
CREATE TABLE order_reservations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  line_id uuid NOT NULL REFERENCES order_line_items(id) ON DELETE CASCADE,
  level_id uuid NOT NULL REFERENCES inventory_levels(id) ON DELETE RESTRICT,
  quantity integer NOT NULL CHECK (quantity > 0),
  status text NOT NULL DEFAULT 'RESERVED' CHECK (status IN ('RESERVED', 'RELEASED', 'SHIPPED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz
);
CREATE INDEX order_reservations_order_idx ON order_reservations (order_id, status);
CREATE INDEX order_reservations_level_idx ON order_reservations (level_id) WHERE status = 'RESERVED';
