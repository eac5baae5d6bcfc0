-- The API keeps recent marketplace search answers in memory (api/src/services/catalog/search-cache.ts)
-- under the catalogue's version: any statement that changes a table search reads moves the version
-- on, in the same transaction, so an answer is never served after the data under it changed. The
-- version is a row, not a sequence: a sequence moves before the writer commits, and a search run in
-- between would keep the old answer under the new number.
CREATE TABLE catalog_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO catalog_state DEFAULT VALUES;

CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_state SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER suppliers_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON suppliers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_items_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog_items
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_categories_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_item_images_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog_item_images
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

-- Whether a logged search was answered from that memory (its timing is then the cache's).
ALTER TABLE catalog_search_logs ADD COLUMN from_cache boolean NOT NULL DEFAULT false;
