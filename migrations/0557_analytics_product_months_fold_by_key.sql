-- Analytics (issue 20): the fold's per-product months cost time in proportion to the orders it folds,
-- not to those orders times the store's.
--
-- product_months_fill (0470) runs product_order_lines and product_order_pairs with the orders to fold as
-- `among`, inside a SQL function: planned without the array's value and, on the embedded database (which
-- never analyses a table by itself), without statistics for a store just written. Timed inside PGlite
-- on a fold of 3,000 new orders (docs/benchmarks.md, olite13), three parts of that plan were quadratic:
--   * the pairs: the self-join of the orders' products ran as a nested loop (estimated 1 row), 24 million
--     rows compared for 4,894: 22.9 of the fold's 32 s;
--   * each order's lines were found by ANDing its order index entry with every line of the store
--     (store_id = store through the SKU index): 0.3 ms per order, growing with the store;
--   * the orders came from every fact of the store, each tested against the whole array.
-- A fold of 20,000 new orders had not finished in 7 minutes (with only the facts read by key: 548 s, 480 of
-- them here), and the fold the job runs beside a bulk write (the bench's seed of 100,000 orders, an import)
-- held the embedded database's one session for tens of minutes. With this: 86 s, 5.9 of them here.
--
-- Same rows, chosen in two branches of product_order_line_rows: every order of the range with its lines
-- when `among` is NULL (the reports, which inline these functions with `among` NULL: the other branch is
-- planned away, and their plans are as before), and otherwise the orders of `among` by their key and their
-- lines by the order, behind OFFSET 0 so the store and range tests are applied to those rows afterwards
-- instead of steering the plan to the store's indexes. The pairs are formed within each order (its
-- distinct products, each ordered pair of two different ones), with no join between orders.

CREATE FUNCTION product_order_line_rows(store uuid, from_at timestamptz, to_at timestamptz, among uuid[] DEFAULT NULL)
RETURNS TABLE (order_id uuid, placed_at timestamptz, sku text, title text, quantity integer, unit_price_cents integer, returned_quantity integer)
LANGUAGE sql STABLE AS $$
  SELECT f.order_id, f.placed_at, li.sku, li.title, li.quantity, li.unit_price_cents, li.returned_quantity
    FROM order_facts f JOIN order_line_items li ON li.order_id = f.order_id AND li.store_id = store
   WHERE among IS NULL AND f.store_id = store AND f.placed_at >= from_at AND f.placed_at < to_at
  UNION ALL
  SELECT x.order_id, x.placed_at, x.sku, x.title, x.quantity, x.unit_price_cents, x.returned_quantity
    FROM (SELECT f.order_id, f.placed_at, f.store_id, li.store_id AS line_store_id, li.sku, li.title, li.quantity, li.unit_price_cents, li.returned_quantity
            FROM order_facts f JOIN order_line_items li ON li.order_id = f.order_id
           WHERE f.order_id IN (SELECT unnest(among))
          OFFSET 0) x
   WHERE among IS NOT NULL AND x.store_id = store AND x.line_store_id = store AND x.placed_at >= from_at AND x.placed_at < to_at
$$;

CREATE OR REPLACE FUNCTION product_order_lines(store uuid, from_at timestamptz, to_at timestamptz, tz text, among uuid[] DEFAULT NULL)
RETURNS TABLE (order_id uuid, local_at timestamp, sku text, title text, product text, units bigint, revenue_cents bigint,
               returned_units bigint, returned_cents bigint, orders integer, product_orders integer, line_orders integer, return_orders integer)
LANGUAGE sql STABLE AS $$
  SELECT g.order_id, g.local_at, g.sku, g.title, g.product, g.units, g.revenue_cents, g.returned_units, g.returned_cents, 1,
         (row_number() OVER (PARTITION BY g.order_id, g.product ORDER BY g.sku, g.title) = 1)::int,
         (row_number() OVER (PARTITION BY g.order_id ORDER BY g.sku, g.title) = 1)::int,
         (g.returned_units > 0 AND row_number() OVER (PARTITION BY g.order_id, g.returned_units > 0 ORDER BY g.sku, g.title) = 1)::int
    FROM (SELECT x.order_id, x.placed_at AT TIME ZONE tz AS local_at, x.sku, x.title, split_part(x.title, ' — ', 1) AS product,
                 sum(x.quantity)::bigint AS units, sum(x.quantity * x.unit_price_cents)::bigint AS revenue_cents,
                 sum(x.returned_quantity)::bigint AS returned_units, sum(x.returned_quantity * x.unit_price_cents)::bigint AS returned_cents
            FROM product_order_line_rows(store, from_at, to_at, among) x
           GROUP BY x.order_id, x.placed_at, x.sku, x.title) g
$$;

CREATE OR REPLACE FUNCTION product_order_pairs(store uuid, from_at timestamptz, to_at timestamptz, tz text, among uuid[] DEFAULT NULL)
RETURNS TABLE (local_at timestamp, a_product text, b_product text)
LANGUAGE sql STABLE AS $$
  SELECT p.local_at, a.product, b.product
    FROM (SELECT x.placed_at AT TIME ZONE tz AS local_at, array_agg(DISTINCT split_part(x.title, ' — ', 1)) AS products
            FROM product_order_line_rows(store, from_at, to_at, among) x
           GROUP BY x.order_id, x.placed_at) p
   CROSS JOIN LATERAL unnest(p.products) a(product)
   CROSS JOIN LATERAL unnest(p.products) b(product)
   WHERE a.product <> b.product
$$;
