-- Purchasing from suppliers (cart, invoices, card payments, shipping addresses), custom projects
-- (RFPs) and uploaded files. Extends creator_order_items of 0006.

-- An invoice is the store's cart while OPEN; paying it moves its order items into production.
-- sn is the public invoice number: long and random because knowing it is enough to pay.
CREATE TABLE creator_invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  sn text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CHARGE_PENDING', 'PAID', 'VOID')),
  promotion_code text,
  paid_amount_cents integer CHECK (paid_amount_cents >= 0),
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  charge_id text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One cart per store: at most one invoice is open or being charged at a time.
CREATE UNIQUE INDEX creator_invoices_one_cart_idx ON creator_invoices (store_id) WHERE status IN ('OPEN', 'CHARGE_PENDING');
CREATE INDEX creator_invoices_store_idx ON creator_invoices (store_id, created_at DESC);

ALTER TABLE creator_order_items ADD COLUMN is_archived boolean NOT NULL DEFAULT false;
ALTER TABLE creator_order_items ADD COLUMN archived_at timestamptz;
ALTER TABLE creator_order_items ADD COLUMN invoice_id uuid REFERENCES creator_invoices(id) ON DELETE SET NULL;
ALTER TABLE creator_order_items ADD COLUMN color text;
ALTER TABLE creator_order_items ADD COLUMN note text NOT NULL DEFAULT '';
ALTER TABLE creator_order_items ADD COLUMN purchase_event_at timestamptz;
CREATE INDEX creator_order_items_store_created_idx ON creator_order_items (store_id, created_at DESC);
CREATE INDEX creator_order_items_invoice_idx ON creator_order_items (invoice_id);

-- Prices are copied when the item joins the invoice, so a later price change cannot alter what is owed.
CREATE TABLE creator_invoice_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES creator_invoices(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_item_id uuid NOT NULL REFERENCES creator_order_items(id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (invoice_id, order_item_id)
);
CREATE INDEX creator_invoice_items_store_idx ON creator_invoice_items (store_id);
CREATE INDEX creator_invoice_items_order_item_idx ON creator_invoice_items (order_item_id);

-- One row per payment attempt. The Idempotency-Key (or a generated one) is unique per invoice, so
-- a replayed request finds its attempt and returns the recorded answer instead of charging again.
CREATE TABLE creator_invoice_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES creator_invoices(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('CARD', 'PAYPAL')),
  payer text NOT NULL CHECK (payer IN ('STORE', 'PUBLIC')),
  idempotency_key text NOT NULL,
  provider_key text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'COMPLETED', 'INSTRUMENT_DECLINED')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  charge_id text,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (invoice_id, idempotency_key)
);
CREATE INDEX creator_invoice_payments_store_idx ON creator_invoice_payments (store_id, created_at DESC);

CREATE TABLE creator_invoice_shipping_addresses (
  invoice_id uuid PRIMARY KEY REFERENCES creator_invoices(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  name text NOT NULL,
  line1 text NOT NULL,
  line2 text,
  city text NOT NULL,
  state text,
  postal_code text NOT NULL,
  country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  phone text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Custom projects (RFPs): a request for a product, packaging or service that a supplier or the
-- sourcing team quotes. colors keeps the spec's name|hex|variant;… text, validated on the way in.
CREATE TABLE creator_projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  title text NOT NULL DEFAULT '',
  catalog_item_type text NOT NULL DEFAULT 'RFP_PRODUCT' CHECK (catalog_item_type IN ('RFP_PRODUCT', 'RFP_PACKAGING', 'RFP_SERVICES')),
  description text NOT NULL DEFAULT '',
  packaging_material text NOT NULL DEFAULT '',
  print_detail text NOT NULL DEFAULT '',
  quantity integer CHECK (quantity > 0),
  target_completion_date date,
  colors text NOT NULL DEFAULT '',
  attachments text[] NOT NULL DEFAULT '{}',
  form_stage text NOT NULL DEFAULT 'PREVIEW' CHECK (form_stage IN ('PREVIEW', 'FORM', 'COMPLETE')),
  supplier_id uuid REFERENCES suppliers(id) ON DELETE SET NULL,
  catalog_item_id uuid REFERENCES catalog_items(id) ON DELETE SET NULL,
  is_archived boolean NOT NULL DEFAULT false,
  submitted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX creator_projects_store_idx ON creator_projects (store_id, is_archived, updated_at DESC);

-- Files people upload. A large file is registered first (PENDING, with an expiring signed PUT
-- URL) and becomes STORED when its bytes arrive.
CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  extension text NOT NULL,
  content_type text NOT NULL,
  attachment_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  status text NOT NULL DEFAULT 'STORED' CHECK (status IN ('PENDING', 'STORED')),
  -- SHA-256 of the single-use PUT token; the token itself is only in the URL handed to the uploader.
  put_token_hash text,
  put_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  stored_at timestamptz
);
CREATE INDEX uploads_store_idx ON uploads (store_id, created_at DESC);
