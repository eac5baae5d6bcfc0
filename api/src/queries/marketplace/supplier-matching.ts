import type { Queryable } from "../../db/pool";

// Suppliers for the sourcing agent: matching and the expanded network (the marketplace's
// suppliers table, so the module lives with the marketplace's queries).

export type SupplierRow = {
  id: string;
  name: string;
  country_code: string;
  region: string;
  city: string;
  capabilities: string[];
  moq: number | null;
  sample_price_min_cents: number | null;
  production_days_min: number;
  production_days_max: number;
  average_review: number;
  is_expanded_network: boolean;
  contact_email: string | null;
  website: string | null;
  phone_number: string | null;
  similarity: number | null;
};

const SUPPLIER_COLUMNS = `s.id, s.name, s.country_code, s.region, s.city, s.capabilities, s.moq, s.sample_price_min_cents,
  s.production_days_min, s.production_days_max, s.average_review, s.is_expanded_network, s.contact_email::text AS contact_email, s.website, s.phone_number`;

export type MatchFilters = { countryCodes?: string[]; regions?: string[]; moqMax?: number; samplePriceMaxCents?: number; productionDaysMax?: number; excludedVerticals?: string[] };

/** The filters as SQL over $3–$9 (the limit is $8), and their values. NULL MOQ and sample price mean "custom quote", which a maximum excludes. */
const MATCH_FILTERS = `($3::text[] IS NULL OR s.country_code = ANY($3))
        AND ($4::text[] IS NULL OR s.region = ANY($4))
        AND ($5::int IS NULL OR s.moq <= $5)
        AND ($6::int IS NULL OR s.sample_price_min_cents <= $6)
        AND ($7::int IS NULL OR s.production_days_max <= $7)
        AND ($9::text[] IS NULL OR s.primary_vertical <> ALL($9))`;

function filterParams(f: MatchFilters, limit: number) {
  return [f.countryCodes?.length ? f.countryCodes : null, f.regions?.length ? f.regions : null, f.moqMax ?? null, f.samplePriceMaxCents ?? null, f.productionDaysMax ?? null, limit, f.excludedVerticals ?? null];
}

/**
 * Suppliers of one network nearest to an embedding by cosine distance, after the filters. A
 * supplier with no embedding yet cannot be ranked and is left out. NULL MOQ and sample price mean
 * "custom quote", which a maximum excludes.
 */
export async function matchSuppliers(db: Queryable, vector: string, expanded: boolean, f: MatchFilters, limit: number): Promise<SupplierRow[]> {
  const { rows } = await db.query<SupplierRow>(
    `SELECT ${SUPPLIER_COLUMNS}, meaning_similarity(s.embedding, $1::vector) AS similarity
       FROM suppliers s
      WHERE s.embedding IS NOT NULL AND s.is_expanded_network = $2
        AND ${MATCH_FILTERS}
      ORDER BY s.embedding <=> $1::vector, s.id
      LIMIT $8`,
    [vector, expanded, ...filterParams(f, limit)],
  );
  return rows;
}

/**
 * The same match by words when the meaning model is down: suppliers holding any of the words, ranked
 * by how densely (cover density) they hold them; `similarity` is that rank scaled to 0–1.
 */
export async function matchSuppliersByWords(db: Queryable, words: string[], expanded: boolean, f: MatchFilters, limit: number): Promise<SupplierRow[]> {
  if (!words.length) return [];
  const result = await db.query<SupplierRow>(
    `WITH q AS (SELECT to_tsquery('english', $1) AS ts)
     SELECT ${SUPPLIER_COLUMNS}, (ts_rank_cd(s.search_document, q.ts) / (1 + ts_rank_cd(s.search_document, q.ts)))::float8 AS similarity
       FROM suppliers s, q
      WHERE s.search_document @@ q.ts AND s.is_expanded_network = $2
        AND ${MATCH_FILTERS}
      ORDER BY similarity DESC, s.id
      LIMIT $8`,
    [words.join(" | "), expanded, ...filterParams(f, limit)],
  );
  return result.rows;
}

/**
 * How many candidates the HNSW index keeps while it walks its graph for a factory match. At 100 the
 * supplier that best matched a tech pack was now and then missing from the top 3 in the test
 * suite's database, which holds dozens of similar mug makers, although its margin over them is wide:
 * the index's recall, not the ranking. 400 widens the walk's candidate list fourfold.
 */
const FACTORY_MATCH_EF_SEARCH = 400;

/**
 * Lets the HNSW index keep scanning until enough rows pass the filters (pgvector 0.8 iterative
 * scans); without it a selective filter leaves fewer results than asked for. Transaction-local.
 */
export async function enableFilteredVectorScan(db: Queryable): Promise<void> {
  await db.query("SET LOCAL hnsw.iterative_scan = strict_order");
  await db.query(`SET LOCAL hnsw.ef_search = ${FACTORY_MATCH_EF_SEARCH}`);
}

export async function findSuppliers(db: Queryable, ids: string[]): Promise<SupplierRow[]> {
  const { rows } = await db.query<SupplierRow>(`SELECT ${SUPPLIER_COLUMNS}, NULL::float8 AS similarity FROM suppliers s WHERE s.id = ANY($1::uuid[])`, [ids]);
  return rows;
}

export async function listExpandedNetwork(
  db: Queryable,
  q: { search?: string; countryCode?: string; region?: string; limit: number; offset: number },
): Promise<{ rows: SupplierRow[]; total: number }> {
  const where = `s.is_expanded_network AND ($1::text IS NULL OR s.search_document @@ websearch_to_tsquery('english', $1) OR s.name % $1 OR s.name ILIKE '%' || $1 || '%')
    AND ($2::text IS NULL OR s.country_code = $2) AND ($3::text IS NULL OR s.region = $3)`;
  const params = [q.search || null, q.countryCode ?? null, q.region ?? null];
  const [list, count] = await Promise.all([
    db.query<SupplierRow>(
      `SELECT ${SUPPLIER_COLUMNS}, NULL::float8 AS similarity FROM suppliers s WHERE ${where}
        ORDER BY CASE WHEN $1::text IS NULL THEN 0 ELSE ts_rank(s.search_document, websearch_to_tsquery('english', $1)) + similarity(s.name, $1) END DESC, s.name, s.id
        LIMIT $4 OFFSET $5`,
      [...params, q.limit, q.offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM suppliers s WHERE ${where}`, params),
  ]);
  return { rows: list.rows, total: count.rows[0]!.n };
}

/** A supplier whose website is on the given host (with or without www.). */
export async function findSupplierByHost(db: Queryable, host: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM suppliers
      WHERE lower(regexp_replace(regexp_replace(coalesce(website, ''), '^([a-z]+:)?//', '', 'i'), '^www\\.', '', 'i')) LIKE $1 || '%'
      ORDER BY is_expanded_network, id LIMIT 1`,
    [host.toLowerCase().replace(/^www\./, "")],
  );
  return rows[0]?.id ?? null;
}
