-- Quotes (issue 18): a supplier's offer in a conversation is an object with its own state, not a
-- frozen card. Terms move proposed → countered (either side, in turn) → accepted, declined or
-- expired; every step is kept in quote_events (the audit trail). The QUOTE message in the
-- conversation points at the quote and is re-sent (message.updated) whenever the quote moves.

ALTER TABLE conversation_messages DROP CONSTRAINT conversation_messages_type_check;
ALTER TABLE conversation_messages ADD CONSTRAINT conversation_messages_type_check CHECK (type IN ('TEXT', 'IMAGE', 'VIDEO', 'PDF', 'AI', 'CREATOR_MILESTONE',
  'CATALOG_ITEM', 'REMIX_PRODUCT_ITEM', 'IMAGE_COLLABORATION', 'ZOOM_MEETING', 'ZOOM_MEETING_REQUEST', 'SUPPLIER_PROFILE', 'CREATOR_CUSTOM_PROJECT',
  'TRACKING_LINK', 'QUOTE'));

CREATE TABLE quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  -- Copied from the conversation so every statement scopes by the reader's side without a join.
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE CASCADE,
  -- The custom project (tech pack request) it answers; accepting writes the terms there.
  project_id uuid REFERENCES creator_projects(id) ON DELETE SET NULL,
  -- The QUOTE card's index in the conversation.
  message_index integer NOT NULL,
  title text NOT NULL,
  status text NOT NULL DEFAULT 'PROPOSED' CHECK (status IN ('PROPOSED', 'COUNTERED', 'ACCEPTED', 'DECLINED', 'EXPIRED')),
  currency text NOT NULL DEFAULT 'USD' CHECK (currency = 'USD'),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents > 0),
  quantity integer NOT NULL CHECK (quantity > 0),
  moq integer NOT NULL CHECK (moq > 0),
  lead_time_days integer NOT NULL CHECK (lead_time_days > 0),
  sample_price_cents integer CHECK (sample_price_cents >= 0),
  valid_until timestamptz NOT NULL,
  note text NOT NULL DEFAULT '',
  -- Whose terms stand: the other side answers (accept, counter or decline).
  offered_by text NOT NULL CHECK (offered_by IN ('STORE', 'SUPPLIER')),
  -- Per unit, in cents, worked out when accepted (unit price + duty from the tariff data + freight).
  landed_cost_cents integer,
  landed_cost_basis text NOT NULL DEFAULT '',
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (conversation_id, message_index)
);
CREATE INDEX quotes_store_idx ON quotes (store_id, project_id, created_at DESC);
CREATE INDEX quotes_supplier_idx ON quotes (supplier_id, created_at DESC);
-- The expiry job looks only at open quotes.
CREATE INDEX quotes_open_idx ON quotes (valid_until) WHERE status IN ('PROPOSED', 'COUNTERED');

CREATE TABLE quote_events (
  id bigserial PRIMARY KEY,
  quote_id uuid NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('PROPOSED', 'COUNTERED', 'ACCEPTED', 'DECLINED', 'EXPIRED')),
  -- SYSTEM: the expiry job.
  side text NOT NULL CHECK (side IN ('STORE', 'SUPPLIER', 'SYSTEM')),
  actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor_name text NOT NULL DEFAULT '',
  -- The terms as they stood after this step.
  unit_price_cents integer NOT NULL,
  quantity integer NOT NULL,
  moq integer NOT NULL,
  lead_time_days integer NOT NULL,
  sample_price_cents integer,
  valid_until timestamptz NOT NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_events_quote_idx ON quote_events (quote_id, id);

-- The accepted quote's terms on the custom project (written by the projects domain's service).
ALTER TABLE creator_projects ADD COLUMN quoted_terms jsonb;
