-- Fulfilment rules (issue 16): a store's ordered rules, each a small typed condition list and a
-- list of actions (validated by the contract's zod schemas, stored as jsonb), evaluated when an
-- order arrives; and what each rule did to each order, so a dry run, the order's detail and
-- "why is this order on hold?" can all name the rule.

CREATE TABLE order_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- Rules run in ascending position; reordering rewrites the positions of the store's rules.
  position integer NOT NULL CHECK (position >= 0),
  -- A new rule starts disabled so its dry run can be read before it touches an order.
  enabled boolean NOT NULL DEFAULT false,
  match text NOT NULL DEFAULT 'ALL' CHECK (match IN ('ALL', 'ANY')),
  conditions jsonb NOT NULL CHECK (jsonb_typeof(conditions) = 'array'),
  actions jsonb NOT NULL CHECK (jsonb_typeof(actions) = 'array'),
  created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, name)
);
CREATE INDEX order_rules_store_idx ON order_rules (store_id, position);

-- One row per rule that matched an order when it arrived. The rule's name is copied so the order
-- still says which rule acted after the rule is renamed or deleted.
CREATE TABLE order_rule_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  rule_id uuid REFERENCES order_rules(id) ON DELETE SET NULL,
  rule_name text NOT NULL,
  actions jsonb NOT NULL,
  -- The tags the rule put on the order (conditions of later rules and the dry run read them).
  tags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX order_rule_applications_order_idx ON order_rule_applications (store_id, order_id, created_at);
CREATE INDEX order_rule_applications_rule_idx ON order_rule_applications (rule_id);

-- The weight condition reads a SKU's unit weight; SKUs without one weigh nothing to a rule.
ALTER TABLE inventory_items ADD COLUMN weight_grams integer CHECK (weight_grams BETWEEN 0 AND 1000000);
