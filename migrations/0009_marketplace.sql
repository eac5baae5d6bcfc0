-- The marketplace's own state beside the catalogue (0005): favourites, detail-view tracking,
-- the search log (keyword timing), public reviewers' e-mail, and image descriptors for image search.

-- One favourite per store and target; target_kind says which table target_id points into, so the
-- foreign key is checked by two partial references instead of one polymorphic column.
CREATE TABLE favorites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  target_kind text NOT NULL CHECK (target_kind IN ('SUPPLIER', 'CATALOG_ITEM')),
  supplier_id uuid REFERENCES suppliers(id) ON DELETE CASCADE,
  item_id uuid REFERENCES catalog_items(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((target_kind = 'SUPPLIER') = (supplier_id IS NOT NULL AND item_id IS NULL)),
  CHECK ((target_kind = 'CATALOG_ITEM') = (item_id IS NOT NULL))
);
CREATE UNIQUE INDEX favorites_store_supplier_idx ON favorites (store_id, supplier_id) WHERE target_kind = 'SUPPLIER';
CREATE UNIQUE INDEX favorites_store_item_idx ON favorites (store_id, item_id) WHERE target_kind = 'CATALOG_ITEM';
CREATE INDEX favorites_store_created_idx ON favorites (store_id, created_at DESC);

-- Append-only; recommendations read a store's latest views.
CREATE TABLE supplier_detail_views (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE CASCADE,
  item_id uuid REFERENCES catalog_items(id) ON DELETE SET NULL,
  source text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX supplier_detail_views_store_idx ON supplier_detail_views (store_id, created_at DESC);

-- Keyword timing: what was searched, with which filters, how many results, how long it took.
CREATE TABLE catalog_search_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  store_id uuid REFERENCES stores(id) ON DELETE SET NULL,
  target text NOT NULL CHECK (target IN ('SUPPLIERS', 'CATALOG_ITEMS', 'IMAGE')),
  keyword text NOT NULL DEFAULT '',
  filters jsonb NOT NULL DEFAULT '{}',
  result_count integer NOT NULL,
  elapsed_ms numeric(10, 2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalog_search_logs_created_idx ON catalog_search_logs (created_at DESC);
CREATE INDEX catalog_search_logs_store_idx ON catalog_search_logs (store_id, created_at DESC);

-- A logged-in store reviews a supplier once; public reviewers once per e-mail address.
ALTER TABLE supplier_reviews ADD COLUMN author_email citext;
ALTER TABLE supplier_reviews ADD COLUMN updated_at timestamptz;
CREATE UNIQUE INDEX supplier_reviews_one_per_store_idx ON supplier_reviews (supplier_id, store_id) WHERE store_id IS NOT NULL;
CREATE UNIQUE INDEX supplier_reviews_one_per_email_idx ON supplier_reviews (supplier_id, author_email) WHERE author_email IS NOT NULL;
CREATE INDEX supplier_reviews_email_created_idx ON supplier_reviews (author_email, created_at DESC) WHERE author_email IS NOT NULL;

-- One image descriptor per catalog item (api/src/images): which descriptor made it (vectors of
-- different kinds are not comparable), from which picture, and the vector. embedding is NULL
-- when the picture could not be read; source says why, and the item is not retried until it changes.
CREATE TABLE catalog_item_images (
  item_id uuid PRIMARY KEY REFERENCES catalog_items(id) ON DELETE CASCADE,
  descriptor_kind text NOT NULL,
  source text NOT NULL,
  item_updated_at timestamptz NOT NULL,
  embedding vector(384),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalog_item_images_embedding_idx ON catalog_item_images USING hnsw (embedding vector_cosine_ops);
