-- Orders (issue 16): the list's search finds an order by the name it ships to as well as by the
-- customer's name and the e-mail (0040 indexed those two). The search reads each indexed column on
-- its own and unites the matches (queries/orders/orders.ts), so every arm needs its trigram index;
-- without this one, a search read all of the store's orders.
CREATE INDEX orders_shipping_name_trgm_idx ON orders USING gin (shipping_name gin_trgm_ops);
