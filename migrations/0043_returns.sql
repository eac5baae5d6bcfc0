-- Returns (issue 16, returns slice; 000 §3 return order, §4 return status, refund method, return
-- fee, refund destination). A return (RMA) names units of an order's shipped lines; it moves
-- CREATED → SHIPPING → RECEIVED (received and refunded) or CANCELED with a reason. Receiving it
-- restocks through the inventory ledger and records the refund: to the original payment (the
-- order's refund ledger) or as store credit (the customer's credit ledger). Neither ledger can be
-- rewritten, and the refunds of an order can never add up to more than the buyer paid.

-- The store's return policy (the Manage Returns screen): defaults every new return takes.
CREATE TABLE return_settings (
  store_id uuid PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  refund_method text NOT NULL DEFAULT 'AUTOMATIC' CHECK (refund_method IN ('AUTOMATIC', 'MANUAL', 'STORE_CREDIT')),
  return_fee text NOT NULL DEFAULT 'FREE' CHECK (return_fee IN ('FREE', 'DEDUCT_FROM_REFUND')),
  fee_cents integer NOT NULL DEFAULT 0 CHECK (fee_cents BETWEEN 0 AND 100000),
  refund_destination text NOT NULL DEFAULT 'ORIGINAL_PAYMENT' CHECK (refund_destination IN ('ORIGINAL_PAYMENT', 'STORE_CREDIT')),
  return_window_days integer NOT NULL DEFAULT 30 CHECK (return_window_days BETWEEN 1 AND 365),
  restock_on_receipt boolean NOT NULL DEFAULT true,
  -- The store's return counter: RMA-1001, RMA-1002… (locking this row also serialises numbering).
  last_number integer NOT NULL DEFAULT 1000,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE return_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number > 1000),
  status text NOT NULL DEFAULT 'CREATED' CHECK (status IN ('CREATED', 'SHIPPING', 'RECEIVED', 'CANCELED')),
  refund_method text NOT NULL CHECK (refund_method IN ('AUTOMATIC', 'MANUAL', 'STORE_CREDIT')),
  return_fee text NOT NULL CHECK (return_fee IN ('FREE', 'DEDUCT_FROM_REFUND')),
  fee_cents integer NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
  refund_destination text NOT NULL CHECK (refund_destination IN ('ORIGINAL_PAYMENT', 'STORE_CREDIT')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  cancel_reason text CHECK (cancel_reason IS NULL OR length(cancel_reason) BETWEEN 1 AND 500),
  carrier text,
  tracking_number text,
  created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  shipped_at timestamptz,
  received_at timestamptz,
  canceled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, number),
  CHECK ((status = 'CANCELED') = (cancel_reason IS NOT NULL))
);
CREATE INDEX return_orders_store_idx ON return_orders (store_id, status, created_at DESC);
CREATE INDEX return_orders_order_idx ON return_orders (order_id, created_at);

CREATE TABLE return_order_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  return_id uuid NOT NULL REFERENCES return_orders(id) ON DELETE CASCADE,
  line_id uuid NOT NULL REFERENCES order_line_items(id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0),
  restocked_quantity integer NOT NULL DEFAULT 0 CHECK (restocked_quantity BETWEEN 0 AND quantity),
  UNIQUE (return_id, line_id)
);

-- Money given back to the buyer of an order: to the original payment or as store credit.
CREATE TABLE order_refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  return_id uuid REFERENCES return_orders(id) ON DELETE SET NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  destination text NOT NULL CHECK (destination IN ('ORIGINAL_PAYMENT', 'STORE_CREDIT')),
  method text NOT NULL CHECK (method IN ('AUTOMATIC', 'MANUAL', 'STORE_CREDIT')),
  actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX order_refunds_order_idx ON order_refunds (order_id);

-- The customer's store credit: a ledger whose sum is the balance.
CREATE TABLE store_credit_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  amount_cents integer NOT NULL CHECK (amount_cents <> 0),
  refund_id uuid REFERENCES order_refunds(id) ON DELETE SET NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX store_credit_movements_customer_idx ON store_credit_movements (store_id, customer_id);

-- A refund beyond what the buyer paid is impossible even if a service were wrong: the order row is
-- locked, so concurrent refunds of one order queue here.
CREATE FUNCTION order_refunds_within_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE paid integer; refunded integer;
BEGIN
  SELECT total_cents INTO paid FROM orders WHERE id = NEW.order_id FOR UPDATE;
  SELECT coalesce(sum(amount_cents), 0) INTO refunded FROM order_refunds WHERE order_id = NEW.order_id;
  IF refunded + NEW.amount_cents > paid THEN
    RAISE EXCEPTION 'refunds of order % would exceed what was paid', NEW.order_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER order_refunds_within_paid BEFORE INSERT ON order_refunds FOR EACH ROW EXECUTE FUNCTION order_refunds_within_paid();

-- Both ledgers are append-only; only the ON DELETE SET NULL of a removed return, user or refund passes.
CREATE FUNCTION order_refunds_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount_cents = OLD.amount_cents AND NEW.destination = OLD.destination AND NEW.order_id = OLD.order_id
     AND (NEW.return_id IS NULL OR NEW.return_id = OLD.return_id) AND (NEW.actor_user_id IS NULL OR NEW.actor_user_id = OLD.actor_user_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'order_refunds is append-only';
END $$;
CREATE TRIGGER order_refunds_no_update BEFORE UPDATE ON order_refunds FOR EACH ROW EXECUTE FUNCTION order_refunds_append_only();

CREATE FUNCTION store_credit_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount_cents = OLD.amount_cents AND NEW.customer_id = OLD.customer_id AND NEW.note = OLD.note AND NEW.refund_id IS NULL THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'store_credit_movements is append-only';
END $$;
CREATE TRIGGER store_credit_movements_no_update BEFORE UPDATE ON store_credit_movements FOR EACH ROW EXECUTE FUNCTION store_credit_movements_append_only();

-- The order's ledger records each step of its returns and each refund.
ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('NOTE_ADDED', 'HOLD_PLACED', 'HOLD_RELEASED', 'STATUS_CHANGED', 'CANCELED', 'FULFILMENT_UPDATED',
                  'RETURN_CREATED', 'RETURN_SHIPPING', 'RETURN_RECEIVED', 'RETURN_CANCELED', 'REFUNDED'));
