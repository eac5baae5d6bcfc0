-- Product ideation (issue 19; 001 §1, §2, §4 projects; 000 §7 /web/ai-ideas…): an ideation is
-- what a creator wants to make, the product ideas written for it (each costed from the
-- marketplace's listings when it was written, so the figures a creator picked stay put), which
-- ideas they picked, and, once submitted for crowdfunding, the pitch and goal.
CREATE TABLE ai_ideas (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  title text NOT NULL DEFAULT '' CHECK (length(title) <= 120),
  prompt text NOT NULL DEFAULT '' CHECK (length(prompt) <= 1000),
  category text NOT NULL DEFAULT '' CHECK (length(category) <= 120),
  max_unit_cost_cents integer CHECK (max_unit_cost_cents > 0),
  -- Product ideas as the contract's productIdeaSchema, newest round first.
  ideas jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(ideas) = 'array'),
  selected_product_ids text[] NOT NULL DEFAULT '{}',
  generation_count integer NOT NULL DEFAULT 0 CHECK (generation_count >= 0),
  -- Rounds written without credits on free_rounds_day (UTC), against the store's
  -- FREE_IDEA_ROUNDS_PER_DAY (summed over its ideations).
  free_rounds_day date,
  free_rounds integer NOT NULL DEFAULT 0 CHECK (free_rounds >= 0),
  pitch text NOT NULL DEFAULT '' CHECK (length(pitch) <= 2000),
  funding_goal_cents bigint CHECK (funding_goal_cents > 0),
  is_public boolean NOT NULL DEFAULT false,
  submitted_at timestamptz,
  is_archived boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_ideas_store_active_idx ON ai_ideas (store_id, updated_at DESC) WHERE NOT is_archived;
CREATE INDEX ai_ideas_public_idx ON ai_ideas (submitted_at DESC) WHERE is_public AND submitted_at IS NOT NULL AND NOT is_archived;
