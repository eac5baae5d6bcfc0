import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedServer } from "./embedded";
import { listenOnEveryConnection } from "./notifications";
import { allowNamedStatements } from "./prepared";

export type Queryable = Pick<pg.Pool, "query"> | pg.PoolClient;

export type Database = {
  pool: pg.Pool;
  url: string;
  embedded: EmbeddedServer | null;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** Real Postgres when set; the embedded one otherwise. */
  databaseUrl?: string;
  /** Where the embedded database persists; null keeps it in memory. */
  dataDir: string | null;
  poolSize?: number;
  /** null: a blank embedded database even when the run has a template (see EmbeddedOptions.template). */
  template?: null;
};

// Postgres returns int8 and numeric as strings; counts and money here fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Opens the one pool the process uses: real Postgres with DATABASE_URL, embedded PGlite otherwise. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = options.databaseUrl ? null : await startEmbeddedPostgres({ dataDir: options.dataDir, ...(options.template === null ? { template: null } : {}) });
  const url = options.databaseUrl ?? embedded!.url;
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
  pool.on("error", (err) => console.error("idle database client failed", err));
  listenOnEveryConnection(pool);
  await allowNamedStatements(pool, (err) => console.error("deallocating a closed client's prepared statements failed", err));
  return {
    pool,
    url,
    embedded,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}

// Work waiting for a transaction of withTransaction to commit (realtime events): dropped on rollback.
const commitHooks = new WeakMap<object, (() => void)[]>();

/**
 * Runs fn once what db wrote is committed: after the COMMIT of the withTransaction that db belongs
 * to, never if it rolls back; at once when db is the pool (each statement commits on its own).
 */
export function afterCommit(db: Queryable, fn: () => void): void {
  const hooks = commitHooks.get(db);
  if (hooks) hooks.push(fn);
  else fn();
}

/**
 * Runs fn in one short transaction. Never call a model, an HTTP service or another pool
 * connection inside: on the embedded database an open transaction holds the only session.
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    commitHooks.set(client, []);
    const result = await fn(client);
    await client.query("COMMIT");
    const hooks = commitHooks.get(client) ?? [];
    commitHooks.delete(client);
    for (const hook of hooks) runHook(hook);
    return result;
  } catch (err) {
    commitHooks.delete(client);
    await client.query("ROLLBACK").catch((rollbackErr: unknown) => console.error("rollback failed", rollbackErr));
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Runs reads that must agree with each other (several statements, one moment): a read-only
 * REPEATABLE READ transaction, so a write committing between two of them is in both or neither.
 */
export async function withReadSnapshot<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withTransaction(pool, async (client) => {
    await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    return fn(client);
  });
}

function runHook(hook: () => void): void {
  try {
    hook();
  } catch (err) {
    // The transaction is committed: a failing follow-up (a realtime event) must not turn it into an error.
    console.error("a hook after commit failed", err);
  }
}
