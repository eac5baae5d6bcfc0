-- Orders (issue 16): the list's search finds an order by the name it ships to as well as by the
-- customer's name and the e-mail (0040 indexed those two). The search reads each indexed column on
-- its own and unites the matches (queries/orders/orders.ts), so every arm needs its trigram index;
-- without this one, a search read all of the store's orders.
--
-- fastupdate off, on the new index and on 0040's two: a GIN index with fastupdate keeps new entries
-- in a pending list that only VACUUM (or the list reaching gin_pending_list_limit) merges into the
-- index, and every search reads that list from end to end. The embedded database never vacuums on
-- its own, so after the bench's 100,000 orders the e-mail index carried 509 pending pages, and the
-- planner, rightly, preferred reading all the store's orders: 889 ms for one search on PGlite, 382 ms
-- once the lists were merged. Each order now pays its index entries when written (a few dozen
-- trigrams), and searches no longer depend on when the index was last vacuumed.
CREATE INDEX orders_shipping_name_trgm_idx ON orders USING gin (shipping_name gin_trgm_ops) WITH (fastupdate = off);
ALTER INDEX orders_email_trgm_idx SET (fastupdate = off);
ALTER INDEX customers_name_trgm_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('orders_email_trgm_idx'::regclass), gin_clean_pending_list('customers_name_trgm_idx'::regclass);
