-- Orders (issue 16): the Fulfilled tab walks its own index in the list's whole order. With
-- (store_id, fulfillment_state, placed_at DESC) the page still needed a sort on id after placed_at,
-- and as nearly every order is fulfilled Postgres chose the store's placed_at index and filtered:
-- the newest orders are the ones not yet shipped, so a page read past them (325 orders, 357 buffers,
-- 0.6–0.8 ms at 100,000 orders against 0.1 ms for the other tabs; docs/benchmarks.md, osum13).
-- With id in the index the tab's page is the first 25 entries of its range, and Postgres takes it.
DROP INDEX orders_store_fulfillment_idx;
CREATE INDEX orders_store_fulfillment_idx ON orders (store_id, fulfillment_state, placed_at DESC, id DESC);
