-- Idempotent AI-credit charges (issue 19): a generation that costs credits charges them once per
-- key, however often the request is retried or raced, and gives them back by the same key when the
-- work fails. The balance and its movements stay in ai_credit_balances / ai_credit_movements; this
-- table only remembers which keys were charged and whether they were refunded.
CREATE TABLE ai_credit_charges (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  charge_key text NOT NULL CHECK (length(charge_key) BETWEEN 1 AND 200),
  amount integer NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('CHARGED', 'REFUNDED')),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz,
  PRIMARY KEY (store_id, charge_key)
);
