-- Reviews posted without an account (issue 14): kept, but held for moderation and not counted or
-- shown until someone confirms a real relationship with the supplier (held_at cleared).
ALTER TABLE supplier_reviews ADD COLUMN held_at timestamptz;

CREATE OR REPLACE FUNCTION refresh_supplier_review_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE suppliers s
     SET average_review = COALESCE(r.avg_rating, 0), review_count = COALESCE(r.n, 0)
    FROM (SELECT t.supplier_id, round(avg(sr.rating), 2) AS avg_rating, count(sr.id) AS n
            FROM (SELECT DISTINCT supplier_id FROM changed_reviews) t
            LEFT JOIN supplier_reviews sr ON sr.supplier_id = t.supplier_id AND sr.held_at IS NULL
           GROUP BY t.supplier_id) r
   WHERE s.id = r.supplier_id;
  RETURN NULL;
END $$;
