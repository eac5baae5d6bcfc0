-- Orders (issue 16): the three trigram indexes of the orders search keep a short pending list again
-- instead of none (0451 turned fastupdate off). With fastupdate off every order written descends the
-- e-mail and name indexes once per trigram (a few dozen entries), and on the embedded database that
-- cost grew with the index: the bench's seed wrote its 10,000-order batches in 20 s, then 29 s, then
-- 37 s, 2.8 ms per order in the insert itself against 0.9 ms with a pending list, and 100,000
-- orders no longer loaded in 11 minutes (docs/benchmarks.md, olite11). A pending list merged when it
-- reaches 64 kB (the smallest limit Postgres allows) lets a bulk write add its entries a batch at a
-- time, sorted, while a search still reads at most 64 kB of unmerged entries: 0451's trouble was a
-- list of 4 MB (509 pages) that only VACUUM, which the embedded database never runs, would have
-- merged. The limit is the index's own, so it holds whatever the session's gin_pending_list_limit.
ALTER INDEX orders_email_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 64);
ALTER INDEX orders_shipping_name_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 64);
ALTER INDEX customers_name_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 64);
