-- An order's lines keep the order they were written in (issue 16). Every writer inserts an
-- order's lines one by one in one transaction, so they share created_at and their random ids gave
-- the detail, the split parts, packing slips and pick lists a different order on every read. A
-- position drawn from one sequence at each insert follows the writers' own input order, with no
-- writer changed (manual orders, imports, wholesale and splits all insert through the same query).
ALTER TABLE order_line_items ADD COLUMN position bigint;

-- Existing lines: the order they were read in until now.
UPDATE order_line_items l SET position = r.n
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM order_line_items) r
 WHERE r.id = l.id;

CREATE SEQUENCE order_line_items_position_seq OWNED BY order_line_items.position;
SELECT setval('order_line_items_position_seq', coalesce((SELECT max(position) FROM order_line_items), 0) + 1, false);
ALTER TABLE order_line_items ALTER COLUMN position SET DEFAULT nextval('order_line_items_position_seq');
ALTER TABLE order_line_items ALTER COLUMN position SET NOT NULL;

CREATE INDEX order_line_items_order_position_idx ON order_line_items (order_id, position);
