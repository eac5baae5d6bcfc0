import type pg from "pg";
import type { Queryable } from "../db/pool";
import { sharedRead } from "../db/shared-read";

// SQL of the sourcing marketplace. Search is one builder for suppliers and items: filters and
// sorts on plain indexed columns, and with a keyword a candidate set from three indexes
// (full text GIN, trigram GIN, HNSW) scored as one blend (see KEYWORD_WEIGHTS).

/** How the keyword score blends its three signals (each 0–1); documented in docs/decisions.md. */
export const KEYWORD_WEIGHTS = { fullText: 0.5, trigram: 0.2, semantic: 0.3 } as const;
/** A row found only by meaning must be at least this close (cosine) to count as a match. */
export const SEMANTIC_MIN_SIMILARITY = 0.3;
/** A row found only by trigram must be this word-similar to the keyword (one typo in a short word). */
export const TRIGRAM_MIN_SIMILARITY = 0.5;
/** Nearest neighbours taken from the HNSW index per keyword search (its default ef_search). */
const SEMANTIC_CANDIDATES = 40;
/**
 * Capabilities that mean made-to-order work (private label, OEM/ODM, custom design, printing,
 * dyeing, moulds, prototypes, small batches, structural design): a supplier with one of them
 * quotes custom projects. Matched case-insensitively on word starts in the capabilities text.
 */
export const CUSTOM_WORK_PATTERN = String.raw`\m(custom|bespoke|private label|white label|oem|odm|prototyp|small batch|structural design|made to order)`;
/** Verticals whose suppliers always work to the client's brief (services and web development). */
export const BRIEF_VERTICALS = ["business-creative-services", "website-development"] as const;

export type Bucket = { min?: number; max?: number; isNull?: boolean };

/** Every row a keyword matches, with its blended score (the keyword CTE's `m`), before any filter. */
export type KeywordMatches = { ids: string[]; scores: number[] };

/** A search resolved by the service: ids instead of keys, buckets instead of labels. */
export type MarketQuery = {
  keyword?: { text: string; wordGroups: string[][]; vector: string };
  /** The keyword's matches and scores when already worked out (keywordMatchRows): used instead of scoring again. */
  matches?: KeywordMatches;
  network?: "CORE" | "EXPANDED";
  supplierVerticals?: string[];
  itemTypes?: string[];
  verticalId?: number;
  groupId?: number;
  subgroupId?: number;
  anyCategoryIds?: number[];
  samplePrice?: Bucket;
  moq?: Bucket;
  orderVolume?: Bucket;
  minReview?: number;
  productionDays?: Bucket;
  employees?: Bucket;
  regions?: string[];
  countryCodes?: string[];
  onlineOnly?: boolean;
  /** The RFP view: only suppliers (or items of suppliers) that take custom projects. */
  customProjects?: boolean;
  supplierId?: string;
  isSampleKit?: boolean;
  excludeSupplierId?: string;
  sort: "-rank" | "-enabledAt" | "productionMinPrice" | "-productionMinPrice" | "-isOnline" | "-firstEnabledAt" | "tariffRatePercent" | "relevance" | "-rankedAt";
};

class Params {
  values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function bucketSql(column: string, b: Bucket | undefined, p: Params): string[] {
  if (!b) return [];
  if (b.isNull) return [`${column} IS NULL`];
  const out: string[] = [];
  if (b.min !== undefined) out.push(`${column} >= ${p.add(b.min)}`);
  if (b.max !== undefined) out.push(`${column} < ${p.add(b.max)}`);
  return out;
}

/** Filters shared by both targets; `own` is the alias whose item/supplier columns the buckets read. */
function whereOf(q: MarketQuery, target: "suppliers" | "items", p: Params): string[] {
  const w: string[] = ["s.enabled_at IS NOT NULL"];
  const own = target === "items" ? "i" : "s";
  if (target === "items") w.push("i.enabled_at IS NOT NULL");
  if (q.network) w.push(q.network === "EXPANDED" ? "s.is_expanded_network" : "NOT s.is_expanded_network");
  if (target === "suppliers") {
    if (q.supplierVerticals) w.push(`s.primary_vertical = ANY(${p.add(q.supplierVerticals)}::text[])`);
    const required = [q.verticalId, q.groupId, q.subgroupId].filter((x): x is number => x !== undefined);
    if (required.length) w.push(`s.category_ids @> ${p.add(required)}::int[]`);
    if (q.anyCategoryIds?.length) w.push(`s.category_ids && ${p.add(q.anyCategoryIds)}::int[]`);
  } else {
    if (q.itemTypes) w.push(`i.type = ANY(${p.add(q.itemTypes)}::text[])`);
    if (q.verticalId !== undefined) w.push(`i.vertical_id = ${p.add(q.verticalId)}`);
    if (q.groupId !== undefined) w.push(`i.group_id = ${p.add(q.groupId)}`);
    if (q.subgroupId !== undefined) w.push(`i.subgroup_id = ${p.add(q.subgroupId)}`);
    if (q.anyCategoryIds?.length) {
      const ids = p.add(q.anyCategoryIds);
      w.push(`(i.vertical_id = ANY(${ids}::int[]) OR i.group_id = ANY(${ids}::int[]) OR i.subgroup_id = ANY(${ids}::int[]))`);
    }
    if (q.supplierId) w.push(`i.supplier_id = ${p.add(q.supplierId)}`);
    if (q.excludeSupplierId) w.push(`i.supplier_id <> ${p.add(q.excludeSupplierId)}`);
    if (q.isSampleKit !== undefined) w.push(`i.is_sample_kit = ${p.add(q.isSampleKit)}`);
  }
  w.push(...bucketSql(target === "items" ? "i.sample_price_cents" : "s.sample_price_min_cents", q.samplePrice, p));
  w.push(...bucketSql(`${own}.moq`, q.moq, p));
  w.push(...bucketSql("s.order_volume_units", q.orderVolume, p));
  if (q.minReview !== undefined) w.push(`s.average_review >= ${p.add(q.minReview)}`);
  w.push(...bucketSql(`${own}.production_days_max`, q.productionDays, p));
  w.push(...bucketSql("s.employee_count", q.employees, p));
  if (q.regions?.length) w.push(`s.region = ANY(${p.add(q.regions)}::text[])`);
  if (q.countryCodes?.length) w.push(`s.country_code = ANY(${p.add(q.countryCodes)}::text[])`);
  if (q.onlineOnly) w.push("s.is_online");
  if (q.customProjects) w.push(takesCustomProjectsSql(p));
  return w;
}

/**
 * A supplier takes custom projects (the RFP view) when a project can reach it — it has a contact
 * address, where a submitted project is emailed — and it does made-to-order work: a custom-work
 * capability, or a services or web-development supplier (they always work to a brief).
 */
function takesCustomProjectsSql(p: Params): string {
  return `(s.contact_email IS NOT NULL AND (s.primary_vertical = ANY(${p.add(BRIEF_VERTICALS)}::text[]) OR s.capabilities_text ~* ${p.add(CUSTOM_WORK_PATTERN)}))`;
}

function orderOf(q: MarketQuery, target: "suppliers" | "items"): string {
  const own = target === "items" ? "i" : "s";
  const price = target === "items" ? "i.price_min_cents" : "s.production_min_price_cents";
  const tail = `${own}.id`;
  switch (q.sort) {
    case "relevance":
      return q.keyword || q.matches ? `m.score DESC, ${own}.rank DESC, ${tail}` : `${own}.rank DESC, ${tail}`;
    case "-rank":
      return `${own}.rank DESC, ${tail}`;
    case "-enabledAt":
      return `${own}.enabled_at DESC NULLS LAST, ${tail}`;
    case "productionMinPrice":
      return `${price} ASC NULLS LAST, ${tail}`;
    case "-productionMinPrice":
      return `${price} DESC NULLS LAST, ${tail}`;
    case "-isOnline":
      return `s.is_online DESC, s.last_online_at DESC NULLS LAST, ${own}.rank DESC, ${tail}`;
    case "-firstEnabledAt":
      return `${own}.first_enabled_at DESC NULLS LAST, ${tail}`;
    case "tariffRatePercent":
      return `s.tariff_rate_percent ASC, ${own}.rank DESC, ${tail}`;
    case "-rankedAt":
      return `i.ranked_at DESC NULLS LAST, i.rank DESC, ${tail}`;
  }
}

/** Each word group as a tsquery (the word OR-ed with its synonyms; plainto_tsquery stems and drops stop words). */
function groupQueries(groups: string[][], p: Params): string[] {
  return groups.map((alts) => `(${alts.map((a) => `plainto_tsquery('english', ${p.add(a)})`).join(" || ")})`);
}

/** Past this many combinations the full-text candidates are the rows holding any word. */
const MAX_COVERAGE_COMBINATIONS = 64;

/**
 * A tsquery over kq's group columns that a row matches when it holds at least `k` of the `n`
 * word groups: the OR of every k-group AND. Null when any group does (k ≤ 1) or when there would
 * be too many combinations to be worth it.
 */
export function coverageQuery(n: number, k: number): string | null {
  if (k <= 1 || k > n) return null;
  const combos: number[][] = [];
  const pick = (from: number, chosen: number[]) => {
    if (combos.length > MAX_COVERAGE_COMBINATIONS) return;
    if (chosen.length === k) return void combos.push(chosen);
    for (let i = from; i <= n - (k - chosen.length); i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  if (combos.length > MAX_COVERAGE_COMBINATIONS) return null;
  return combos.map((c) => `(${c.map((i) => `kq.g${i}`).join(" && ")})`).join(" || ");
}

/**
 * The keyword candidates CTE: rows from the full-text, trigram and nearest-neighbour indexes,
 * scored and blended. Full text counts how many of the keyword's words (or their synonyms) a row
 * holds — at least half must be there, as a search engine's "minimum should match" — times its
 * ts_rank; trigram similarity catches misspellings; the embedding catches wording.
 */
function keywordCte(q: MarketQuery, table: "suppliers" | "catalog_items", p: Params): string {
  const k = q.keyword!;
  const text = table === "suppliers" ? "name" : "title";
  const kw = p.add(k.text);
  const vec = p.add(k.vector);
  const groups = groupQueries(k.wordGroups, p);
  const anyGroup = groups.length ? groups.join(" || ") : `''::tsquery`;
  const coverage = groups.length ? `(${groups.map((_, n) => `(t.search_document @@ kq.g${n})::int`).join(" + ")})::float8 / ${groups.length}` : "0";
  const minCoverage = groups.length > 2 ? 0.5 : 1 / Math.max(1, groups.length);
  const W = KEYWORD_WEIGHTS;
  // Full-text candidates must hold enough of the words to pass the coverage rule: a row holding
  // fewer can only match by trigram or by meaning, and those branches find it themselves.
  // Scoring every row that holds any one word of a common query cost most of its time.
  const covered = coverageQuery(groups.length, Math.ceil(minCoverage * groups.length - 1e-9));
  // The nearest-neighbour branch orders by the parameter itself, not kq.v: the planner can only
  // drive the HNSW index with a value known before the scan; through the CTE it sorted every row.
  return `kq AS MATERIALIZED (SELECT ${anyGroup} AS tsq, ${vec}::vector AS v${groups.map((g, n) => `, ${g} AS g${n}`).join("")}),
    kc AS MATERIALIZED (SELECT ${covered ?? "kq.tsq"} AS tsq FROM kq),
    cand AS (
      SELECT t.id FROM ${table} t, kc WHERE t.search_document @@ kc.tsq
      UNION SELECT w.id FROM ${table}_matching_words(${kw}, ${p.add(TRIGRAM_MIN_SIMILARITY)}) AS w(id)
      UNION (SELECT t.id FROM ${table} t WHERE t.embedding IS NOT NULL ORDER BY t.embedding <=> ${vec}::vector LIMIT ${SEMANTIC_CANDIDATES})
    ),
    scored AS MATERIALIZED (
      SELECT t.id, ${coverage} AS cov, ts_rank(t.search_document, kq.tsq) AS rnk,
             word_similarity(${kw}, t.${text}) AS trg,
             greatest(0, meaning_similarity(t.embedding, kq.v)) AS sem
        FROM ${table} t JOIN cand c ON c.id = t.id, kq
    ),
    m AS (
      SELECT id, (${W.fullText} * CASE WHEN cov >= ${minCoverage - 1e-9} THEN cov * (0.6 + 0.4 * least(1, rnk * 2)) ELSE 0 END + ${W.trigram} * trg + ${W.semantic} * sem)::float8 AS score
        FROM scored
       WHERE cov >= ${minCoverage - 1e-9} OR trg >= ${TRIGRAM_MIN_SIMILARITY} OR sem >= ${SEMANTIC_MIN_SIMILARITY}
    )`;
}

/**
 * The CTEs ending in `m` (id, score): the keyword's matches given as arrays when they were worked out
 * before, else scored here. Null without a keyword.
 */
function matchCte(q: MarketQuery, table: "suppliers" | "catalog_items", p: Params): string | null {
  if (q.matches) return `m AS (SELECT * FROM unnest(${p.add(q.matches.ids)}::uuid[], ${p.add(q.matches.scores)}::float8[]) AS m(id, score))`;
  return q.keyword ? keywordCte(q, table, p) : null;
}

/**
 * The rows a search reads (`i` and `s` for items, `s` for suppliers), joined to the keyword's `m`
 * when there is one. Given matches are looked up one by one through the primary key (the fenced
 * LATERAL): joined as a set, the planner hashed a scan of the whole table once they passed about a
 * thousand, three times slower than the lookups.
 */
function rowsOf(q: MarketQuery, target: "suppliers" | "items", mCte: string | null): string {
  if (q.matches) {
    return target === "items"
      ? "m CROSS JOIN LATERAL (SELECT * FROM catalog_items WHERE id = m.id OFFSET 0) i JOIN suppliers s ON s.id = i.supplier_id"
      : "m CROSS JOIN LATERAL (SELECT * FROM suppliers WHERE id = m.id OFFSET 0) s";
  }
  const rows = target === "items" ? "catalog_items i JOIN suppliers s ON s.id = i.supplier_id" : "suppliers s";
  return mCte ? `${rows} JOIN m ON m.id = ${target === "items" ? "i" : "s"}.id` : rows;
}

/** Every row the keyword matches and its score, unfiltered: one scoring that any filter, sort and page can reuse. */
export async function keywordMatchRows(db: Queryable, keyword: NonNullable<MarketQuery["keyword"]>, target: "suppliers" | "items"): Promise<KeywordMatches> {
  const p = new Params();
  const cte = keywordCte({ keyword, sort: "relevance" }, target === "items" ? "catalog_items" : "suppliers", p);
  const { rows } = await db.query<{ id: string; score: number }>(`WITH ${cte} SELECT id, score FROM m`, p.values);
  return { ids: rows.map((r) => r.id), scores: rows.map((r) => r.score) };
}

export const SUPPLIER_COLUMNS = `s.id, s.name, s.slug, s.country_code, s.region, s.city, s.description, s.capabilities, s.certifications,
  s.category_ids, s.primary_vertical, s.employee_count, s.founded_year, s.moq, s.sample_price_min_cents, s.sample_price_max_cents,
  s.production_days_min, s.production_days_max, s.order_volume_units, s.production_min_price_cents, s.tariff_rate_percent, s.rank,
  s.enabled_at, s.first_enabled_at, s.is_online, s.last_online_at, s.average_review, s.review_count, s.is_expanded_network,
  s.avatar_color, s.website`;

export const ITEM_COLUMNS = `i.id, i.supplier_id, s.name AS supplier_name, s.country_code AS supplier_country_code, i.type, i.title, i.description,
  i.vertical_id, i.group_id, i.subgroup_id, i.materials, i.colors, i.price_min_cents, i.price_max_cents, i.moq, i.sample_price_cents,
  i.production_days_min, i.production_days_max, i.image_urls, i.image_seed, i.image_color, i.is_sample_kit, i.rank, i.ranked_at, i.enabled_at, i.first_enabled_at`;

export type SupplierRow = {
  id: string; name: string; slug: string; country_code: string; region: string; city: string; description: string;
  capabilities: string[]; certifications: string[]; category_ids: number[]; primary_vertical: string; employee_count: number;
  founded_year: number | null; moq: number | null; sample_price_min_cents: number | null; sample_price_max_cents: number | null;
  production_days_min: number; production_days_max: number; order_volume_units: number; production_min_price_cents: number | null;
  tariff_rate_percent: number; rank: number; enabled_at: Date | null; first_enabled_at: Date | null; is_online: boolean;
  last_online_at: Date | null; average_review: number; review_count: number; is_expanded_network: boolean; avatar_color: string;
  website: string | null; score?: number | null; total?: number;
};

export type ItemRow = {
  id: string; supplier_id: string; supplier_name: string; supplier_country_code: string; type: string; title: string; description: string;
  vertical_id: number; group_id: number | null; subgroup_id: number | null; materials: string[]; colors: string; price_min_cents: number | null;
  price_max_cents: number | null; moq: number | null; sample_price_cents: number | null; production_days_min: number; production_days_max: number;
  image_urls: string[]; image_seed: number; image_color: string; is_sample_kit: boolean; rank: number; ranked_at: Date | null;
  enabled_at: Date | null; first_enabled_at: Date | null; score?: number | null; total?: number;
};

type Page = { limit: number; offset: number };

/** One page of suppliers and the total that match. */
export async function searchSupplierRows(db: Queryable, q: MarketQuery, page: Page): Promise<{ rows: SupplierRow[]; total: number }> {
  return runSearch<SupplierRow>(db, q, page, "suppliers");
}

/** One page of catalog items (with their supplier's name) and the total that match. */
export async function searchItemRows(db: Queryable, q: MarketQuery, page: Page): Promise<{ rows: ItemRow[]; total: number }> {
  return runSearch<ItemRow>(db, q, page, "items");
}

/** One statement: the page and its total (a window count with a keyword, a scalar count without). */
async function runSearch<R extends { total?: number }>(db: Queryable, q: MarketQuery, page: Page, target: "suppliers" | "items"): Promise<{ rows: R[]; total: number }> {
  const p = new Params();
  const mCte = matchCte(q, target === "items" ? "catalog_items" : "suppliers", p);
  const cte = mCte ? `WITH ${mCte} ` : "";
  const from = target === "items" ? "catalog_items i JOIN suppliers s ON s.id = i.supplier_id" : "suppliers s";
  const own = target === "items" ? "i" : "s";
  const read = rowsOf(q, target, mCte);
  const where = whereOf(q, target, p).join(" AND ");
  const columns = target === "items" ? ITEM_COLUMNS : SUPPLIER_COLUMNS;
  const score = mCte ? "m.score" : "NULL::float8";
  // With a keyword the candidate set is small, so the total rides along as a window count, and
  // the page is chosen on narrow rows (id, score, the sort columns) before only its rows are
  // widened: the window count over every match's full columns spilled to disk. Without one, the
  // total is a scalar subquery (run once) beside a page query that stays on the sort index.
  // Either way one statement, one round trip.
  const order = orderOf(q, target);
  const sql = mCte
    ? `${cte}, pg AS (SELECT ${own}.id, m.score, count(*) OVER () AS total FROM ${read} WHERE ${where} ORDER BY ${order} LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)})
       SELECT ${columns}, m.score AS score, m.total FROM pg m JOIN ${target === "items" ? "catalog_items i ON i.id = m.id JOIN suppliers s ON s.id = i.supplier_id" : "suppliers s ON s.id = m.id"} ORDER BY ${order}`
    : `SELECT ${columns}, ${score} AS score, (SELECT count(*)::int FROM ${from} WHERE ${where}) AS total
         FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`;
  const { rows } = await db.query<R>(sql, p.values);
  // A page past the end has no row to carry the total.
  if (rows.length || page.offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  return { rows, total: await countRows(db, q, target) };
}

/** How many suppliers or items match. */
export async function countRows(db: Queryable, q: MarketQuery, target: "suppliers" | "items"): Promise<number> {
  const p = new Params();
  const mCte = matchCte(q, target === "items" ? "catalog_items" : "suppliers", p);
  const cte = mCte ? `WITH ${mCte} ` : "";
  const { rows } = await db.query<{ n: number }>(`${cte}SELECT count(*)::int AS n FROM ${rowsOf(q, target, mCte)} WHERE ${whereOf(q, target, p).join(" AND ")}`, p.values);
  return rows[0]!.n;
}

/** Matching items per category group, largest first. */
export async function countItemsByGroup(db: Queryable, q: MarketQuery): Promise<{ category_id: number; key: string; title: string; vertical: string; count: number }[]> {
  const p = new Params();
  const mCte = matchCte(q, "catalog_items", p);
  const cte = mCte ? `WITH ${mCte} ` : "";
  const { rows } = await db.query(
    `${cte}SELECT c.id AS category_id, c.key, c.title, c.vertical, count(*)::int AS count
       FROM ${rowsOf(q, "items", mCte)} JOIN catalog_categories c ON c.id = i.group_id
      WHERE ${whereOf(q, "items", p).join(" AND ")}
      GROUP BY c.id ORDER BY count DESC, c.position, c.id`,
    p.values,
  );
  return rows;
}

// --- Categories ---------------------------------------------------------------------------------

export type CategoryRow = { id: number; parent_id: number | null; level: "VERTICAL" | "GROUP" | "SUBGROUP"; vertical: string; key: string; slug: string; title: string; position: number };
const CATEGORY_COLUMNS = "id, parent_id, level, vertical, key, slug, title, position";

export async function listCategoryRows(db: Queryable, vertical?: string): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>(
    `SELECT ${CATEGORY_COLUMNS} FROM catalog_categories WHERE ($1::text IS NULL OR vertical = $1) ORDER BY position, id`,
    [vertical ?? null],
  );
  return rows;
}

export async function listChildCategoryRows(db: Queryable, parent: { parentId?: number; vertical?: string }, page: Page): Promise<{ rows: CategoryRow[]; total: number }> {
  const where = parent.parentId !== undefined ? "parent_id = $1" : parent.vertical ? "parent_id = (SELECT id FROM catalog_categories WHERE level = 'VERTICAL' AND vertical = $1)" : "parent_id IS NULL AND $1::text IS NULL";
  const arg = parent.parentId ?? parent.vertical ?? null;
  const { rows } = await db.query<CategoryRow & { total: number }>(
    `SELECT ${CATEGORY_COLUMNS}, count(*) OVER () AS total FROM catalog_categories WHERE ${where} ORDER BY position, id LIMIT $2 OFFSET $3`,
    [arg, page.limit, page.offset],
  );
  if (rows.length || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const { rows: c } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM catalog_categories WHERE ${where}`, [arg]);
  return { rows, total: c[0]!.n };
}

/** A category by numeric id or by key ("products/apparel"). */
export async function findCategory(db: Queryable, ref: string): Promise<CategoryRow | null> {
  const isId = /^\d+$/.test(ref);
  const { rows } = await db.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM catalog_categories WHERE ${isId ? "id = $1::int" : "key = $1"}`, [isId ? Number(ref) : ref]);
  return rows[0] ?? null;
}

export async function findVerticalCategory(db: Queryable, vertical: string): Promise<CategoryRow | null> {
  const { rows } = await db.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM catalog_categories WHERE level = 'VERTICAL' AND vertical = $1`, [vertical]);
  return rows[0] ?? null;
}

export async function categoriesByIds(db: Queryable, ids: number[]): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM catalog_categories WHERE id = ANY($1::int[]) ORDER BY position, id`, [ids]);
  return rows;
}

// --- Suppliers and items by id ------------------------------------------------------------------

export async function suppliersByIds(db: Queryable, ids: string[]): Promise<SupplierRow[]> {
  const { rows } = await db.query<SupplierRow>(`SELECT ${SUPPLIER_COLUMNS}, NULL::float8 AS score FROM suppliers s WHERE s.id = ANY($1::uuid[]) AND s.enabled_at IS NOT NULL`, [ids]);
  return rows;
}

export async function itemById(db: Queryable, id: string): Promise<ItemRow | null> {
  const { rows } = await db.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS}, NULL::float8 AS score FROM catalog_items i JOIN suppliers s ON s.id = i.supplier_id
      WHERE i.id = $1 AND i.enabled_at IS NOT NULL AND s.enabled_at IS NOT NULL`,
    [id],
  );
  return rows[0] ?? null;
}

/** Items nearest in meaning to an item's embedding, other than itself. */
export async function similarItemRows(db: Queryable, itemId: string, size: number): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `WITH nn AS (SELECT n.id, n.distance AS d FROM catalog_items src, catalog_items_nearest(src.embedding, $2 + 10) n
                  WHERE src.id = $1 AND src.embedding IS NOT NULL)
     SELECT ${ITEM_COLUMNS}, (1 - nn.d)::float8 AS score
       FROM nn JOIN catalog_items i ON i.id = nn.id JOIN suppliers s ON s.id = i.supplier_id
      WHERE i.id <> $1 AND i.enabled_at IS NOT NULL AND s.enabled_at IS NOT NULL
      ORDER BY nn.d, i.id LIMIT $2`,
    [itemId, size],
  );
  return rows;
}

/** Items of the suppliers nearest in meaning to one supplier (that supplier excluded). */
export async function itemsOfSimilarSuppliers(db: Queryable, supplierId: string, size: number): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `WITH src AS (SELECT embedding FROM suppliers WHERE id = $1 AND embedding IS NOT NULL),
          near AS (SELECT t.id, row_number() OVER () AS pos FROM (
                     SELECT s2.id FROM suppliers s2, src WHERE s2.embedding IS NOT NULL AND s2.id <> $1 AND s2.enabled_at IS NOT NULL
                      ORDER BY s2.embedding <=> src.embedding LIMIT 10) t),
          picks AS (SELECT i.id, near.pos, row_number() OVER (PARTITION BY i.supplier_id ORDER BY i.rank DESC, i.id) AS k
                      FROM catalog_items i JOIN near ON near.id = i.supplier_id WHERE i.enabled_at IS NOT NULL)
     SELECT ${ITEM_COLUMNS}, NULL::float8 AS score
       FROM picks JOIN catalog_items i ON i.id = picks.id JOIN suppliers s ON s.id = i.supplier_id
      ORDER BY picks.k, picks.pos, i.id LIMIT $2`,
    [supplierId, size],
  );
  return rows;
}

/** Items nearest to a taste vector (the mean of what a store looked at), excluding given suppliers. */
export async function itemsNearVector(db: Queryable, vector: string, size: number, exclude: { supplierIds: string[]; categoryIds?: number[] }): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `WITH nn AS (SELECT c.id, c.embedding <=> $1::vector AS d FROM catalog_items c WHERE c.embedding IS NOT NULL ORDER BY c.embedding <=> $1::vector LIMIT 200)
     SELECT ${ITEM_COLUMNS}, (1 - nn.d)::float8 AS score
       FROM nn JOIN catalog_items i ON i.id = nn.id JOIN suppliers s ON s.id = i.supplier_id
      WHERE i.enabled_at IS NOT NULL AND s.enabled_at IS NOT NULL AND NOT (i.supplier_id = ANY($3::uuid[]))
        AND ($4::int[] IS NULL OR i.vertical_id = ANY($4) OR i.group_id = ANY($4) OR i.subgroup_id = ANY($4))
      ORDER BY nn.d, i.id LIMIT $2`,
    [vector, size, exclude.supplierIds, exclude.categoryIds ?? null],
  );
  return rows;
}

/** Suppliers nearest to a taste vector. */
export async function suppliersNearVector(db: Queryable, vector: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM suppliers WHERE embedding IS NOT NULL AND enabled_at IS NOT NULL ORDER BY embedding <=> $1::vector LIMIT $2`,
    [vector, limit],
  );
  return rows.map((r) => r.id);
}

/** The mean embedding of the suppliers a store recently viewed or favourited (null when none). */
export async function storeTasteVector(db: Queryable, storeId: string): Promise<{ vector: string | null; supplierIds: string[] }> {
  const { rows } = await db.query<{ v: string | null; ids: string[] | null }>(
    `WITH touched AS (
       (SELECT supplier_id FROM supplier_detail_views WHERE store_id = $1 ORDER BY created_at DESC LIMIT 50)
       UNION ALL SELECT COALESCE(f.supplier_id, i.supplier_id) FROM favorites f LEFT JOIN catalog_items i ON i.id = f.item_id WHERE f.store_id = $1
     ), ids AS (SELECT DISTINCT supplier_id FROM touched)
     SELECT avg(s.embedding)::text AS v, array_agg(ids.supplier_id) FILTER (WHERE ids.supplier_id IS NOT NULL) AS ids
       FROM ids LEFT JOIN suppliers s ON s.id = ids.supplier_id AND s.embedding IS NOT NULL`,
    [storeId],
  );
  return { vector: rows[0]?.v ?? null, supplierIds: rows[0]?.ids ?? [] };
}

/** Suppliers ranked by closeness to a vector (then rank), optionally within keyword matches. */
export async function supplierRowsNearVector(db: Queryable, vector: string, page: Page): Promise<{ rows: SupplierRow[]; total: number }> {
  const { rows } = await db.query<SupplierRow>(
    `SELECT ${SUPPLIER_COLUMNS}, meaning_similarity(s.embedding, $1::vector) AS score FROM suppliers s
      WHERE s.enabled_at IS NOT NULL AND s.embedding IS NOT NULL ORDER BY (s.embedding <=> $1::vector) + 0, s.id LIMIT $2 OFFSET $3`,
    [vector, page.limit, page.offset],
  );
  const { rows: c } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM suppliers WHERE enabled_at IS NOT NULL AND embedding IS NOT NULL");
  return { rows, total: c[0]!.n };
}

export async function supplierExists(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM suppliers WHERE id = $1 AND enabled_at IS NOT NULL", [id]);
  return rows.length > 0;
}

export async function itemExists(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM catalog_items WHERE id = $1 AND enabled_at IS NOT NULL", [id]);
  return rows.length > 0;
}

export async function itemSupplierId(db: Queryable, itemId: string): Promise<string | null> {
  const { rows } = await db.query<{ supplier_id: string }>("SELECT supplier_id FROM catalog_items WHERE id = $1", [itemId]);
  return rows[0]?.supplier_id ?? null;
}

export async function countryStats(db: Queryable): Promise<{ country_code: string; supplier_count: number; average_tariff: number }[]> {
  const { rows } = await db.query(
    `SELECT country_code, count(*)::int AS supplier_count, round(avg(tariff_rate_percent), 2) AS average_tariff
       FROM suppliers WHERE enabled_at IS NOT NULL GROUP BY country_code ORDER BY supplier_count DESC, country_code`,
  );
  return rows;
}

/** Completions: categories and item titles by prefix or trigram, supplier names likewise. */
export async function autoCompleteRows(db: Queryable, keyword: string, size: number): Promise<{ text: string; kind: "CATEGORY" | "ITEM" | "SUPPLIER"; id: string }[]> {
  // Categories are few: their similarity is computed on every row, without the index.
  const { rows } = await db.query(
    `(SELECT title AS text, 'CATEGORY' AS kind, id::text AS id, 3 AS prio, word_similarity($1, title) AS sim FROM catalog_categories
       WHERE title ILIKE $2 OR word_similarity($1, title) >= $4 ORDER BY sim DESC LIMIT $3)
     UNION ALL
     (SELECT title, 'ITEM', id::text, 2, word_similarity($1, title) AS sim FROM catalog_items
       WHERE enabled_at IS NOT NULL AND id IN (SELECT catalog_items_matching_words($1, $4)) ORDER BY sim DESC, rank DESC LIMIT $3)
     UNION ALL
     (SELECT name, 'SUPPLIER', id::text, 1, word_similarity($1, name) AS sim FROM suppliers
       WHERE enabled_at IS NOT NULL AND id IN (SELECT suppliers_matching_words($1, $4)) ORDER BY sim DESC, rank DESC LIMIT $3)
     ORDER BY sim DESC, prio DESC LIMIT $3 * 3`,
    [keyword, `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, size, TRIGRAM_MIN_SIMILARITY],
  );
  const seen = new Set<string>();
  return rows.filter((r: { text: string }) => !seen.has(r.text.toLowerCase()) && seen.add(r.text.toLowerCase())).slice(0, size);
}

// --- Tracking and the search log ----------------------------------------------------------------

export async function insertDetailView(db: Queryable, v: { storeId: string; supplierId: string; itemId: string | null; source: string }): Promise<void> {
  await db.query("INSERT INTO supplier_detail_views (store_id, supplier_id, item_id, source) VALUES ($1, $2, $3, $4)", [v.storeId, v.supplierId, v.itemId, v.source]);
}

export type SearchLogRow = { storeId: string | null; target: "SUPPLIERS" | "CATALOG_ITEMS" | "IMAGE"; keyword: string; filters: Record<string, unknown>; resultCount: number; elapsedMs: number; fromCache: boolean; at: Date };

/** Writes logged searches in one statement. */
export async function insertSearchLogs(db: Queryable, rows: SearchLogRow[]): Promise<void> {
  await db.query(
    `INSERT INTO catalog_search_logs (store_id, target, keyword, filters, result_count, elapsed_ms, from_cache, created_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::int[], $6::numeric[], $7::boolean[], $8::timestamptz[])`,
    [
      rows.map((r) => r.storeId), rows.map((r) => r.target), rows.map((r) => r.keyword), rows.map((r) => JSON.stringify(r.filters)),
      rows.map((r) => r.resultCount), rows.map((r) => Math.round(r.elapsedMs * 100) / 100), rows.map((r) => r.fromCache), rows.map((r) => r.at),
    ],
  );
}

/**
 * The catalogue's state as every search reads it first: one read shared by the searches (keyword and
 * image alike) that ask in the same turn of the event loop, started after they asked
 * (db/shared-read.ts).
 */
export const sharedCatalogState = sharedRead((pool: pg.Pool) => catalogVersionAndImageSpace(pool));

/**
 * The catalogue's version (migration 0019: it moves on with every change to a table search reads)
 * and the image index's embedding space, in one round trip.
 */
export async function catalogVersionAndImageSpace(db: Queryable): Promise<{ version: string; imageSpace: string | null }> {
  const { rows } = await db.query<{ version: string; image_space: string | null }>(
    "SELECT version, (SELECT value #>> '{}' FROM app_settings WHERE key = 'image_embedding_space') AS image_space FROM catalog_state",
  );
  return { version: rows[0]!.version, imageSpace: rows[0]!.image_space };
}

// --- Reviews ------------------------------------------------------------------------------------

export type ReviewRow = { id: string; supplier_id: string; store_id: string | null; author_name: string; rating: number; title: string; body: string; created_at: Date; updated_at: Date | null };
const REVIEW_COLUMNS = "id, supplier_id, store_id, author_name, rating, title, body, created_at, updated_at";

export async function listReviewRows(db: Queryable, supplierId: string, page: Page): Promise<{ rows: ReviewRow[]; total: number }> {
  const { rows } = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM supplier_reviews WHERE supplier_id = $1 AND held_at IS NULL ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`, [supplierId, page.limit, page.offset]);
  const { rows: c } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM supplier_reviews WHERE supplier_id = $1 AND held_at IS NULL", [supplierId]);
  return { rows, total: c[0]!.n };
}

export async function reviewSummaryRow(db: Queryable, supplierId: string): Promise<{ average: number; count: number; histogram: { 1: number; 2: number; 3: number; 4: number; 5: number } }> {
  const { rows } = await db.query<{ average: number | null; count: number; h1: number; h2: number; h3: number; h4: number; h5: number }>(
    `SELECT round(avg(rating), 2) AS average, count(*)::int AS count,
            count(*) FILTER (WHERE rating = 1)::int AS h1, count(*) FILTER (WHERE rating = 2)::int AS h2, count(*) FILTER (WHERE rating = 3)::int AS h3,
            count(*) FILTER (WHERE rating = 4)::int AS h4, count(*) FILTER (WHERE rating = 5)::int AS h5
       FROM supplier_reviews WHERE supplier_id = $1 AND held_at IS NULL`,
    [supplierId],
  );
  const r = rows[0]!;
  return { average: r.average ?? 0, count: r.count, histogram: { 1: r.h1, 2: r.h2, 3: r.h3, 4: r.h4, 5: r.h5 } };
}

/** A review; `held` ones (posted without an account) are kept for moderation and neither counted nor listed. */
export async function insertReview(db: Queryable, r: { supplierId: string; storeId: string | null; authorName: string; authorEmail: string | null; rating: number; title: string; body: string; held?: boolean }): Promise<ReviewRow> {
  const { rows } = await db.query<ReviewRow>(
    `INSERT INTO supplier_reviews (supplier_id, store_id, author_name, author_email, rating, title, body, held_at) VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::boolean THEN now() END) RETURNING ${REVIEW_COLUMNS}`,
    [r.supplierId, r.storeId, r.authorName, r.authorEmail, r.rating, r.title, r.body, r.held ?? false],
  );
  return rows[0]!;
}

export async function findStoreReview(db: Queryable, supplierId: string, storeId: string): Promise<ReviewRow | null> {
  const { rows } = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM supplier_reviews WHERE supplier_id = $1 AND store_id = $2`, [supplierId, storeId]);
  return rows[0] ?? null;
}

export async function findEmailReview(db: Queryable, supplierId: string, email: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM supplier_reviews WHERE supplier_id = $1 AND author_email = $2", [supplierId, email]);
  return rows.length > 0;
}

export async function countEmailReviewsSince(db: Queryable, email: string, hours: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM supplier_reviews WHERE author_email = $1 AND created_at > now() - make_interval(hours => $2)", [email, hours]);
  return rows[0]!.n;
}

/** Updates a review only when it belongs to the store; null when it doesn't (or doesn't exist). */
export async function updateStoreReview(db: Queryable, id: string, storeId: string, patch: { rating?: number; title?: string; body?: string }): Promise<ReviewRow | null> {
  const { rows } = await db.query<ReviewRow>(
    `UPDATE supplier_reviews SET rating = COALESCE($3, rating), title = COALESCE($4, title), body = COALESCE($5, body), updated_at = now()
      WHERE id = $1 AND store_id = $2 RETURNING ${REVIEW_COLUMNS}`,
    [id, storeId, patch.rating ?? null, patch.title ?? null, patch.body ?? null],
  );
  return rows[0] ?? null;
}

// --- Favourites ---------------------------------------------------------------------------------

export type FavoriteRow = { id: string; target_kind: "SUPPLIER" | "CATALOG_ITEM"; supplier_id: string | null; item_id: string | null; created_at: Date };

export async function listFavoriteRows(db: Queryable, storeId: string, kind: string | undefined, page: Page): Promise<{ rows: FavoriteRow[]; total: number }> {
  const { rows } = await db.query<FavoriteRow>(
    `SELECT id, target_kind, supplier_id, item_id, created_at FROM favorites WHERE store_id = $1 AND ($2::text IS NULL OR target_kind = $2)
      ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
    [storeId, kind ?? null, page.limit, page.offset],
  );
  const { rows: c } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM favorites WHERE store_id = $1 AND ($2::text IS NULL OR target_kind = $2)", [storeId, kind ?? null]);
  return { rows, total: c[0]!.n };
}

/** Inserts a favourite, or returns the one the store already has for that target. */
export async function upsertFavorite(db: Queryable, storeId: string, kind: "SUPPLIER" | "CATALOG_ITEM", targetId: string): Promise<FavoriteRow> {
  const column = kind === "SUPPLIER" ? "supplier_id" : "item_id";
  const inserted = await db.query<FavoriteRow>(
    `INSERT INTO favorites (store_id, target_kind, ${column}) VALUES ($1, $2, $3)
     ON CONFLICT (store_id, ${column}) WHERE target_kind = '${kind}' DO NOTHING
     RETURNING id, target_kind, supplier_id, item_id, created_at`,
    [storeId, kind, targetId],
  );
  if (inserted.rows[0]) return inserted.rows[0];
  const { rows } = await db.query<FavoriteRow>(`SELECT id, target_kind, supplier_id, item_id, created_at FROM favorites WHERE store_id = $1 AND target_kind = $2 AND ${column} = $3`, [storeId, kind, targetId]);
  return rows[0]!;
}

export async function deleteFavorite(db: Queryable, storeId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM favorites WHERE id = $1 AND store_id = $2", [id, storeId]);
  return (rowCount ?? 0) > 0;
}

export async function findFavoriteId(db: Queryable, storeId: string, kind: "SUPPLIER" | "CATALOG_ITEM", targetId: string): Promise<string | null> {
  const column = kind === "SUPPLIER" ? "supplier_id" : "item_id";
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM favorites WHERE store_id = $1 AND target_kind = $2 AND ${column} = $3`, [storeId, kind, targetId]);
  return rows[0]?.id ?? null;
}

export async function itemsByIds(db: Queryable, ids: string[]): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(`SELECT ${ITEM_COLUMNS}, NULL::float8 AS score FROM catalog_items i JOIN suppliers s ON s.id = i.supplier_id WHERE i.id = ANY($1::uuid[])`, [ids]);
  return rows;
}

// --- Image descriptors --------------------------------------------------------------------------

/** Which image embedder made the stored item vectors (null: none recorded, the descriptor's default). */
export async function setImageEmbeddingSpace(db: Queryable, kind: string): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value) VALUES ('image_embedding_space', to_jsonb($1::text))
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [kind],
  );
}

export type ItemImageSource = { id: string; title: string; image_urls: string[]; image_seed: number; image_color: string; updated_at: Date };

/** Items whose image descriptor is missing, stale, or of another descriptor kind. */
export async function itemsNeedingImageIndex(db: Queryable, kind: string, limit: number): Promise<ItemImageSource[]> {
  const { rows } = await db.query<ItemImageSource>(
    `SELECT i.id, i.title, i.image_urls, i.image_seed, i.image_color, i.updated_at FROM catalog_items i
       LEFT JOIN catalog_item_images m ON m.item_id = i.id
      WHERE m.item_id IS NULL OR m.item_updated_at <> i.updated_at OR m.descriptor_kind <> $1
      LIMIT $2`,
    [kind, limit],
  );
  return rows;
}

/** How many items need a picture vector of this kind (none, stale, or another kind's). */
export async function countItemsNeedingImageIndex(db: Queryable, kind: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM catalog_items i
       LEFT JOIN catalog_item_images m ON m.item_id = i.id
      WHERE m.item_id IS NULL OR m.item_updated_at <> i.updated_at OR m.descriptor_kind <> $1`,
    [kind],
  );
  return Number(rows[0]!.n);
}

export async function upsertItemImages(db: Queryable, rows: { itemId: string; kind: string; source: string; itemUpdatedAt: Date; vector: string | null }[]): Promise<void> {
  if (!rows.length) return;
  await db.query(
    `INSERT INTO catalog_item_images (item_id, descriptor_kind, source, item_updated_at, embedding)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::vector[])
     ON CONFLICT (item_id) DO UPDATE SET descriptor_kind = EXCLUDED.descriptor_kind, source = EXCLUDED.source,
       item_updated_at = EXCLUDED.item_updated_at, embedding = EXCLUDED.embedding, created_at = now()`,
    [rows.map((r) => r.itemId), rows.map((r) => r.kind), rows.map((r) => r.source), rows.map((r) => r.itemUpdatedAt), rows.map((r) => r.vector)],
  );
}

/** Items whose pictures are nearest to a descriptor (HNSW), best first. */
export async function itemsNearImage(db: Queryable, vector: string, kind: string, limit: number, type?: string): Promise<(ItemRow & { similarity: number })[]> {
  const { rows } = await db.query<ItemRow & { similarity: number }>(
    `WITH nn AS (SELECT item_id, distance AS d FROM item_images_nearest($1::vector, $2, $3 + 20))
     SELECT ${ITEM_COLUMNS}, NULL::float8 AS score, (1 - nn.d)::float8 AS similarity
       FROM nn JOIN catalog_items i ON i.id = nn.item_id JOIN suppliers s ON s.id = i.supplier_id
      WHERE i.enabled_at IS NOT NULL AND s.enabled_at IS NOT NULL AND ($4::text IS NULL OR i.type = $4)
      ORDER BY nn.d, i.id LIMIT $3`,
    [vector, kind, limit, type ?? null],
  );
  return rows;
}

/** The store's title, shown as the author of its reviews. */
export async function findStoreTitle(db: Queryable, storeId: string): Promise<string | null> {
  const { rows } = await db.query<{ title: string }>("SELECT title FROM stores WHERE id = $1", [storeId]);
  return rows[0]?.title ?? null;
}
