import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedServer } from "./embedded";

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
};

// Postgres returns int8 and numeric as strings; counts and money here fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Opens the one pool the process uses: real Postgres with DATABASE_URL, embedded PGlite otherwise. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = options.databaseUrl ? null : await startEmbeddedPostgres({ dataDir: options.dataDir });
  const url = options.databaseUrl ?? embedded!.url;
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
  pool.on("error", (err) => console.error("idle database client failed", err));
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

/**
 * Runs fn in one short transaction. Never call a model, an HTTP service or another pool
 * connection inside: on the embedded database an open transaction holds the only session.
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch((rollbackErr: unknown) => console.error("rollback failed", rollbackErr));
    throw err;
  } finally {
    client.release();
  }
}
