-- Receivings (issue 16; 000 §2.5 "Receivings /receivings", §4 receiving and inbound delivery): an
-- inbound shipment to the fulfilment center, announced ahead like ShipBob's warehouse receiving
-- orders (an ASN): the SKUs and units expected, in how many boxes, from whom. Its units count as
-- incoming in the inventory until the center counts them: received units go on hand in the line's
-- bin, damaged ones are recorded and never stocked. Receiving status NONE / PARTIAL / RECEIVED
-- follows the counts; the inbound delivery status follows the parcel (NOT_YET_SHIPPED →
-- NOT_YET_DELIVERED → IN_QUEUE at the dock → RECEIVED_BY_PROVIDER once counting starts).

CREATE TABLE receivings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- RCV-1001, RCV-1002… per store (numbered under a transaction-scoped advisory lock).
  number integer NOT NULL CHECK (number > 1000),
  delivery_status text NOT NULL DEFAULT 'NOT_YET_SHIPPED'
    CHECK (delivery_status IN ('NOT_YET_SHIPPED', 'NOT_YET_DELIVERED', 'IN_QUEUE', 'RECEIVED_BY_PROVIDER')),
  receiving_status text NOT NULL DEFAULT 'NONE' CHECK (receiving_status IN ('NONE', 'PARTIAL', 'RECEIVED')),
  supplier_name text NOT NULL DEFAULT '' CHECK (length(supplier_name) <= 120),
  box_count integer NOT NULL DEFAULT 1 CHECK (box_count BETWEEN 1 AND 1000),
  carrier text CHECK (carrier IS NULL OR length(carrier) BETWEEN 1 AND 60),
  tracking_number text CHECK (tracking_number IS NULL OR length(tracking_number) BETWEEN 4 AND 60),
  expected_arrival date,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  cancel_reason text CHECK (cancel_reason IS NULL OR length(cancel_reason) BETWEEN 1 AND 500),
  created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  shipped_at timestamptz,
  arrived_at timestamptz,
  received_at timestamptz,
  -- Counting ended short: the rest will not come, so it no longer counts as incoming.
  closed_at timestamptz,
  canceled_at timestamptz,
  UNIQUE (store_id, number),
  CHECK ((canceled_at IS NULL) = (cancel_reason IS NULL)),
  CHECK (canceled_at IS NULL OR receiving_status = 'NONE')
);
CREATE INDEX receivings_store_idx ON receivings (store_id, created_at DESC, id DESC);
CREATE INDEX receivings_status_idx ON receivings (store_id, receiving_status, created_at DESC);

CREATE TABLE receiving_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  receiving_id uuid NOT NULL REFERENCES receivings(id) ON DELETE CASCADE,
  item_id uuid NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
  -- The bin the units go to when received (and whose incoming count they raise meanwhile).
  bin text NOT NULL CHECK (bin ~ '^[A-Z0-9][A-Z0-9-]{0,31}$'),
  position integer NOT NULL,
  expected_quantity integer NOT NULL CHECK (expected_quantity BETWEEN 1 AND 1000000),
  received_quantity integer NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
  damaged_quantity integer NOT NULL DEFAULT 0 CHECK (damaged_quantity >= 0),
  -- Counted units never exceed what was announced; an overage is an inventory adjustment.
  CHECK (received_quantity + damaged_quantity <= expected_quantity),
  UNIQUE (receiving_id, item_id)
);
CREATE INDEX receiving_lines_receiving_idx ON receiving_lines (receiving_id, position);
CREATE INDEX receiving_lines_item_idx ON receiving_lines (store_id, item_id);

-- Each count at the dock, as it was entered: the receiving's history. Append-only.
CREATE TABLE receiving_receipts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  receiving_id uuid NOT NULL REFERENCES receivings(id) ON DELETE CASCADE,
  line_id uuid NOT NULL REFERENCES receiving_lines(id) ON DELETE CASCADE,
  received_quantity integer NOT NULL CHECK (received_quantity >= 0),
  damaged_quantity integer NOT NULL CHECK (damaged_quantity >= 0),
  note text NOT NULL DEFAULT '',
  actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (received_quantity + damaged_quantity > 0)
);
CREATE INDEX receiving_receipts_receiving_idx ON receiving_receipts (receiving_id, created_at);

CREATE FUNCTION receiving_receipts_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.received_quantity = OLD.received_quantity AND NEW.damaged_quantity = OLD.damaged_quantity AND NEW.note = OLD.note
     AND NEW.line_id = OLD.line_id AND NEW.actor_user_id IS NULL THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'receiving_receipts is append-only';
END $$;
CREATE TRIGGER receiving_receipts_no_update BEFORE UPDATE ON receiving_receipts FOR EACH ROW EXECUTE FUNCTION receiving_receipts_append_only();
