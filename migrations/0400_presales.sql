-- Pre-sale (issue 17): a store sells a SKU before its stock arrives, tied to an incoming receiving
-- or freight booking, up to a cap of units, with an expected ship date. An order short of the
-- SKU's stock becomes a pre-order: it waits on a "Pre-sale" hold and, when stock is received, is
-- allocated first come, first served (the identity column is the queue's order).

CREATE TABLE presales (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  item_id uuid NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
  -- The SKU and its name when the pre-sale started (an order's shortfall names the SKU).
  sku text NOT NULL,
  title text NOT NULL,
  -- What waits for it, kept with the link so lists need no join across domains.
  receiving_id uuid REFERENCES receivings(id) ON DELETE SET NULL,
  freight_booking_id uuid REFERENCES freight_bookings(id) ON DELETE SET NULL,
  source_kind text NOT NULL CHECK (source_kind IN ('RECEIVING', 'FREIGHT')),
  source_ref text NOT NULL,
  cap integer NOT NULL CHECK (cap BETWEEN 1 AND 1000000),
  -- Units pre-ordered and not canceled; the conditional update and this check keep it under the cap.
  sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0 AND sold <= cap),
  expected_ship_date date NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'ENDED')),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
-- One live pre-sale per SKU: an order's shortfall knows which cap it counts against.
CREATE UNIQUE INDEX presales_active_item_idx ON presales (store_id, item_id) WHERE status = 'ACTIVE';
CREATE INDEX presales_store_idx ON presales (store_id, created_at DESC);

CREATE TABLE presale_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  presale_id uuid NOT NULL REFERENCES presales(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  -- The order's number and customer as people say them, and the hold it waits on.
  order_number integer NOT NULL,
  customer_name text NOT NULL,
  hold_id uuid NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  -- First come, first served: allocation walks the queue by this number.
  queue_position bigint GENERATED ALWAYS AS IDENTITY,
  status text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'ALLOCATED', 'CANCELED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  allocated_at timestamptz,
  UNIQUE (presale_id, order_id)
);
CREATE INDEX presale_orders_queue_idx ON presale_orders (store_id, presale_id, queue_position);
CREATE INDEX presale_orders_order_idx ON presale_orders (store_id, order_id);
