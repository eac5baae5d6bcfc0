-- A store's own commerce: its customers and the orders they place (synced, imported or entered
-- by hand), and the store's purchases from suppliers (samples and production runs).
CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  email citext NOT NULL,
  name text NOT NULL DEFAULT '',
  phone_number text,
  country_code text CHECK (country_code ~ '^[A-Z]{2}$'),
  -- State or province code within the country ("CA", "ON").
  region text,
  city text,
  accepts_marketing boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, email)
);
CREATE INDEX customers_store_created_idx ON customers (store_id, created_at DESC);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  -- Per store, counting up from 1001 as store platforms do.
  order_number integer NOT NULL CHECK (order_number > 0),
  origin text NOT NULL CHECK (origin IN ('SHOPIFY_PLATFORM', 'SHOPIFY_CREATOR', 'IMPORT', 'CART_ROVER', 'MANUAL_RETAIL', 'MANUAL_WHOLESALE')),
  email citext,
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  shipping_cents integer NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
  tax_cents integer NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
  processing_status text NOT NULL DEFAULT 'OUTSTANDING' CHECK (processing_status IN ('OUTSTANDING', 'PROCESSING', 'ON_HOLD', 'FINISHED')),
  fulfillment_state text NOT NULL DEFAULT 'NONE' CHECK (fulfillment_state IN ('NONE', 'PARTIAL', 'FULFILLED')),
  cancellation_state text NOT NULL DEFAULT 'NONE' CHECK (cancellation_state IN ('NONE', 'PARTIAL', 'CANCELED')),
  discount_code text,
  shipping_name text,
  shipping_address1 text,
  shipping_city text,
  shipping_region text,
  shipping_postal_code text,
  shipping_country_code text CHECK (shipping_country_code ~ '^[A-Z]{2}$'),
  note text,
  placed_at timestamptz NOT NULL DEFAULT now(),
  fulfilled_at timestamptz,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, order_number),
  CHECK (total_cents = subtotal_cents - discount_cents + shipping_cents + tax_cents)
);
CREATE INDEX orders_store_placed_idx ON orders (store_id, placed_at DESC);
CREATE INDEX orders_store_status_idx ON orders (store_id, processing_status, placed_at DESC);
CREATE INDEX orders_customer_idx ON orders (customer_id);

CREATE TABLE order_line_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  -- Copied from the order so per-store product analytics need no join.
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  sku text NOT NULL,
  title text NOT NULL,
  variant_title text,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  fulfilled_quantity integer NOT NULL DEFAULT 0 CHECK (fulfilled_quantity BETWEEN 0 AND quantity),
  returned_quantity integer NOT NULL DEFAULT 0 CHECK (returned_quantity BETWEEN 0 AND quantity),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_line_items_order_idx ON order_line_items (order_id);
CREATE INDEX order_line_items_store_sku_idx ON order_line_items (store_id, sku);

-- What the store buys from suppliers: samples and production runs, moving through the order
-- item statuses of the spec (cart → charge → production → shipped, or a subscription).
CREATE TABLE creator_order_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  catalog_item_id uuid REFERENCES catalog_items(id) ON DELETE SET NULL,
  supplier_id uuid REFERENCES suppliers(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('SAMPLE', 'PRODUCTION')),
  status text NOT NULL DEFAULT 'NOT_PURCHASED' CHECK (status IN ('NOT_PURCHASED', 'IN_SHOPPING_CART', 'CHARGE_PENDING', 'IN_PRODUCTION', 'IN_SUBSCRIPTION', 'SHIPPED', 'CANCELED')),
  title text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
  paid_at timestamptz,
  shipped_at timestamptz,
  canceled_at timestamptz,
  tracking_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX creator_order_items_store_idx ON creator_order_items (store_id, kind, status);
CREATE INDEX creator_order_items_catalog_item_idx ON creator_order_items (catalog_item_id);
CREATE INDEX creator_order_items_supplier_idx ON creator_order_items (supplier_id);
