-- The extensions the schema uses, created before anything needs them, so a fresh Postgres (the
-- pgvector image, a managed server) migrates with `npm run migrate` alone. IF NOT EXISTS keeps
-- it harmless where they exist already: this file came after 0001-0014, and databases migrated
-- before it apply it on their next start.
--   vector     embedding columns and their HNSW indexes
--   pg_trgm    trigram similarity and gin_trgm_ops indexes for keyword search
--   citext     case-insensitive email columns
--   pgcrypto   gen_random_uuid() on servers before Postgres 13 (it is core since)
--   uuid-ossp  not used by the schema today; the embedded database has always had it, and a real
--              server should offer the same functions
CREATE EXTENSION IF NOT EXISTS vector;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS pgcrypto;
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
