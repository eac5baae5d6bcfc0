import type pg from "pg";
import type { RequestContext } from "../../context";
import { JsonAnswer } from "../../json-answer";
import { keywordMatchRows, type KeywordMatches, type MarketQuery } from "../../queries/marketplace/search";
import { sharedCatalogState } from "../../queries/marketplace/search-log";

/**
 * Recent marketplace search answers, kept per database pool in this process under the catalogue's
 * version (migration 0019). Every search first reads the version (one primary-key read, shared by
 * the searches that ask in the same turn of the event loop and started after they asked): an answer
 * kept under an older version is never served, so a change to a supplier, an item, a category or
 * an item picture shows in the next search, whichever API process made it. The version is read
 * before the search runs, so an answer can only be kept under a version at least as old as its data.
 *
 * Answers are store-independent (search results carry no store data) and kept serialised, so a
 * repeated search writes the kept bytes and entity tag. Bounded by their size; the least recently
 * used go first.
 */
export type SearchCache = { get(key: string, version: string): unknown; set(key: string, version: string, value: unknown, weight: number): void; readonly size: number };

/** Bytes of serialised answers (plain and gzip-encoded) kept per database pool. */
const BYTE_BUDGET = 32 * 1024 * 1024;

export function createSearchCache(budget = BYTE_BUDGET): SearchCache {
  const entries = new Map<string, { version: string; value: unknown; weight: number }>();
  let weight = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
  };
  return {
    get(key, version) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version) {
        remove(key);
        return undefined;
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, version, value, w) {
      remove(key);
      if (w > budget) return;
      entries.set(key, { version, value, weight: w });
      weight += w;
      while (weight > budget) remove(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}

const caches = new WeakMap<pg.Pool, SearchCache>();

function cacheOf(pool: pg.Pool): SearchCache {
  let cache = caches.get(pool);
  if (!cache) caches.set(pool, (cache = createSearchCache()));
  return cache;
}

/** A search answer, serialised, with the count its search log records. */
export type KeptSearch<T> = { answer: JsonAnswer<T>; resultCount: number; fromCache: boolean };

/**
 * The answer kept for `key` at the catalogue's current version, or `run`'s, which is then kept.
 * `resultCount` tells what the search log records of an answer (its total, or its length). `run`
 * gets the version read before it (empty with the cache off), for what it keeps itself.
 */
export async function cachedSearch<T>(
  ctx: Pick<RequestContext, "pool" | "config">,
  key: string,
  resultCount: (value: T) => number,
  run: (version: string) => Promise<T>,
  /** The version when the caller has just read it (image search reads it with the embedding space). */
  versionRead?: string,
): Promise<KeptSearch<T>> {
  const cache = ctx.config.searchCache ? cacheOf(ctx.pool) : null;
  const answer = async (version: string) => {
    const value = await run(version);
    return { answer: JsonAnswer.of(value), resultCount: resultCount(value), degraded: isDegraded(value) };
  };
  if (!cache) {
    const fresh = await answer("");
    return { answer: fresh.answer, resultCount: fresh.resultCount, fromCache: false };
  }
  const version = versionRead ?? (await sharedCatalogState(ctx.pool)).version;
  // A kept answer also keeps its compressed copies, so they count against the budget too: gzip's
  // made now rather than on first use (browsers and the agent tools all accept gzip).
  // A words-only answer (the meaning model was down) weighs more than the budget: never kept, so
  // the next search after the model is back gets the full one.
  const weigh = (kept: { answer: JsonAnswer<T>; degraded: boolean }) => (kept.degraded ? Infinity : kept.answer.keptBytes);
  const { value, kept } = await keptOrRun(cache, ctx.pool, key, version, () => answer(version), weigh);
  return { answer: value.answer, resultCount: value.resultCount, fromCache: kept };
}

/**
 * The query with its keyword's matches and scores, kept beside the answers: a search or count that
 * changes only its filters, sort or page (paging on, a filter toggled) reuses the scoring, the costly
 * part of a keyword search, instead of running it again. `version` is the one the caller read before
 * it ran (cachedSearch hands it over); the counts, which keep no answer, have it read here. With the
 * cache off the query goes as it is, and scores in its own statement.
 */
export async function withKeptMatches(ctx: Pick<RequestContext, "pool" | "config">, market: MarketQuery, target: "suppliers" | "items", version?: string): Promise<MarketQuery> {
  const keyword = market.keyword;
  if (!keyword || !ctx.config.searchCache) return market;
  const at = version ?? (await sharedCatalogState(ctx.pool)).version;
  const weigh = (m: KeywordMatches) => (keyword.vector === null ? Infinity : 100 + m.ids.length * BYTES_PER_MATCH);
  const { value } = await keptOrRun(cacheOf(ctx.pool), ctx.pool, `matches:${target}:${keyword.text}`, at, () => keywordMatchRows(ctx.pool, keyword, target), weigh);
  return { ...market, matches: value };
}

/** An answer that carries a notice is a degraded one (search-notice in contracts). */
function isDegraded(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as { notice?: unknown }).notice === "string";
}

/** What a kept match costs in memory: its id string and its score. */
const BYTES_PER_MATCH = 64;

/**
 * The value kept for `key` at `version`, or `run`'s, which is then kept. The same key already
 * running at this version is joined rather than run again (many clients asking one search right
 * after a catalogue change). That is as safe as a kept value: no catalogue commit came between the
 * running one's version read and this one's, and its statements started after its read.
 */
async function keptOrRun<V>(cache: SearchCache, pool: pg.Pool, key: string, version: string, run: () => Promise<V>, weigh: (value: V) => number): Promise<{ value: V; kept: boolean }> {
  const kept = cache.get(key, version) as V | undefined;
  if (kept !== undefined) return { value: kept, kept: true };
  const running = runningOf(pool);
  const joined = running.get(key);
  if (joined?.version === version) return { value: (await joined.value) as V, kept: false };
  const value = run();
  const entry = { version, value };
  running.set(key, entry);
  try {
    const fresh = await value;
    cache.set(key, version, fresh, weigh(fresh));
    return { value: fresh, kept: false };
  } finally {
    if (running.get(key) === entry) running.delete(key);
  }
}

/** Searches under way per database pool, by key, with the version each read before it ran. */
const runningSearches = new WeakMap<pg.Pool, Map<string, { version: string; value: Promise<unknown> }>>();

function runningOf(pool: pg.Pool): Map<string, { version: string; value: Promise<unknown> }> {
  let running = runningSearches.get(pool);
  if (!running) runningSearches.set(pool, (running = new Map()));
  return running;
}
