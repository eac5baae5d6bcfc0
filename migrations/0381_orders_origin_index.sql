-- The orders list filters by sales channel (issue 16): one channel's orders page in SQL, newest first.
CREATE INDEX orders_store_origin_idx ON orders (store_id, origin, placed_at DESC);
