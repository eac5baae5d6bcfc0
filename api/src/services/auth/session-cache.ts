import type { Logger } from "pino";
import { listenOnDatabase, type DatabaseListener } from "../../db/listen";
import { SESSION_CHANGES_CHANNEL, dispatchNotification, onNotification } from "../../db/notifications";

/**
 * How long a resolved session is trusted without a notification. Notifications drop entries at
 * once; this bounds the damage of one that is lost while the listener still looks connected
 * (docs/decisions.md, "Resolved sessions are cached").
 */
export const SESSION_TTL_MS = 5_000;
/** At most this many sessions are kept; the oldest goes first (with one TTL, the first to expire). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** What a token identifies: a user in a store (v1, v2 tokens) or in a supplier company. */
export type SessionKey = { kind: "store" | "supplier"; userId: string; scopeId: string };

type Entry = { value: unknown; userId: string; storeId: string | null; expiresAt: number };

/** The process's resolved sessions, dropped by the session-change notifications of migration 0490. */
export type SessionCache = {
  /**
   * load's answer for key: from memory while it is fresh and the listener is up, otherwise read
   * (and kept, unless a change was heard during the read). A null answer (no such member) is never kept.
   */
  read<T>(key: SessionKey, load: () => Promise<T | null>): Promise<T | null>;
  /** Applies one notification's payload: 'user:<id>', 'store:<id>' or 'all' (anything else empties the cache). */
  invalidate(payload: string): void;
  /** Turns the cache on (empty) or off (every read goes to the database). */
  setActive(active: boolean): void;
  readonly active: boolean;
  readonly size: number;
};

export type SessionCacheOptions = { ttlMs?: number; maxEntries?: number };

/** An inactive cache; startSessionCache turns it on while its listener is up. */
export function createSessionCache(options: SessionCacheOptions = {}): SessionCache {
  const ttlMs = options.ttlMs ?? SESSION_TTL_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  let active = false;
  // Bumped by every change heard: a read that began before it may hold what the change replaced.
  let epoch = 0;

  function drop(match: (entry: Entry) => boolean) {
    for (const [key, entry] of entries) if (match(entry)) entries.delete(key);
  }

  return {
    async read<T>(key: SessionKey, load: () => Promise<T | null>): Promise<T | null> {
      if (!active) return load();
      const id = `${key.kind}:${key.userId}:${key.scopeId}`;
      const hit = entries.get(id);
      if (hit && hit.expiresAt > Date.now()) return hit.value as T;
      if (hit) entries.delete(id);
      const readFrom = epoch;
      const value = await load();
      if (value === null || !active || epoch !== readFrom) return value;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(id, { value, userId: key.userId, storeId: key.kind === "store" ? key.scopeId : null, expiresAt: Date.now() + ttlMs });
      return value;
    },
    invalidate(payload) {
      epoch++;
      const [kind, id] = payload.split(":", 2);
      if (kind === "user" && id) drop((e) => e.userId === id);
      else if (kind === "store" && id) drop((e) => e.storeId === id);
      else entries.clear();
    },
    setActive(next) {
      epoch++;
      entries.clear();
      active = next;
    },
    get active() {
      return active;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The API's session cache with its dedicated listener (see db/notifications.ts for who hears what). */
export type RunningSessionCache = SessionCache & { listener: DatabaseListener; close(): Promise<void> };

/**
 * Starts the session cache of one API instance: active while its LISTEN connection is up, emptied
 * and bypassed while it is down (notifications would be lost), emptied again on reconnect.
 */
export async function startSessionCache(databaseUrl: string, log: Logger, options: SessionCacheOptions = {}): Promise<RunningSessionCache> {
  const cache = createSessionCache(options);
  const unsubscribe = onNotification(SESSION_CHANGES_CHANNEL, (payload) => cache.invalidate(payload));
  const listener = await listenOnDatabase(
    databaseUrl,
    [SESSION_CHANGES_CHANNEL],
    {
      onNotification: dispatchNotification,
      onUp: () => cache.setActive(true),
      onDown: () => {
        log.warn("sessions: the change listener is down; every request reads its session until it is back");
        cache.setActive(false);
      },
    },
    log,
  );
  return {
    read: cache.read,
    invalidate: cache.invalidate,
    setActive: cache.setActive,
    get active() {
      return cache.active;
    },
    get size() {
      return cache.size;
    },
    listener,
    async close() {
      unsubscribe();
      cache.setActive(false);
      await listener.close();
    },
  };
}
