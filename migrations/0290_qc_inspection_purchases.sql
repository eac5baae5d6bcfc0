-- An inspection of a sourcing purchase (issue 17): a pre-shipment check of a production order is
-- booked for the purchase (creator_order_items) it inspects, so the purchase lists its inspections
-- and the inspection names its purchase and supplier, as receivings already do (migration 0250).
ALTER TABLE qc_inspections ADD COLUMN order_item_id uuid REFERENCES creator_order_items(id) ON DELETE SET NULL;
CREATE INDEX qc_inspections_order_item_idx ON qc_inspections (store_id, order_item_id, created_at DESC) WHERE order_item_id IS NOT NULL;
