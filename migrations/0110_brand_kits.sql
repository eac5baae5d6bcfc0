-- Business kits (001 §3 brand kit, §4 generation tasks): the kit itself as the editor holds it
-- (one JSON document the client sends back whole, 001 §7 "update by id with the full kit"), its
-- generation tasks (one row per type and request, PENDING → SUCCESS | FAILURE, with the credits it
-- took so a failure refunds exactly that), the procedurally drawn pictures (content-addressed by
-- their drawing spec, so the same spec is the same bytes) and the waitlist site's sign-ups.

CREATE TABLE brand_kits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  category text NOT NULL DEFAULT '' CHECK (length(category) <= 120),
  product_description text NOT NULL DEFAULT '' CHECK (length(product_description) <= 2000),
  -- Every generated part (targetAudiences, brandIdeas, moodboardImages, productSkus, marketResearch,
  -- slideColors, thumbnailImages), validated by the contract at the edge.
  parts jsonb NOT NULL,
  -- The seed every offline slot is drawn from, with the kit id: regenerating one slot bumps only its own counter.
  seed integer NOT NULL DEFAULT 0,
  is_waitlist_site_published boolean NOT NULL DEFAULT false,
  is_archived boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX brand_kits_store_idx ON brand_kits (store_id, is_archived, created_at DESC);

CREATE TABLE brand_kit_tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kit_id uuid NOT NULL REFERENCES brand_kits(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('TARGET_AUDIENCE', 'BRAND_IDEA', 'PRODUCT_SKU', 'MARKET_RESEARCH')),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILURE')),
  job_id uuid,
  -- Which writer produced the result: the configured model, or the offline generator.
  source text CHECK (source IN ('MODEL', 'OFFLINE')),
  credits_charged integer NOT NULL DEFAULT 0 CHECK (credits_charged >= 0),
  credits_refunded boolean NOT NULL DEFAULT false,
  error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at timestamptz
);
CREATE INDEX brand_kit_tasks_kit_idx ON brand_kit_tasks (kit_id, created_at DESC);

CREATE TABLE brand_kit_art (
  -- sha256 of the drawing spec (kind, seed, colours, size): the same spec draws the same bytes.
  key text PRIMARY KEY CHECK (key ~ '^[0-9a-f]{64}$'),
  spec jsonb NOT NULL,
  png bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE brand_kit_waitlist_signups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kit_id uuid NOT NULL REFERENCES brand_kits(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  email citext NOT NULL CHECK (length(email) <= 254),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (kit_id, email)
);
CREATE INDEX brand_kit_waitlist_store_idx ON brand_kit_waitlist_signups (store_id, created_at DESC);
