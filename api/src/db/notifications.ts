import type pg from "pg";

// Postgres notifications inside one process. A NOTIFY reaches a connection that LISTENs; which one
// hears it first decides how exact a cache fed by it is:
// - real Postgres delivers a session's own notifications to it before its COMMIT (or autocommitted
//   statement) returns, and other sessions' notifications a moment later;
// - the embedded database (PGlite) is one session behind a multiplexer: a notification goes only
//   to the connection whose statement committed it, before that statement returns.
// So every connection the process opens listens, and whatever connection hears a notification
// hands it to this process-wide dispatcher: a write made by this process is seen by its caches
// before the write returns, on both databases; another process's write arrives through the
// dedicated listener (listen.ts) on real Postgres.

/** Session changes (migration 0490): 'user:<id>', 'store:<id>' or 'all'. */
export const SESSION_CHANGES_CHANNEL = "atelier_session_changes";

/** The channels every connection of the process listens on. */
const CONNECTION_CHANNELS = [SESSION_CHANGES_CHANNEL];

const handlers = new Map<string, Set<(payload: string) => void>>();

/** Calls fn with the payload of every notification on channel this process hears; returns the unsubscribe. */
export function onNotification(channel: string, fn: (payload: string) => void): () => void {
  const set = handlers.get(channel) ?? new Set();
  handlers.set(channel, set);
  set.add(fn);
  return () => set.delete(fn);
}

/** Hands a notification heard on any connection to the process's subscribers. */
export function dispatchNotification(message: pg.Notification): void {
  for (const fn of handlers.get(message.channel) ?? []) fn(message.payload ?? "");
}

/** Makes every connection of the pool listen and dispatch (see the comment above). */
export function listenOnEveryConnection(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    client.on("notification", dispatchNotification);
    // Queued before the statement the connection was opened for. If it fails, this process's own
    // writes through the connection reach its caches through the dedicated listener instead, later.
    for (const channel of CONNECTION_CHANNELS) {
      client.query(`LISTEN ${channel}`).catch((err: unknown) => console.error(`a pool connection could not listen on ${channel}`, err));
    }
  });
}
