-- Orders (issue 16): each order keeps the text the orders list's search reads, in a narrow relation of
-- its own: its customer's name, its e-mail and the name it ships to, lower-cased and joined by a
-- newline. A search (any text without a newline; queries/orders/orders.ts) is then one LIKE of the
-- lower-cased pattern on one column: one trigram index gathers a rare fragment's orders, where three
-- arms read three trigram indexes (the e-mail's, the name shipped to's, the customers' names and then
-- those customers' orders), and a common fragment (a first name) walks the store's orders newest first
-- in an index that carries the text, index-only, one comparison per order read, where the walk read
-- each order's row and tried two ILIKEs and a hashed set of customers (docs/benchmarks.md, osearch14).
-- ILIKE on a UTF-8 database lower-cases both sides and compares as LIKE does, so the match is the same.
--
-- Kept at write time by the triggers below: an order written (one statement's rows at a time), an
-- order whose customer, e-mail, name shipped to or placing time changed, a customer renamed.
CREATE TABLE order_search_texts (
  order_id uuid PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  store_id uuid NOT NULL,
  placed_at timestamptz NOT NULL,
  search_text text NOT NULL
);

-- The text of an order: its customer's name (of its own store), its e-mail, the name it ships to.
CREATE FUNCTION order_search_text(customer_name text, email text, shipping_name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(concat_ws(E'\n', customer_name, email, shipping_name))
$$;

CREATE FUNCTION order_search_texts_after_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_search_texts (order_id, store_id, placed_at, search_text)
  SELECT n.id, n.store_id, n.placed_at, order_search_text(c.name, n.email::text, n.shipping_name)
    FROM new_rows n LEFT JOIN customers c ON c.id = n.customer_id AND c.store_id = n.store_id;
  RETURN NULL;
END $$;
CREATE TRIGGER order_search_texts_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_texts_after_orders_insert();

CREATE FUNCTION order_search_texts_after_order_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_search_texts t SET store_id = NEW.store_id, placed_at = NEW.placed_at,
         search_text = order_search_text((SELECT c.name FROM customers c WHERE c.id = NEW.customer_id AND c.store_id = NEW.store_id), NEW.email::text, NEW.shipping_name)
   WHERE t.order_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER order_search_texts_order_update AFTER UPDATE OF store_id, customer_id, email, shipping_name, placed_at ON orders FOR EACH ROW
  WHEN ((OLD.store_id, OLD.customer_id, OLD.email::text, OLD.shipping_name, OLD.placed_at) IS DISTINCT FROM (NEW.store_id, NEW.customer_id, NEW.email::text, NEW.shipping_name, NEW.placed_at))
  EXECUTE FUNCTION order_search_texts_after_order_update();

CREATE FUNCTION order_search_texts_after_customer_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_search_texts t SET search_text = order_search_text(NEW.name, o.email::text, o.shipping_name)
    FROM orders o WHERE o.customer_id = NEW.id AND o.store_id = NEW.store_id AND t.order_id = o.id;
  RETURN NULL;
END $$;
CREATE TRIGGER order_search_texts_customer_rename AFTER UPDATE OF name ON customers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION order_search_texts_after_customer_renamed();

-- The orders already there, in one pass, in the order the walk reads them.
INSERT INTO order_search_texts (order_id, store_id, placed_at, search_text)
SELECT o.id, o.store_id, o.placed_at, order_search_text(c.name, o.email::text, o.shipping_name)
  FROM orders o LEFT JOIN customers c ON c.id = o.customer_id AND c.store_id = o.store_id
 ORDER BY o.store_id, o.placed_at;

-- The walk: a tab of every order, newest (or oldest) first, read index-only with the text beside the key.
CREATE INDEX order_search_texts_walk_idx ON order_search_texts (store_id, placed_at DESC, order_id DESC) INCLUDE (search_text);
-- The gathering: a fragment's orders, with a pending list of at most 64 kB as 0550 gave the indexes this one replaces.
CREATE INDEX order_search_texts_trgm_idx ON order_search_texts USING gin (search_text gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 64);

-- The e-mail's and the shipped-to name's trigram indexes served the search's arms only; the text's
-- index replaces them, so an order written adds its trigrams to one index instead of two.
-- customers_name_trgm_idx stays: the tabs' walks other than every order by placing time still match
-- the customers' names (and so do other searches of customers).
DROP INDEX orders_email_trgm_idx;
DROP INDEX orders_shipping_name_trgm_idx;
