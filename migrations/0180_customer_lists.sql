-- Analytics (issue 20), agents: a report's customer segment saved as a list (the churn-risk
-- segment first), for the marketing issue to send to. The members are frozen when the list is
-- saved, with the report, row and parameters they came from, so the list can be explained later.

CREATE TABLE customer_lists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  -- Where the members came from: the report, the row's key and label, and the report's parameters as run (asOf filled).
  report_id text NOT NULL,
  segment_key text NOT NULL,
  segment_label text NOT NULL,
  params jsonb NOT NULL,
  customer_count integer NOT NULL CHECK (customer_count >= 0),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_lists_store_created_idx ON customer_lists (store_id, created_at DESC);

CREATE TABLE customer_list_members (
  list_id uuid NOT NULL REFERENCES customer_lists(id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  PRIMARY KEY (list_id, customer_id)
);
