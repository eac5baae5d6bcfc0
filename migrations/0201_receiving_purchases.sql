-- Sourcing purchases stored at the fulfilment center (000 §7 PUT /web/creator-order-items/{id}/update-stored-at-fbp):
-- a paid supplier order the store chooses to have delivered to the fulfilment center becomes an
-- inbound receiving of its units. The receiving names the purchase; a purchase has at most one
-- receiving that is not canceled.
ALTER TABLE receivings ADD COLUMN order_item_id uuid REFERENCES creator_order_items(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX receivings_order_item_idx ON receivings (order_item_id) WHERE order_item_id IS NOT NULL AND canceled_at IS NULL;
