-- Order imports read from a shop through its platform's API (issue 16: the official Shopify
-- adapter) beside the uploaded export files: an import from a shop keeps the orders as the shop
-- answered them (JSON, in the same storage as a file) and is checked and placed by the same job.
ALTER TABLE order_imports ADD COLUMN source text NOT NULL DEFAULT 'FILE' CHECK (source IN ('FILE', 'SHOP'));
