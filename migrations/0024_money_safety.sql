-- Sample order items were stored as "Sample: <title>" while every screen adds the kind itself,
-- so orders read "Sample: Sample: …". The title is now the item's own; old rows lose the prefix.
UPDATE creator_order_items SET title = substr(title, 9)
 WHERE kind = 'SAMPLE' AND title LIKE 'Sample: %';

-- Billing history says why each invoice exists: a plan's period, or an upgrade's prorated difference.
ALTER TABLE payment_invoices
  ADD COLUMN reason text NOT NULL DEFAULT 'PLAN_PERIOD' CHECK (reason IN ('PLAN_PERIOD', 'UPGRADE_PRORATION')),
  ADD COLUMN description text NOT NULL DEFAULT '';

-- A downgrade waits for the end of the paid period.
ALTER TABLE payment_subscriptions
  ADD COLUMN scheduled_plan_type text CHECK (scheduled_plan_type IN ('TIER_2', 'TIER_2_5', 'TIER_3'));
