-- Shipping labels (issue 17, labels and rates): labels bought from a carrier through the payments
-- ledger, their tracking events over time, and the weight each SKU shipped at, so the preflight can
-- tell a declared weight that disagrees with what the store shipped before.

CREATE TABLE shipping_labels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'PURCHASED' CHECK (status IN ('PURCHASED', 'IN_TRANSIT', 'DELIVERED', 'VOIDED')),
  carrier text NOT NULL,
  service_code text NOT NULL,
  service_name text NOT NULL,
  tracking_number text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= price_cents),
  estimated_days integer NOT NULL,
  delivery_date date NOT NULL,
  zone text NOT NULL,
  billed_weight_lb numeric(10, 2) NOT NULL,
  is_return boolean NOT NULL DEFAULT false,
  return_of_id uuid REFERENCES shipping_labels(id) ON DELETE SET NULL,
  order_number integer,
  from_address jsonb NOT NULL,
  to_address jsonb NOT NULL,
  parcel jsonb NOT NULL,
  notes text NOT NULL DEFAULT '',
  customs jsonb NOT NULL DEFAULT '[]',
  surcharges jsonb NOT NULL DEFAULT '[]',
  sku text,
  charge_id text NOT NULL REFERENCES payment_charges(id),
  refund_id text,
  -- What search matches: tracking number, recipient, city, ZIP (kept in one column for one index).
  search_text text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  voided_at timestamptz,
  UNIQUE (store_id, tracking_number)
);
CREATE INDEX shipping_labels_store_idx ON shipping_labels (store_id, created_at DESC, id DESC);
CREATE INDEX shipping_labels_search_trgm_idx ON shipping_labels USING gin (search_text gin_trgm_ops);
-- One live outbound label per store order: a second one is a duplicate (voided ones and returns don't count).
CREATE UNIQUE INDEX shipping_labels_one_per_order_idx ON shipping_labels (store_id, order_number)
  WHERE order_number IS NOT NULL AND status <> 'VOIDED' AND NOT is_return;

CREATE TABLE shipping_label_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  label_id uuid NOT NULL REFERENCES shipping_labels(id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('LABEL_CREATED', 'ACCEPTED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED')),
  message text NOT NULL,
  location text NOT NULL DEFAULT '',
  occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (label_id, stage)
);
CREATE INDEX shipping_label_events_label_idx ON shipping_label_events (label_id, occurred_at);
