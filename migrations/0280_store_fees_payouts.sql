-- Fulfilment-center fees and storefront payouts (issue 16, 000 §9). A fee is a row of its own,
-- written in the same transaction as what earns it (the shipment, the count at the dock), so a
-- re-run job or a recreated shipment finds the row and never charges twice; a job then charges it
-- through the payments ledger (charge_id) or, with no card that works, leaves it as a balance due
-- that the next payout deducts (payout_id). A payout pays the store's storefront sales of one week
-- less the 5% processing and the balance due.

CREATE TABLE store_payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  -- The week of sales it pays: [period_start, period_end), Monday to Monday, UTC.
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL CHECK (period_end > period_start),
  order_count integer NOT NULL CHECK (order_count >= 0),
  gross_cents integer NOT NULL CHECK (gross_cents >= 0),
  processing_cents integer NOT NULL CHECK (processing_cents >= 0),
  fees_cents integer NOT NULL CHECK (fees_cents >= 0),
  net_cents integer NOT NULL CHECK (net_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (net_cents = gross_cents - processing_cents - fees_cents),
  UNIQUE (store_id, period_start)
);
CREATE INDEX store_payouts_store_idx ON store_payouts (store_id, created_at DESC);

-- The storefront sales a payout pays; an order is paid out once.
CREATE TABLE store_payout_orders (
  payout_id uuid NOT NULL REFERENCES store_payouts(id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  order_number integer NOT NULL,
  placed_at timestamptz NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  processing_cents integer NOT NULL CHECK (processing_cents >= 0),
  PRIMARY KEY (payout_id, order_id),
  UNIQUE (order_id)
);

CREATE TABLE store_fees (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('FULFILMENT', 'STORAGE')),
  -- FULFILMENT: the order shipped. STORAGE: the SKU and bin secured, and the receiving that first filled it.
  order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
  order_number integer,
  receiving_id uuid REFERENCES receivings(id) ON DELETE SET NULL,
  receiving_number integer,
  sku text,
  bin text,
  period_start timestamptz,
  period_end timestamptz,
  -- The plan when the fee was earned (Professional pays less per order).
  plan_type text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  description text NOT NULL,
  -- PENDING until the charge job runs; PAID by card; DUE when no card worked; DEDUCTED from a payout.
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID', 'DUE', 'DEDUCTED')),
  charge_id text REFERENCES payment_charges(id),
  payout_id uuid REFERENCES store_payouts(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'FULFILMENT' OR order_number IS NOT NULL),
  CHECK (kind <> 'STORAGE' OR (sku IS NOT NULL AND bin IS NOT NULL AND period_start IS NOT NULL AND period_end > period_start))
);
-- Once per order, however often the shipment is settled or recreated.
CREATE UNIQUE INDEX store_fees_fulfilment_once ON store_fees (store_id, order_number) WHERE kind = 'FULFILMENT';
-- Once per SKU, bin and 12-month period; a renewal starts where the last period ended.
CREATE UNIQUE INDEX store_fees_storage_period ON store_fees (store_id, sku, bin, period_start) WHERE kind = 'STORAGE';
CREATE INDEX store_fees_store_idx ON store_fees (store_id, created_at DESC);
CREATE INDEX store_fees_due_idx ON store_fees (store_id, created_at) WHERE status = 'DUE';
CREATE INDEX store_fees_charge_idx ON store_fees (charge_id) WHERE charge_id IS NOT NULL;
-- The renewal job looks for periods that ran out.
CREATE INDEX store_fees_storage_end_idx ON store_fees (period_end) WHERE kind = 'STORAGE';
