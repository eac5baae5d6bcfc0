-- Order imports from sales channels' export files (issue 16; 000 §7 /web/orders/import-task): a
-- store uploads Shopify's orders export, a WooCommerce order export or an Amazon order report; a
-- background job places each order in it (origin IMPORT) and reports the rows it could not take.
-- An imported order carries its channel and the channel's own order id, unique per store, so the
-- same file imported twice places nothing twice.

ALTER TABLE orders
  ADD COLUMN external_channel text CHECK (external_channel IN ('SHOPIFY', 'WOOCOMMERCE', 'AMAZON')),
  ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 100),
  ADD COLUMN import_id uuid,
  ADD CHECK ((external_channel IS NULL) = (external_id IS NULL));
CREATE UNIQUE INDEX orders_external_idx ON orders (store_id, external_channel, external_id) WHERE external_id IS NOT NULL;

CREATE TABLE order_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The channel whose export format the header matched.
  channel text NOT NULL CHECK (channel IN ('SHOPIFY', 'WOOCOMMERCE', 'AMAZON')),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  storage_key text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  -- Data rows and distinct orders in the file, counted when it was uploaded.
  row_count integer NOT NULL CHECK (row_count >= 0),
  order_count integer NOT NULL CHECK (order_count >= 0),
  -- UPLOADED (checked, waiting to be imported) → QUEUED → RUNNING → COMPLETED or FAILED.
  status text NOT NULL DEFAULT 'UPLOADED' CHECK (status IN ('UPLOADED', 'QUEUED', 'RUNNING', 'COMPLETED', 'FAILED')),
  job_id uuid,
  imported_count integer NOT NULL DEFAULT 0 CHECK (imported_count >= 0),
  -- Orders of the file the store already had from an earlier import (same channel and order id).
  skipped_count integer NOT NULL DEFAULT 0 CHECK (skipped_count >= 0),
  -- Orders left out because of a bad row (each bad row is in order_import_problems).
  failed_count integer NOT NULL DEFAULT 0 CHECK (failed_count >= 0),
  -- Why the whole import stopped, as a sentence (FAILED only).
  error text,
  created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX order_imports_store_idx ON order_imports (store_id, created_at DESC, id DESC);

CREATE TABLE order_import_problems (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  import_id uuid NOT NULL REFERENCES order_imports(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The line of the file, counting the header as line 1 (as a spreadsheet numbers it).
  row_number integer NOT NULL CHECK (row_number > 0),
  -- The channel's order id of the row, when it has one.
  order_ref text,
  message text NOT NULL
);
CREATE INDEX order_import_problems_import_idx ON order_import_problems (import_id, row_number, id);
