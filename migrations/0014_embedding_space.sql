-- Which embedding model produced the stored vectors (suppliers, catalog items, help articles).
-- Queries must be embedded by the same model: see api/src/embeddings/provider.ts.
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO app_settings (key, value) VALUES ('embedding_space', '"offline-hash-v1"');
