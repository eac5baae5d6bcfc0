-- The local fulfilment provider (issue 16, third slice): one row per time an order is sent to the
-- fulfilment center, moving SUBMITTED → ACCEPTED → PICKED → PACKED → SHIPPED (or FAILED after its
-- retries, or CANCELED when the order is canceled first), with the carrier, service and tracking
-- number of the shipment. The order's ledger records each step.

CREATE TABLE fulfilments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  provider text NOT NULL,
  external_id text,
  status text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN ('SUBMITTED', 'ACCEPTED', 'PICKED', 'PACKED', 'SHIPPED', 'FAILED', 'CANCELED')),
  carrier text,
  service text,
  tracking_number text,
  tracking_url text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  submitted_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  shipped_at timestamptz
);
CREATE INDEX fulfilments_order_idx ON fulfilments (order_id, created_at);
-- An order is at the fulfilment center at most once at a time.
CREATE UNIQUE INDEX fulfilments_one_open_idx ON fulfilments (order_id) WHERE status NOT IN ('SHIPPED', 'FAILED', 'CANCELED');
CREATE INDEX fulfilments_tracking_idx ON fulfilments (tracking_number) WHERE tracking_number IS NOT NULL;

ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('NOTE_ADDED', 'HOLD_PLACED', 'HOLD_RELEASED', 'STATUS_CHANGED', 'CANCELED', 'FULFILMENT_UPDATED'));
