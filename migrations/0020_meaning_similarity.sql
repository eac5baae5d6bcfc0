-- Cosine similarity as every query reports it. pgvector's distance to a zero-length vector is NaN
-- (offline, a text with no words embeds to the zero vector), and Postgres orders NaN above every
-- number, so a bare `1 - (a <=> b)` let such a row pass any "similar enough" rule and top its
-- search. Here NaN, and a missing embedding, are no similarity at all. A plain SQL function: the
-- planner inlines it, and nearest-neighbour ORDER BYs keep using `<=>` and its index.
CREATE FUNCTION meaning_similarity(a vector, b vector) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(NULLIF(1 - (a <=> b), 'NaN'::float8), 0)
$$;
