-- Paying the balance due on demand (issue 16): one row per payment the owner confirmed, under the
-- request's Idempotency-Key, holding the fees it covers while its card charge runs. The fees it
-- claims go from DUE to PENDING with the payment's id, so neither a payout nor a second payment
-- takes them meanwhile; a decline puts them back to DUE.
CREATE TABLE store_balance_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  fee_count integer NOT NULL CHECK (fee_count > 0),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID', 'DECLINED')),
  charge_id text REFERENCES payment_charges(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, idempotency_key)
);

ALTER TABLE store_fees ADD COLUMN balance_payment_id uuid REFERENCES store_balance_payments(id) ON DELETE SET NULL;
CREATE INDEX store_fees_balance_payment_idx ON store_fees (balance_payment_id) WHERE balance_payment_id IS NOT NULL;
