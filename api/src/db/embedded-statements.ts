// Named prepared statements that are safe on the embedded database. PGlite is one Postgres session
// behind pglite-socket's multiplexer, so every pool client shares that session's prepared
// statements: two clients preparing the same name clash ("prepared statement already exists"),
// while pg remembers per client which names it has parsed. Each client here prepares its own copy
// under a name suffixed with the process's and the client's numbers, so a hot read is planned once
// per pool client and never clashes. On a real Postgres server each client is its own session and
// the suffix is only a longer name.
import { createHash } from "node:crypto";
import type pg from "pg";

/** A hot read that is planned once per pool client (`name`: a short lowercase identifier naming the read). */
export type PreparedRead = { name: string; text: string };

type Tracked = { id: number; names: Set<string> };

const clients = new WeakMap<pg.ClientBase, Tracked>();
// A read whose text varies (a page size written into it) gets one statement per text, never a clash.
const textKeys = new Map<string, string>();
let lastClientId = 0;

function tracked(client: pg.ClientBase): Tracked {
  let entry = clients.get(client);
  if (!entry) {
    entry = { id: ++lastClientId, names: new Set() };
    clients.set(client, entry);
  }
  return entry;
}

function textKey(text: string): string {
  let key = textKeys.get(text);
  if (!key) {
    key = createHash("sha1").update(text).digest("hex").slice(0, 10);
    textKeys.set(text, key);
  }
  return key;
}

/**
 * The statement's name on this client: the read's name, its text's digest, the process and the
 * client's number (the test run's processes share one embedded database, so one session).
 */
export function statementName(client: pg.ClientBase, read: PreparedRead): string {
  return `${read.name}_${textKey(read.text)}_p${process.pid}_c${tracked(client).id}`;
}

/** Runs a read as this client's prepared statement (prepared on its first use). */
export function queryPrepared<R extends pg.QueryResultRow>(client: pg.ClientBase, read: PreparedRead, values: unknown[]): Promise<pg.QueryResult<R>> {
  const name = statementName(client, read);
  tracked(client).names.add(name);
  return client.query<R>({ name, text: read.text, values });
}

/** Runs a read as a prepared statement on a client taken from the pool for it. */
export async function queryPreparedOnPool<R extends pg.QueryResultRow>(pool: pg.Pool, read: PreparedRead, values: unknown[]): Promise<pg.QueryResult<R>> {
  const client = await pool.connect();
  try {
    return await queryPrepared<R>(client, read, values);
  } finally {
    client.release();
  }
}

/** What the queries modules are handed (the pool, or a client in a transaction): the read prepared on whichever client runs it. */
export function queryHotRead<R extends pg.QueryResultRow>(db: Pick<pg.Pool, "query"> | pg.PoolClient, read: PreparedRead, values: unknown[]): Promise<pg.QueryResult<R>> {
  return isPool(db) ? queryPreparedOnPool<R>(db, read, values) : queryPrepared<R>(db as pg.PoolClient, read, values);
}

function isPool(db: Pick<pg.Pool, "query"> | pg.PoolClient): db is pg.Pool {
  return "totalCount" in db && "connect" in db;
}

/**
 * On the embedded database a closed client's statements outlive it in the shared session, so when
 * the pool drops a client (idle timeout, error) its statements are deallocated through another.
 * On a real server they ended with the client's own session: pass `sharedSession: false`.
 */
export function deallocateRemovedClients(pool: pg.Pool, options: { sharedSession: boolean; onError?: (err: unknown) => void }): void {
  if (!options.sharedSession) return;
  pool.on("remove", (client) => {
    const entry = clients.get(client);
    // A pool being ended cannot run the DEALLOCATE: what it leaves is memory, never a clash (names are never reused).
    if (!entry || entry.names.size === 0 || (pool as pg.Pool & { ending?: boolean }).ending) return;
    const names = [...entry.names];
    entry.names.clear();
    // Best effort: a statement left behind costs memory in the session, never a wrong answer.
    void pool.query(names.map((n) => `DEALLOCATE ${n}`).join("; ")).catch((err: unknown) => options.onError?.(err));
  });
}
