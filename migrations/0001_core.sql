-- Accounts, stores, membership, usage events, the outbox and idempotency keys.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email citext NOT NULL UNIQUE,
  username text NOT NULL,
  password_hash text,
  google_sub text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stores (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  owner_user_id uuid NOT NULL REFERENCES users(id),
  plan_type text NOT NULL DEFAULT 'TIER_1' CHECK (plan_type IN ('TIER_1', 'TIER_2', 'TIER_2_5', 'TIER_3')),
  account_type text NOT NULL DEFAULT 'UNDECIDED' CHECK (account_type IN ('CREATOR', 'SMB', 'UNDECIDED')),
  work_style text NOT NULL DEFAULT 'WITH_AI_ASSISTANTS' CHECK (work_style IN ('WITH_AI_ASSISTANTS', 'USE_THE_TOOLS_MYSELF')),
  is_preview boolean NOT NULL DEFAULT false,
  blueprint_subscription_id text,
  blueprint_subscription_status text CHECK (blueprint_subscription_status IN ('ACTIVE', 'PAST_DUE', 'UNPAID', 'CANCELED', 'INCOMPLETE', 'INCOMPLETE_EXPIRED', 'TRIALING')),
  blueprint_subscription_behavior text CHECK (blueprint_subscription_behavior IN ('keep_as_draft', 'mark_uncollectible', 'void')),
  blueprint_subscription_resumes_at timestamptz,
  blueprint_subscription_paused_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stores_owner_idx ON stores (owner_user_id);

CREATE TABLE store_members (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('OWNER', 'ADMIN', 'CX')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, user_id)
);
CREATE INDEX store_members_user_idx ON store_members (user_id);

CREATE TABLE store_external_fields (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  name text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, name)
);

CREATE TABLE usage_events (
  id bigserial PRIMARY KEY,
  event_name text NOT NULL,
  common_type text,
  common_content text NOT NULL,
  source_client text NOT NULL CHECK (source_client IN ('desktop_web', 'mobile_web', 'server')),
  anonymous_user_id text,
  user_id text,
  user_type text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usage_events_name_idx ON usage_events (event_name, created_at);

-- Email and SMS the product sends: written here in the same transaction as the change that
-- causes them; the local provider delivers from here (and tests read it).
CREATE TABLE outbox_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid REFERENCES stores(id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  to_address text NOT NULL,
  subject text,
  body text NOT NULL,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_messages_status_idx ON outbox_messages (status, created_at);

-- Replays of a mutating call with the same Idempotency-Key return the first answer.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  operation text NOT NULL,
  status integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, operation, key)
);
