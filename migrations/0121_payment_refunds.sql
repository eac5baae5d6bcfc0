-- Refunds in the local payments ledger (issue 17: a voided shipping label is refunded). A refund
-- belongs to one charge; the refunds of a charge never add up to more than it.

CREATE TABLE payment_refunds (
  id text PRIMARY KEY DEFAULT ('re_' || replace(gen_random_uuid()::text, '-', '')),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  charge_id text NOT NULL REFERENCES payment_charges(id) ON DELETE CASCADE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL,
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, idempotency_key)
);
CREATE INDEX payment_refunds_charge_idx ON payment_refunds (charge_id);
