-- The local card-payment provider's ledger (customers, cards, charges, subscriptions, invoices,
-- promotion codes), plan modules, AI credits and the cancellation survey.

CREATE TABLE payment_customers (
  id text PRIMARY KEY DEFAULT ('cus_' || replace(gen_random_uuid()::text, '-', '')),
  store_id uuid NOT NULL UNIQUE REFERENCES stores(id) ON DELETE CASCADE,
  default_payment_method_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The card number is never stored: only what a receipt shows, a fingerprint, and how the local
-- provider answers a charge (decided from the test number when it was attached).
CREATE TABLE payment_methods (
  id text PRIMARY KEY DEFAULT ('pm_' || replace(gen_random_uuid()::text, '-', '')),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  customer_id text NOT NULL REFERENCES payment_customers(id) ON DELETE CASCADE,
  type text NOT NULL DEFAULT 'card' CHECK (type = 'card'),
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  fingerprint text NOT NULL,
  charge_outcome text NOT NULL CHECK (charge_outcome IN ('COMPLETED', 'INSTRUMENT_DECLINED')),
  detached_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_methods_store_idx ON payment_methods (store_id, created_at DESC) WHERE detached_at IS NULL;

CREATE TABLE payment_promotion_codes (
  code text PRIMARY KEY,
  percent_off integer NOT NULL CHECK (percent_off BETWEEN 1 AND 100),
  applies_to text NOT NULL CHECK (applies_to IN ('products', 'design')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO payment_promotion_codes (code, percent_off, applies_to) VALUES ('PRODUCTS10', 10, 'products'), ('DESIGN50', 50, 'design');

CREATE TABLE payment_subscriptions (
  id text PRIMARY KEY DEFAULT ('sub_' || replace(gen_random_uuid()::text, '-', '')),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  customer_id text NOT NULL REFERENCES payment_customers(id) ON DELETE CASCADE,
  plan_type text NOT NULL CHECK (plan_type IN ('TIER_2', 'TIER_2_5', 'TIER_3')),
  status text NOT NULL CHECK (status IN ('ACTIVE', 'PAST_DUE', 'UNPAID', 'CANCELED', 'INCOMPLETE', 'INCOMPLETE_EXPIRED', 'TRIALING')),
  pause_behavior text CHECK (pause_behavior IN ('keep_as_draft', 'mark_uncollectible', 'void')),
  paused_at timestamptz,
  resumes_at timestamptz,
  discount_percent integer NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  discount_ends_at timestamptz,
  current_period_start timestamptz,
  current_period_end timestamptz,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_subscriptions_store_idx ON payment_subscriptions (store_id, created_at DESC);

CREATE TABLE payment_charges (
  id text PRIMARY KEY DEFAULT ('ch_' || replace(gen_random_uuid()::text, '-', '')),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  customer_id text NOT NULL REFERENCES payment_customers(id) ON DELETE CASCADE,
  payment_method_id text REFERENCES payment_methods(id),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  promotion_code text REFERENCES payment_promotion_codes(code),
  currency text NOT NULL DEFAULT 'USD' CHECK (currency = 'USD'),
  description text NOT NULL,
  result text NOT NULL CHECK (result IN ('COMPLETED', 'INSTRUMENT_DECLINED')),
  status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, idempotency_key)
);
CREATE INDEX payment_charges_store_idx ON payment_charges (store_id, created_at DESC);

CREATE TABLE payment_invoices (
  id text PRIMARY KEY DEFAULT ('in_' || replace(gen_random_uuid()::text, '-', '')),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  subscription_id text NOT NULL REFERENCES payment_subscriptions(id) ON DELETE CASCADE,
  plan_type text NOT NULL CHECK (plan_type IN ('TIER_2', 'TIER_2_5', 'TIER_3')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  status text NOT NULL CHECK (status IN ('draft', 'open', 'paid', 'uncollectible', 'void')),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  attempt_count integer NOT NULL DEFAULT 0,
  charge_id text REFERENCES payment_charges(id),
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_invoices_store_idx ON payment_invoices (store_id, created_at DESC);
CREATE INDEX payment_invoices_subscription_idx ON payment_invoices (subscription_id, status);

-- Plan bundles a store has held: ACTIVE now, EXPIRED once it ended; absent means NOT_ACTIVE.
CREATE TABLE store_modules (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  module_type text NOT NULL CHECK (module_type IN ('BEGINNER', 'SCALING', 'PROFESSIONAL')),
  status text NOT NULL CHECK (status IN ('ACTIVE', 'EXPIRED')),
  activated_at timestamptz NOT NULL DEFAULT now(),
  expired_at timestamptz,
  PRIMARY KEY (store_id, module_type)
);

CREATE TABLE ai_credit_balances (
  store_id uuid PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ai_credit_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  delta integer NOT NULL CHECK (delta <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL,
  charge_id text REFERENCES payment_charges(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_credit_movements_store_idx ON ai_credit_movements (store_id, created_at DESC);

CREATE TABLE subscription_cancellation_surveys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id),
  subscription_id text NOT NULL REFERENCES payment_subscriptions(id) ON DELETE CASCADE,
  reason text NOT NULL,
  rating_bucket text NOT NULL,
  book_call boolean NOT NULL,
  samples_not_ordered_reason text NOT NULL,
  offer_answer text NOT NULL CHECK (offer_answer IN ('YES', 'MAYBE_LATER', 'NO')),
  suggestions text NOT NULL DEFAULT '',
  outcome text NOT NULL CHECK (outcome IN ('CANCELED', 'OFFER_APPLIED')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscription_cancellation_surveys_store_idx ON subscription_cancellation_surveys (store_id, created_at DESC);
