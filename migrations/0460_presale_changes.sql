-- A pre-sale's history (issue 17): who changed its cap or expected ship date, or ended it, in
-- words, oldest first. Its start is read from the pre-sale itself (created_by, created_at).

CREATE TABLE presale_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  presale_id uuid NOT NULL REFERENCES presales(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- "raised the cap from 5 to 200 units": the sentence without the teammate's name, read with it.
  words text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX presale_changes_presale_idx ON presale_changes (store_id, presale_id, created_at);
