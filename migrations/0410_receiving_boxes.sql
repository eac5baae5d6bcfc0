-- Per-box packing lists of inbound shipments (issue 16): what each box of a receiving holds, SKU
-- (its receiving line) and units, so the dock checks a box against its printed label. The units
-- of a line across its boxes add up to the line's expected units (checked by the API when the list
-- is written; a list is replaced whole, never edited row by row).

CREATE TABLE receiving_box_lines (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  receiving_id uuid NOT NULL REFERENCES receivings(id) ON DELETE CASCADE,
  -- 1-based: "Box 2 of 5".
  box_number integer NOT NULL CHECK (box_number BETWEEN 1 AND 1000),
  line_id uuid NOT NULL REFERENCES receiving_lines(id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000000),
  PRIMARY KEY (receiving_id, box_number, line_id)
);
CREATE INDEX receiving_box_lines_store_idx ON receiving_box_lines (store_id, receiving_id);
