-- Analytics (issue 20): the cohort and customer reports on the per-month customer sets (0421).
--
-- Two partial indexes on order_facts, for the rows those reports still read from the facts. Both are
-- written by the fold (0420), never in the order's own transaction, and each holds a small share of
-- the facts:
--   * guest orders (no customer, so in no customer set): revenue by cohorts reads the range's guest
--     orders beside the sets, without filtering them out of every order of the range;
--   * orders placed more than 180 days after the customer's previous one: the recovered customers
--     report reads exactly these. A difference of two moments is days and time (never months), so the
--     interval comparison is the gap in days the report defines.
CREATE INDEX order_facts_store_guest_placed_idx ON order_facts (store_id, placed_at) WHERE customer_id IS NULL;
CREATE INDEX order_facts_store_recovered_placed_idx ON order_facts (store_id, placed_at) WHERE placed_at - prev_at > interval '180 days';
