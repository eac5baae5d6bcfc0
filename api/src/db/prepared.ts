import { createHash } from "node:crypto";
import type pg from "pg";
import type { Queryable } from "./pool";

// Pools on a real Postgres: each connection is its own session there, so a statement prepared on it
// stays its own. The embedded database is one session behind a multiplexer (ARCHITECTURE.md): a name
// prepared through one pool client would be seen, or missed, by all of them.
const ownSessionPools = new WeakSet<pg.Pool>();
const poolOfClient = new WeakMap<object, pg.Pool>();

/**
 * Lets `queryPrepared` name statements on this pool's connections when the server is a real
 * Postgres. Asked of the server, not of the URL: tests and child processes reach the embedded
 * database through a URL too.
 */
export async function allowNamedStatements(pool: pg.Pool): Promise<void> {
  pool.on("connect", (client) => poolOfClient.set(client, pool));
  const { rows } = await pool.query<{ version: string }>("SELECT version()");
  if (!rows[0]!.version.includes("PGlite")) ownSessionPools.add(pool);
}

function ownSessions(db: Queryable): boolean {
  return ownSessionPools.has((poolOfClient.get(db) ?? db) as pg.Pool);
}

const names = new Map<string, string>();

/** The statement's name: a hash of its text, so one text is parsed and planned once per connection. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a read whose text is one of a fixed few (every value a parameter) as a named prepared
 * statement on real Postgres, where planning was half of a hot read's cost; as a plain statement on
 * the embedded database. Never pass a text built with values inlined: each would be kept per connection.
 */
export function queryPrepared<R extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
  if (!ownSessions(db)) return db.query<R>(text, values);
  return db.query<R>({ name: nameOf(text), text, values });
}

/** Page sizes the screens ask for: written into the text, so a first page of one has a text of its own. */
const USUAL_PAGE_SIZES = new Set([10, 20, 25, 50, 100]);

/**
 * A page's `LIMIT … OFFSET …` for a prepared text (values pushed onto `params`). A parameter in either
 * makes Postgres plan a generic plan for 10% of the rows, which it then rejects for the tabs' walks
 * (measured: planned again on every execution); a usual size as a constant and a first page without
 * an offset let it keep one generic plan. Later pages and unusual sizes stay parameters, so the texts
 * stay a fixed few (at most two per usual size and one more for every other size).
 */
export function pageBoundsSql(params: unknown[], limit: number, offset: number): string {
  const bound = (v: number) => (params.push(v), `$${params.length}`);
  const limitSql = USUAL_PAGE_SIZES.has(limit) ? String(limit) : bound(limit);
  return offset === 0 ? `LIMIT ${limitSql}` : `LIMIT ${limitSql} OFFSET ${bound(offset)}`;
}
