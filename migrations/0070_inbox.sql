-- The inbox (issue 18): supplier accounts, conversations between a store and a supplier, and
-- their messages. Twilio Conversations' model: each message has a per-conversation index
-- (sequential; may skip), each side has a read horizon that only moves forward unless the side
-- explicitly marks the conversation unread.

-- A supplier member belongs to a supplier company, as store members belong to stores.
CREATE TABLE supplier_members (
  supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (supplier_id, user_id)
);
CREATE INDEX supplier_members_user_idx ON supplier_members (user_id);

CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Twilio-style identifier (CH + 32 hex), the conversation's public key.
  sid text NOT NULL UNIQUE CHECK (sid ~ '^CH[0-9a-f]{32}$'),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE CASCADE,
  -- store_{storeId}:manufacturer:{supplierId} (000 §3 conversation names).
  name text NOT NULL,
  -- Who started it: a person (PERSONAL) or the sourcing agent's outreach (AI_SOURCING_AGENT).
  origin text NOT NULL DEFAULT 'PERSONAL' CHECK (origin IN ('PERSONAL', 'AI_SOURCING_AGENT')),
  is_concierge_recommended boolean NOT NULL DEFAULT false,
  store_archived_at timestamptz,
  supplier_archived_at timestamptz,
  -- The highest message index so far (-1: no message yet).
  last_message_index integer NOT NULL DEFAULT -1,
  last_message_at timestamptz,
  last_message_preview text NOT NULL DEFAULT '',
  -- Read horizons: NULL until the side first reads (Twilio: no horizon yet).
  store_last_read_index integer,
  supplier_last_read_index integer,
  -- Who owes a reply, and since when; reading never clears it, replying does.
  awaiting_side text CHECK (awaiting_side IN ('STORE', 'SUPPLIER')),
  awaiting_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, supplier_id)
);
CREATE INDEX conversations_store_idx ON conversations (store_id, last_message_at DESC NULLS LAST);
CREATE INDEX conversations_supplier_idx ON conversations (supplier_id, last_message_at DESC NULLS LAST);

CREATE TABLE conversation_messages (
  id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  msg_index integer NOT NULL CHECK (msg_index >= 0),
  -- store_{storeId} or manufacturer:{supplierId}: the unread count skips the reader's own side.
  author text NOT NULL,
  author_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL DEFAULT '',
  type text NOT NULL CHECK (type IN ('TEXT', 'IMAGE', 'VIDEO', 'PDF', 'AI', 'CREATOR_MILESTONE', 'CATALOG_ITEM', 'REMIX_PRODUCT_ITEM',
    'IMAGE_COLLABORATION', 'ZOOM_MEETING', 'ZOOM_MEETING_REQUEST', 'SUPPLIER_PROFILE', 'CREATOR_CUSTOM_PROJECT', 'TRACKING_LINK')),
  body text NOT NULL DEFAULT '',
  attributes jsonb NOT NULL DEFAULT '{}',
  -- The sender's Idempotency-Key: a retried send finds the messages it made.
  client_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, msg_index)
);
CREATE INDEX conversation_messages_key_idx ON conversation_messages (conversation_id, client_key) WHERE client_key IS NOT NULL;
