-- Kitting and bundles (issue 17, 000 §3 bundle mappings): a kit is an inventory SKU made of other
-- SKUs with quantities. It sells like any SKU: an order takes assembled kits first, then reserves
-- the components of the rest. A kitting work order assembles kits ahead at the fulfilment center:
-- its components are held (inventory_levels.reserved) from the request until the center's job
-- moves them out of their bins and the kits into the kit's bin.

CREATE TABLE kit_components (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  kit_item_id uuid NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
  component_item_id uuid NOT NULL REFERENCES inventory_items(id) ON DELETE RESTRICT,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (kit_item_id, component_item_id),
  CHECK (kit_item_id <> component_item_id)
);
CREATE INDEX kit_components_component_idx ON kit_components (store_id, component_item_id);

CREATE TABLE kitting_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  kit_item_id uuid NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
  kits integer NOT NULL CHECK (kits BETWEEN 1 AND 10000),
  -- Where the assembled kits go.
  bin text NOT NULL,
  fee_per_kit_cents integer NOT NULL CHECK (fee_per_kit_cents >= 0),
  fee_cents integer NOT NULL CHECK (fee_cents >= 0),
  charge_id text REFERENCES payment_charges(id),
  -- REQUESTED: components held, waiting for the center; ASSEMBLED: kits in their bin.
  status text NOT NULL DEFAULT 'REQUESTED' CHECK (status IN ('REQUESTED', 'ASSEMBLED')),
  requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  assembled_at timestamptz
);
CREATE INDEX kitting_orders_store_idx ON kitting_orders (store_id, kit_item_id, created_at DESC);

-- What a work order holds of which bin, so assembly consumes exactly what the request held.
CREATE TABLE kitting_order_holds (
  kitting_order_id uuid NOT NULL REFERENCES kitting_orders(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  level_id uuid NOT NULL REFERENCES inventory_levels(id) ON DELETE RESTRICT,
  quantity integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (kitting_order_id, level_id)
);
