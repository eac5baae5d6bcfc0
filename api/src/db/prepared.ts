import { createHash } from "node:crypto";
import type pg from "pg";
import { deallocateRemovedClients, queryHotRead } from "./embedded-statements";
import type { Queryable } from "./pool";

// How a pool names statements, asked of the server once. On a real Postgres each connection is its
// own session, so a statement prepared on it stays its own: the name is the text's hash. The embedded
// database is one session behind a multiplexer (ARCHITECTURE.md): a name prepared through one pool
// client is seen by all of them, so there each client prepares its own copy under a name of its own
// (embedded-statements.ts), and a client the pool drops has its statements deallocated.
type Naming = "own-sessions" | "per-client";
const namingOfPool = new WeakMap<pg.Pool, Naming>();
const poolOfClient = new WeakMap<object, pg.Pool>();

/**
 * Lets `queryPrepared` name statements on this pool's connections. Asked of the server, not of the
 * URL: tests and child processes reach the embedded database through a URL too.
 */
export async function allowNamedStatements(pool: pg.Pool, onError: (err: unknown) => void): Promise<void> {
  pool.on("connect", (client) => poolOfClient.set(client, pool));
  const naming: Naming = (await isEmbeddedServer(pool)) ? "per-client" : "own-sessions";
  namingOfPool.set(pool, naming);
  deallocateRemovedClients(pool, { sharedSession: naming === "per-client", onError });
}

const embeddedOfPool = new WeakMap<pg.Pool, boolean>();

/** Whether the pool reaches the embedded database (PGlite), asked of the server once per pool. */
export async function isEmbeddedServer(pool: pg.Pool): Promise<boolean> {
  let embedded = embeddedOfPool.get(pool);
  if (embedded === undefined) {
    const { rows } = await pool.query<{ version: string }>("SELECT version()");
    embedded = rows[0]!.version.includes("PGlite");
    embeddedOfPool.set(pool, embedded);
  }
  return embedded;
}

function namingOf(db: Queryable): Naming | undefined {
  return namingOfPool.get((poolOfClient.get(db) ?? db) as pg.Pool);
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
 * statement, planned once per connection: on real Postgres planning was half of a hot read's cost, on
 * the embedded database parsing and planning 36–79 % of its statements' (docs/benchmarks.md). Never
 * pass a text built with values inlined: each would be kept per connection.
 */
export function queryPrepared<R extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
  switch (namingOf(db)) {
    case "own-sessions":
      return db.query<R>({ name: nameOf(text), text, values });
    case "per-client":
      return queryHotRead<R>(db, { name: "hot", text }, values);
    default:
      return db.query<R>(text, values);
  }
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

/** What of a page's bounds pageBoundsSql writes into a text (a usual size, whether there is an offset), as part of a shape's key. */
export function pageBoundsShape(limit: number, offset: number): string {
  return `${USUAL_PAGE_SIZES.has(limit) ? limit : "$"}${offset === 0 ? "" : "+"}`;
}

/**
 * The text of a statement's shape, kept from the first time it was built: `shape` names everything
 * the text is made of (a tab, a sort, the page's bounds…), `built` is the text built for this call.
 * queryPrepared finds a statement's name by its text, and a text built anew is a new string that
 * is flattened and hashed on every request (5 kB for the orders list: 7–15 µs of a tab request's CPU,
 * docs/benchmarks.md, oapi14); the kept string keeps its hash. The built text is compared with the kept
 * one (a flat copy and a memory compare, about a microsecond for 5 kB): a text that differs (a shape named
 * too coarsely) is used as built, never replaced by the wrong one, even when it has the kept one's length.
 */
export function keptText(texts: Map<string, string>, shape: string, built: string): string {
  const kept = texts.get(shape);
  if (kept === undefined) {
    texts.set(shape, built);
    return built;
  }
  return kept === built ? kept : built;
}
