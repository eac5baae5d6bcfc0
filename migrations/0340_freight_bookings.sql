-- Freight bookings (issue 17; 000 §2.2 /fulfillment-services/book-freight-shipment): cargo booked
-- by air, LCL or FCL from an origin port to the fulfilment center, charged through the payments
-- ledger, with a timeline advanced by the freight provider's job. On delivery it becomes an
-- inbound receiving (receiving_id) with the goods as its expected lines.

CREATE TABLE freight_bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  reference text NOT NULL CHECK (length(reference) BETWEEN 4 AND 60),
  status text NOT NULL DEFAULT 'BOOKED'
    CHECK (status IN ('BOOKED', 'PICKED_UP', 'DEPARTED', 'ARRIVED', 'CUSTOMS_CLEARED', 'DELIVERED')),
  origin_code text NOT NULL CHECK (origin_code ~ '^[A-Z]{5}$'),
  mode text NOT NULL CHECK (mode IN ('AIR', 'LCL', 'FCL')),
  containers jsonb NOT NULL DEFAULT '[]',
  cartons integer NOT NULL CHECK (cartons BETWEEN 1 AND 1000),
  weight_kg numeric(12, 3) NOT NULL CHECK (weight_kg > 0),
  volume_cbm numeric(10, 3) NOT NULL CHECK (volume_cbm > 0),
  -- The declared goods: [{ sku, description, hsCode, units, valueCents }].
  goods jsonb NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  transit_days integer NOT NULL CHECK (transit_days > 0),
  arrival_date date NOT NULL,
  duty jsonb NOT NULL,
  duty_cents integer NOT NULL CHECK (duty_cents >= 0),
  -- One booking per ledger charge: a retry that charged once finds the booking it made.
  charge_id text NOT NULL,
  receiving_id uuid REFERENCES receivings(id) ON DELETE SET NULL,
  -- Its number as people say it (RCV-1004), kept with the link so lists need no join across domains.
  receiving_sn text,
  created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, charge_id),
  UNIQUE (store_id, reference)
);
CREATE INDEX freight_bookings_store_idx ON freight_bookings (store_id, created_at DESC, id DESC);

-- The timeline: one row per stage reached, as the provider reported it. Append-only.
CREATE TABLE freight_booking_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  booking_id uuid NOT NULL REFERENCES freight_bookings(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('BOOKED', 'PICKED_UP', 'DEPARTED', 'ARRIVED', 'CUSTOMS_CLEARED', 'DELIVERED')),
  message text NOT NULL,
  location text NOT NULL DEFAULT '',
  occurred_at timestamptz NOT NULL,
  UNIQUE (booking_id, status)
);
CREATE INDEX freight_booking_events_booking_idx ON freight_booking_events (booking_id, occurred_at);
