-- The current store's own settings: profile, configs, seen-state flags, business plan, bank info.
-- Defaults live in code (contracts/src/stores.ts), so a row is written on the first save only.

CREATE TABLE store_profiles (
  store_id uuid PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  description text,
  logo_url text,
  website text,
  contact_email text,
  phone text,
  social_links jsonb NOT NULL DEFAULT '{}',
  support_address jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE store_configs (
  store_id uuid PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  timezone text NOT NULL,
  weight_unit text NOT NULL CHECK (weight_unit IN ('lb', 'oz', 'kg', 'g')),
  notify_email_on_new_order boolean NOT NULL,
  inbox_sms_notify boolean NOT NULL,
  analytics_enabled boolean NOT NULL,
  fulfillment_metrics_enabled boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A flag is seen when its row exists; clearing a flag deletes the row.
CREATE TABLE store_seen_flags (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  flag text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, flag)
);

CREATE TABLE store_business_plans (
  store_id uuid PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  answers jsonb NOT NULL,
  completed_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Masked on purpose: the full account and routing numbers are never stored, and the checks
-- make a bug that tried to store them fail instead of leaking.
CREATE TABLE store_bank_accounts (
  store_id uuid PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  account_holder_name text NOT NULL,
  bank_name text NOT NULL,
  account_type text NOT NULL CHECK (account_type IN ('CHECKING', 'SAVINGS')),
  account_last4 text NOT NULL CHECK (account_last4 ~ '^[0-9]{4}$'),
  routing_last4 text NOT NULL CHECK (routing_last4 ~ '^[0-9]{4}$'),
  country text NOT NULL DEFAULT 'US',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
