-- A vertical is one row: tabs and filters look it up by its vertical name.
CREATE UNIQUE INDEX catalog_categories_one_vertical_idx ON catalog_categories (vertical) WHERE level = 'VERTICAL';
