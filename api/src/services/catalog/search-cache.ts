import type pg from "pg";
import type { RequestContext } from "../../context";
import { catalogVersion } from "../../queries/catalog";

/**
 * Recent marketplace search answers, kept per database pool in this process under the catalogue's
 * version (migration 0019). Every search first reads the version (one primary-key read): an answer
 * kept under an older version is never served, so a change to a supplier, an item, a category or
 * an item picture shows in the next search, whichever API process made it. The version is read
 * before the search runs, so an answer can only be kept under a version at least as old as its data.
 *
 * Answers are store-independent (search results carry no store data), shared between callers and
 * never changed after they are kept. Bounded by the rows they hold; the least recently used go first.
 */
export type SearchCache = { get(key: string, version: string): unknown; set(key: string, version: string, value: unknown, weight: number): void; readonly size: number };

/** About 1.5 kB a row: the budget keeps the cache near 30 MB at most. */
const ROW_BUDGET = 20_000;

export function createSearchCache(rowBudget = ROW_BUDGET): SearchCache {
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
      if (w > rowBudget) return;
      entries.set(key, { version, value, weight: w });
      weight += w;
      while (weight > rowBudget) remove(entries.keys().next().value!);
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

/**
 * The answer kept for `key` at the catalogue's current version, or `run`'s, which is then kept.
 * `rows` tells how many result rows an answer holds (its weight in the budget).
 */
export async function cachedSearch<T>(ctx: Pick<RequestContext, "pool" | "config">, key: string, rows: (value: T) => number, run: () => Promise<T>): Promise<{ value: T; fromCache: boolean }> {
  if (!ctx.config.searchCache) return { value: await run(), fromCache: false };
  const cache = cacheOf(ctx.pool);
  const version = await catalogVersion(ctx.pool);
  const kept = cache.get(key, version);
  if (kept !== undefined) return { value: kept as T, fromCache: true };
  const value = await run();
  cache.set(key, version, value, rows(value) + 1);
  return { value, fromCache: false };
}
