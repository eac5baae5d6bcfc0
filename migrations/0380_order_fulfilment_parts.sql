-- Split by stock (issue 16): a fulfilment rule may split an arriving order whose stock is short
-- into parts, as Shopify's fulfilment orders do: one order, several parts, each with its own lines
-- and status. The part in stock ships now; the backorder part WAITS (its reason says what is short)
-- until stock arrives, then opens and ships as a second shipment. Orders never split keep no rows.

CREATE TABLE order_fulfilment_parts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  -- 1 ships first; the backorder is 2.
  position integer NOT NULL CHECK (position >= 1),
  -- OPEN: can be sent now; WAITING: short of stock; IN_PROGRESS: at the fulfilment center.
  status text NOT NULL CHECK (status IN ('OPEN', 'WAITING', 'IN_PROGRESS', 'SHIPPED', 'CANCELED')),
  wait_reason text,
  split_by_rule text NOT NULL,
  -- The trip through the fulfilment center that took this part.
  fulfilment_id uuid REFERENCES fulfilments(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  released_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, position)
);
-- Stock arriving looks for the store's waiting parts, first split first released.
CREATE INDEX order_fulfilment_parts_waiting_idx ON order_fulfilment_parts (store_id, created_at) WHERE status = 'WAITING';
CREATE INDEX order_fulfilment_parts_fulfilment_idx ON order_fulfilment_parts (fulfilment_id) WHERE fulfilment_id IS NOT NULL;

CREATE TABLE order_fulfilment_part_lines (
  part_id uuid NOT NULL REFERENCES order_fulfilment_parts(id) ON DELETE CASCADE,
  line_id uuid NOT NULL REFERENCES order_line_items(id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (part_id, line_id)
);
