-- Team member invites. Cancelled invites stay (marked CANCELED) as a record of who was invited;
-- only the hash of the accept token is kept.
CREATE TABLE store_team_member_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  email citext NOT NULL,
  role text NOT NULL CHECK (role IN ('ADMIN', 'CX')),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'CANCELED')),
  token_hash text NOT NULL UNIQUE,
  invited_by_user_id uuid NOT NULL REFERENCES users(id),
  accepted_user_id uuid REFERENCES users(id),
  accepted_at timestamptz,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX store_team_member_invites_store_idx ON store_team_member_invites (store_id, created_at DESC);
-- One live invite per email per store.
CREATE UNIQUE INDEX store_team_member_invites_live_email_idx ON store_team_member_invites (store_id, email) WHERE status IN ('PENDING', 'ACCEPTED');
