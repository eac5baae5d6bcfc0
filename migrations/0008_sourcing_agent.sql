-- The sourcing agents' records (goals per conversation, versioned tech packs, outreach to
-- factories, supplier invites), the tariff dataset behind the tariff-rate agent, and the help
-- centre the storefront chatbot answers from.
CREATE EXTENSION IF NOT EXISTS vector;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One goal per agent conversation (the agent thread id), per store: the same thread id in another
-- store is another goal, so no store can read or overwrite another's by guessing an id.
CREATE TABLE sourcing_agent_goals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  conversation_sid text NOT NULL,
  agent_type text NOT NULL CHECK (agent_type IN ('default', 'tariff', 'packaging')),
  goal jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, conversation_sid)
);

-- The current version of each tech pack; every version (including the first) is also kept in
-- tech_pack_versions, so history never depends on this row.
CREATE TABLE tech_packs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  conversation_sid text,
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  product_name text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tech_packs_store_idx ON tech_packs (store_id, updated_at DESC);
CREATE INDEX tech_packs_name_trgm_idx ON tech_packs USING gin (product_name gin_trgm_ops);

CREATE TABLE tech_pack_versions (
  tech_pack_id uuid NOT NULL REFERENCES tech_packs(id) ON DELETE CASCADE,
  version integer NOT NULL,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tech_pack_id, version)
);

-- Every message the agent sent for a store: to an in-network supplier (its inbox), an
-- expanded-network supplier (email), or a supplier the owner uploaded (email from their address).
-- One tech pack version goes to one supplier once: a retry or a double click sends nothing twice.
CREATE TABLE sourcing_outreach (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tech_pack_id uuid REFERENCES tech_packs(id) ON DELETE SET NULL,
  tech_pack_version integer,
  supplier_id uuid REFERENCES suppliers(id) ON DELETE SET NULL,
  network text NOT NULL CHECK (network IN ('IN_NETWORK', 'EXPANDED_NETWORK', 'OWN_EMAIL')),
  supplier_name text NOT NULL,
  to_email citext,
  subject text NOT NULL,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'SENT' CHECK (status IN ('SENT', 'FAILED')),
  outbox_message_id uuid REFERENCES outbox_messages(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sourcing_outreach_store_idx ON sourcing_outreach (store_id, created_at DESC);
CREATE INDEX sourcing_outreach_supplier_idx ON sourcing_outreach (supplier_id);
CREATE UNIQUE INDEX sourcing_outreach_once_idx ON sourcing_outreach (store_id, tech_pack_id, tech_pack_version, supplier_id, network)
  WHERE supplier_id IS NOT NULL;
CREATE UNIQUE INDEX sourcing_outreach_once_email_idx ON sourcing_outreach (store_id, tech_pack_id, tech_pack_version, to_email)
  WHERE supplier_id IS NULL;

CREATE TABLE supplier_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  website text NOT NULL,
  email citext NOT NULL,
  phone_number text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, email)
);

-- Tariff lines: one row per code and destination. Loaded from the CSV shipped in
-- api/src/data/tariffs/ (and any CSV imported later with the import script); a row is replaced
-- only by a row with the same or a newer as-of date, so reloading the shipped file never undoes
-- a newer import.
CREATE TABLE tariff_lines (
  hts_code text NOT NULL CHECK (hts_code ~ '^[0-9]{4}(\.[0-9]{2}){1,3}$'),
  destination_country text NOT NULL CHECK (destination_country ~ '^[A-Z]{2}$'),
  description text NOT NULL,
  keywords text NOT NULL DEFAULT '',
  general_rate_percent numeric(6, 2) NOT NULL CHECK (general_rate_percent >= 0),
  unit_weight_kg numeric(8, 3) NOT NULL CHECK (unit_weight_kg > 0),
  source text NOT NULL,
  as_of date NOT NULL,
  search_text text GENERATED ALWAYS AS (lower(description || ' ' || keywords)) STORED,
  search_document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, keywords), 'A') ||
    setweight(to_tsvector('english'::regconfig, description), 'B')
  ) STORED,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (hts_code, destination_country)
);
CREATE INDEX tariff_lines_search_idx ON tariff_lines USING gin (search_document);
CREATE INDEX tariff_lines_trgm_idx ON tariff_lines USING gin (search_text gin_trgm_ops);

-- Duties on top of the general rate for goods of one origin (Section 301 on China and the
-- like), by code prefix: "6912" covers every 6912 line; the longest prefix of a program wins.
CREATE TABLE tariff_additional_duties (
  hts_prefix text NOT NULL CHECK (hts_prefix ~ '^[0-9]{2,4}(\.[0-9]{2}){0,3}$'),
  destination_country text NOT NULL CHECK (destination_country ~ '^[A-Z]{2}$'),
  origin_country text NOT NULL CHECK (origin_country ~ '^[A-Z]{2}$'),
  program text NOT NULL,
  rate_percent numeric(6, 2) NOT NULL CHECK (rate_percent >= 0),
  source text NOT NULL,
  as_of date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (hts_prefix, destination_country, origin_country, program)
);

CREATE TABLE tariff_imports (
  id bigserial PRIMARY KEY,
  file_name text NOT NULL,
  checksum text NOT NULL,
  line_count integer NOT NULL,
  duty_count integer NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tariff_imports_checksum_idx ON tariff_imports (checksum);

-- The help centre the storefront chatbot answers from; rows follow the articles shipped in
-- api/src/data/help-center/ (synced by content hash at first use).
CREATE TABLE help_center_articles (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  category text NOT NULL CHECK (category IN ('getting-started', 'pricing', 'sales-channels', 'fulfillment', 'support')),
  title text NOT NULL,
  summary text NOT NULL,
  body text NOT NULL,
  keywords text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  content_hash text NOT NULL,
  embedding vector(384) NOT NULL,
  search_document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, title), 'A') ||
    setweight(to_tsvector('english'::regconfig, keywords), 'A') ||
    setweight(to_tsvector('english'::regconfig, summary), 'B') ||
    setweight(to_tsvector('english'::regconfig, body), 'C')
  ) STORED,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_center_articles_embedding_idx ON help_center_articles USING hnsw (embedding vector_cosine_ops);
CREATE INDEX help_center_articles_search_idx ON help_center_articles USING gin (search_document);
CREATE INDEX help_center_articles_title_trgm_idx ON help_center_articles USING gin (title gin_trgm_ops);

-- Thumbs up or down on one chatbot answer; the latest rating of a message wins.
CREATE TABLE chatbot_feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  thread_id text NOT NULL,
  message_id text NOT NULL,
  rating text NOT NULL CHECK (rating IN ('up', 'down')),
  comment text,
  store_id uuid REFERENCES stores(id) ON DELETE SET NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  anonymous_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (thread_id, message_id)
);
