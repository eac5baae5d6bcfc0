-- GET /web/stores/me is the hottest read. Aggregating store_external_fields on every call
-- cost more than the rest of the query, so the store row carries a copy of its external fields,
-- kept by a trigger in the same transaction as every change. store_external_fields stays the
-- source of truth.
ALTER TABLE stores ADD COLUMN external_fields jsonb NOT NULL DEFAULT '[]';

CREATE FUNCTION stores_sync_external_fields() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := COALESCE(NEW.store_id, OLD.store_id);
BEGIN
  UPDATE stores SET external_fields = COALESCE(
    (SELECT jsonb_agg(jsonb_build_object('name', f.name, 'value', f.value) ORDER BY f.name)
       FROM store_external_fields f WHERE f.store_id = target), '[]')
   WHERE id = target;
  RETURN NULL;
END $$;

CREATE TRIGGER store_external_fields_sync
  AFTER INSERT OR UPDATE OR DELETE ON store_external_fields
  FOR EACH ROW EXECUTE FUNCTION stores_sync_external_fields();

UPDATE stores s SET external_fields = COALESCE(
  (SELECT jsonb_agg(jsonb_build_object('name', f.name, 'value', f.value) ORDER BY f.name)
     FROM store_external_fields f WHERE f.store_id = s.id), '[]');
