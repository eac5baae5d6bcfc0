-- AI product design (issue 19; 001 §3 product design state and OpenAI design state, §7 image
-- generation; 000 §7 /web/images). Generated pictures are stored as uploads (so they are served,
-- checked and attached like any upload); this table says which prompt and model drew them and
-- whether the creator kept them in their image gallery.
CREATE TABLE creation_images (
  id uuid PRIMARY KEY REFERENCES uploads(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id),
  prompt text NOT NULL,
  model text NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  -- Credits paid for this picture; 0 for free ones (counted against the daily allowance).
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  in_gallery boolean NOT NULL DEFAULT false,
  saved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX creation_images_store_day_idx ON creation_images (store_id, created_at DESC);
CREATE INDEX creation_images_gallery_idx ON creation_images (store_id, saved_at DESC) WHERE in_gallery;

-- One design session per member of a store: the modal's step, what was asked, what was drawn and kept.
CREATE TABLE product_designs (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  step text NOT NULL DEFAULT 'PROMPT' CHECK (step IN ('PROMPT', 'RESULTS', 'SAVED')),
  model text NOT NULL DEFAULT 'OPENAI' CHECK (model IN ('AMAZON', 'OPENAI')),
  description text NOT NULL DEFAULT '',
  sketch_keys text[] NOT NULL DEFAULT '{}',
  generated_image_ids uuid[] NOT NULL DEFAULT '{}',
  saved_image_id uuid REFERENCES creation_images(id) ON DELETE SET NULL,
  used_credits integer NOT NULL DEFAULT 0 CHECK (used_credits >= 0),
  total_count integer NOT NULL DEFAULT 0 CHECK (total_count >= 0),
  -- Rounds generated without credits, against DESIGN_TRIAL_ROUNDS (counted per store, below).
  trial_rounds integer NOT NULL DEFAULT 0 CHECK (trial_rounds >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, user_id)
);
