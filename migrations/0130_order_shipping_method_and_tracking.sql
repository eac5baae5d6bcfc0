-- Orders, manual entry and public tracking (issue 16): the shipping method a manual order was
-- placed with (the fulfilment rules' SHIPPING_METHOD choices; null for orders that came in
-- without one), and the index the public /track-order lookup reads: a buyer knows the order's
-- number but not the store's id, so the lookup starts from the number and then checks the
-- e-mail or postcode.
ALTER TABLE orders ADD COLUMN shipping_method text CHECK (shipping_method IN ('ECONOMY', 'STANDARD', 'EXPEDITED', 'OVERNIGHT'));
CREATE INDEX orders_number_idx ON orders (order_number);
