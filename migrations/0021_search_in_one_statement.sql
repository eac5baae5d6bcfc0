-- Searches that need a planner or index setting used to run in a transaction that set it first
-- (BEGIN, set_config, the search, COMMIT: four round trips for one search). These functions set it
-- for their own query and the statement that calls them, so a search is one statement on any
-- connection, with no session state. See docs/decisions.md, "A search is one statement".
-- Each query is EXECUTEd, so it is planned with the caller's values: a cached generic plan cannot
-- see how selective a keyword is and scanned the whole table.

-- Rows whose title (items) or name (suppliers) holds a word like the keyword's (pg_trgm's `<%`,
-- served by the trigram GIN index), at the caller's threshold: pg_trgm's default of 0.6 misses one
-- typo in a short word. ROWS 100: with the default estimate of 1000 the planner joined the
-- candidates to a full scan of the items table instead of probing its primary key.
CREATE FUNCTION catalog_items_matching_words(keyword text, threshold real) RETURNS SETOF uuid LANGUAGE plpgsql VOLATILE ROWS 100 AS $$
BEGIN
  PERFORM set_config('pg_trgm.word_similarity_threshold', threshold::text, true);
  RETURN QUERY EXECUTE 'SELECT t.id FROM catalog_items t WHERE $1 <% t.title' USING keyword;
END $$;

CREATE FUNCTION suppliers_matching_words(keyword text, threshold real) RETURNS SETOF uuid LANGUAGE plpgsql VOLATILE ROWS 100 AS $$
BEGIN
  PERFORM set_config('pg_trgm.word_similarity_threshold', threshold::text, true);
  RETURN QUERY EXECUTE 'SELECT t.id FROM suppliers t WHERE $1 <% t.name' USING keyword;
END $$;

-- The `k` item pictures nearest to a vector of one embedder's kind (HNSW), nearest first. An HNSW
-- scan returns at most hnsw.ef_search rows (40 by default), so it is raised to `k` (up to 1000).
CREATE FUNCTION item_images_nearest(v vector, kind text, k integer) RETURNS TABLE (item_id uuid, distance float8) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM set_config('hnsw.ef_search', greatest(40, least(1000, k))::text, true);
  RETURN QUERY EXECUTE 'SELECT i.item_id, (i.embedding <=> $1)::float8 FROM catalog_item_images i
    WHERE i.embedding IS NOT NULL AND i.descriptor_kind = $2 ORDER BY i.embedding <=> $1 LIMIT $3' USING v, kind, k;
END $$;

-- The `k` catalog items nearest in meaning to a vector (HNSW), nearest first; ef_search as above.
CREATE FUNCTION catalog_items_nearest(v vector, k integer) RETURNS TABLE (id uuid, distance float8) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM set_config('hnsw.ef_search', greatest(40, least(1000, k))::text, true);
  RETURN QUERY EXECUTE 'SELECT c.id, (c.embedding <=> $1)::float8 FROM catalog_items c
    WHERE c.embedding IS NOT NULL ORDER BY c.embedding <=> $1 LIMIT $2' USING v, k;
END $$;
