-- Sign-ups wait here until their owner opens the link mailed to the address (issue 14, item 17):
-- the answer to POST /register is the same whether or not the address has an account, so it can't
-- be used to learn who has one. Only a hash of the link's token is kept.
CREATE TABLE pending_registrations (
  email citext PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  store_name text NOT NULL,
  account_type text NOT NULL,
  work_style text NOT NULL,
  anonymous_user_id text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_registrations_expires_idx ON pending_registrations (expires_at);

-- How many sign-up e-mails an address got lately (the form may not flood a mailbox).
CREATE INDEX outbox_messages_to_kind_idx ON outbox_messages (to_address, kind, created_at DESC);
