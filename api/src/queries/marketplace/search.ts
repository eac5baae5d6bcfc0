import type { Queryable } from "../../db/pool";
import { ITEM_COLUMNS, type ItemRow, type Page, SUPPLIER_COLUMNS, type SupplierRow } from "./rows";
import { escapeLike } from "../like-pattern";

// The marketplace's search. Search is one builder for suppliers and items: filters and
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
  /** `vector` null: the meaning model is unavailable, so only the words match. */
  keyword?: { text: string; wordGroups: string[][]; vector: string | null };
  /** The keyword's matches and scores when already worked out (keywordMatchRows): used instead of scoring again. */
  matches?: KeywordMatches;
  network?: "CORE" | "EXPANDED";
  supplierVerticals?: string[];
  /** Supplier verticals left out: a search for goods leaves out service providers (service-query.ts). */
  excludedVerticals?: string[];
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
  // A supplier's items are of its vertical: leaving out its vertical leaves out its items too.
  if (q.excludedVerticals) w.push(`s.primary_vertical <> ALL(${p.add(q.excludedVerticals)}::text[])`);
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
      ${k.vector === null ? "" : `UNION (SELECT t.id FROM ${table} t WHERE t.embedding IS NOT NULL ORDER BY t.embedding <=> ${vec}::vector LIMIT ${SEMANTIC_CANDIDATES})`}
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
    [keyword, `${escapeLike(keyword)}%`, size, TRIGRAM_MIN_SIMILARITY],
  );
  const seen = new Set<string>();
  return rows.filter((r: { text: string }) => !seen.has(r.text.toLowerCase()) && seen.add(r.text.toLowerCase())).slice(0, size);
}
