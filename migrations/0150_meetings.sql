-- Meeting requests (issue 18): like quotes, a meeting request in a conversation is an object with
-- its own state, not a frozen card. One side proposes up to five times (ZOOM_MEETING_REQUEST card);
-- the other side accepts one (a meeting is created through the video-meeting provider and a
-- ZOOM_MEETING card with its join link and calendar invitation is posted) or declines. A request
-- whose last proposed time has passed reads as expired.

CREATE TABLE meetings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  -- Copied from the conversation so every statement scopes by the reader's side without a join.
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE CASCADE,
  -- The ZOOM_MEETING_REQUEST card's index; the ZOOM_MEETING card's once accepted.
  request_message_index integer NOT NULL,
  meeting_message_index integer,
  topic text NOT NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 480),
  proposed_times timestamptz[] NOT NULL CHECK (cardinality(proposed_times) BETWEEN 1 AND 5),
  note text NOT NULL DEFAULT '',
  requested_by text NOT NULL CHECK (requested_by IN ('STORE', 'SUPPLIER')),
  requested_by_name text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'REQUESTED' CHECK (status IN ('REQUESTED', 'ACCEPTED', 'DECLINED')),
  starts_at timestamptz,
  -- What the video-meeting provider answered: its name, its meeting id and the join link.
  provider text,
  provider_meeting_id text,
  join_url text,
  -- The unguessable key of the calendar invitation's link (a calendar app fetches it without a session).
  invite_token text UNIQUE,
  decline_reason text NOT NULL DEFAULT '',
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (conversation_id, request_message_index),
  CHECK (status <> 'ACCEPTED' OR (starts_at IS NOT NULL AND join_url IS NOT NULL AND invite_token IS NOT NULL))
);
CREATE INDEX meetings_store_idx ON meetings (store_id, created_at DESC);
CREATE INDEX meetings_supplier_idx ON meetings (supplier_id, created_at DESC);

-- The built-in video-meeting provider's rooms: the join link opens a page the API serves, which
-- records who came in and lets the people in the room see each other's arrival.
CREATE TABLE local_meeting_rooms (
  token text PRIMARY KEY CHECK (token ~ '^[0-9a-f]{32}$'),
  topic text NOT NULL,
  starts_at timestamptz NOT NULL,
  duration_minutes integer NOT NULL,
  host_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_meeting_joins (
  id bigserial PRIMARY KEY,
  token text NOT NULL REFERENCES local_meeting_rooms(token) ON DELETE CASCADE,
  display_name text NOT NULL,
  joined_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_meeting_joins_token_idx ON local_meeting_joins (token, id);
