-- "Newly added" (000 §9, sort -firstEnabledAt) is the time a row first went live, not when it was
-- created: an item drafted months ago and enabled yesterday is newly added yesterday, and one that
-- was switched off and on again is not new. Suppliers had first_enabled_at; items did not and the
-- sort read created_at. Both tables now fill it with one trigger the first time enabled_at is set;
-- disabling and re-enabling moves only enabled_at. An explicit value (a seed, a correction) is kept.
ALTER TABLE catalog_items ADD COLUMN first_enabled_at timestamptz;

-- The only enable time known for existing rows is the current one.
UPDATE catalog_items SET first_enabled_at = enabled_at WHERE enabled_at IS NOT NULL;

CREATE FUNCTION keep_first_enabled_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.first_enabled_at IS NULL AND NEW.enabled_at IS NOT NULL THEN
    NEW.first_enabled_at := NEW.enabled_at;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER catalog_items_first_enabled BEFORE INSERT OR UPDATE OF enabled_at, first_enabled_at ON catalog_items
  FOR EACH ROW EXECUTE FUNCTION keep_first_enabled_at();
CREATE TRIGGER suppliers_first_enabled BEFORE INSERT OR UPDATE OF enabled_at, first_enabled_at ON suppliers
  FOR EACH ROW EXECUTE FUNCTION keep_first_enabled_at();

CREATE INDEX catalog_items_first_enabled_idx ON catalog_items (first_enabled_at DESC);
