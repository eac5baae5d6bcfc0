-- Every authenticated request resolves its token's session (the membership's role, the store's
-- plan, preview flag and title, or the supplier membership). The API keeps resolved sessions in
-- memory (api/src/services/auth/session-cache.ts) and drops them when one of these notifications
-- says the rows they came from changed: a removed or demoted member is refused at once without a
-- read on every request. The payload is small: 'user:<id>' (that user's sessions), 'store:<id>'
-- (that store's sessions) or 'all' (a truncation). Postgres sends them only when the transaction
-- commits, and once per distinct payload per transaction.
CREATE FUNCTION session_change_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('atelier_session_changes', 'all');
  ELSIF TG_TABLE_NAME = 'stores' THEN
    PERFORM pg_notify('atelier_session_changes', 'store:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('atelier_session_changes', 'user:' || OLD.id);
  ELSE
    -- store_members and supplier_members: the user whose membership appeared, changed or went.
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('atelier_session_changes', 'user:' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('atelier_session_changes', 'user:' || NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER session_changes_members AFTER INSERT OR DELETE OR UPDATE OF role, store_id, user_id ON store_members
  FOR EACH ROW EXECUTE FUNCTION session_change_notify();
CREATE TRIGGER session_changes_supplier_members AFTER INSERT OR DELETE OR UPDATE OF supplier_id, user_id ON supplier_members
  FOR EACH ROW EXECUTE FUNCTION session_change_notify();
-- Stores are updated often (profiles, subscriptions, external fields); only what a session holds notifies.
CREATE TRIGGER session_changes_stores AFTER UPDATE OF plan_type, is_preview, title ON stores
  FOR EACH ROW WHEN (OLD.plan_type IS DISTINCT FROM NEW.plan_type OR OLD.is_preview IS DISTINCT FROM NEW.is_preview OR OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION session_change_notify();
CREATE TRIGGER session_changes_stores_delete AFTER DELETE ON stores
  FOR EACH ROW EXECUTE FUNCTION session_change_notify();
CREATE TRIGGER session_changes_users_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION session_change_notify();
-- A truncation empties every cache: one statement-level trigger per table.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['store_members', 'supplier_members', 'stores', 'users'] LOOP
    EXECUTE format('CREATE TRIGGER session_changes_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION session_change_notify()', t);
  END LOOP;
END $$;
