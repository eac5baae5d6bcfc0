-- What a visitor or store writes to the Atelier team from the chatbot's "Write to our team" form:
-- the help centre's human channel. Each request is mailed to the support address through the
-- outbox (in the same transaction), with the writer's address to reply to. The writer's own
-- address gets no mail from here: a form that mails any address typed into it is a spam relay.
CREATE TABLE support_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text,
  message text NOT NULL,
  thread_id text,
  store_id uuid REFERENCES stores(id) ON DELETE SET NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  anonymous_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_requests_email_idx ON support_requests (lower(email), created_at);
