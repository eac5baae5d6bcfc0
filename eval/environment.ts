// Where the evaluation runs: a fresh embedded Postgres in memory, migrated and seeded with the
// deterministic demo marketplace and demo store (fixed seed, scale and day, so every run sees
// the same suppliers, orders and sales), the real API on a free port, and the demo owner's token.
import { auth, createApiClient } from "@atelier/contracts";
import { loadConfig } from "../api/src/config";
import { openDatabase, type Database } from "../api/src/db/pool";
import { migrate } from "../api/src/db/migrate";
import { startApi, type ApiServer } from "../api/src/server";
import { DEMO_ACCOUNTS, seedDemoData } from "../api/src/demo/seed";

/** The demo data's day: dates in the data (and "last month") are relative to it. */
export const EVAL_ANCHOR = new Date("2026-11-01T00:00:00Z");
/** A tenth of the full demo: 124 suppliers, ~2,200 items, 540 orders; seeds in ~10 s. */
export const EVAL_SCALE = 0.1;

export type EvalEnvironment = {
  apiUrl: string;
  token: string;
  storeId: string;
  userId: string;
  database: Database;
  /** Ids of demo entities by name, for cases about "this supplier" on screen. */
  lookup(kind: string, key: string): Promise<string | undefined>;
  close(): Promise<void>;
};

const LOOKUPS: Record<string, string> = {
  supplier: "SELECT id FROM suppliers WHERE name ILIKE $1 || '%' ORDER BY rank LIMIT 1",
  catalog_item: "SELECT id FROM catalog_items WHERE title ILIKE $1 || '%' ORDER BY rank LIMIT 1",
  order: "SELECT id FROM orders WHERE store_id = $2 AND order_number = $1::int",
};

export async function startEvalEnvironment(options: { scale?: number } = {}): Promise<EvalEnvironment> {
  const database = await openDatabase({ dataDir: null, poolSize: 5 });
  let api: ApiServer | undefined;
  try {
    await migrate(database.pool);
    await seedDemoData(database.pool, { scale: options.scale ?? EVAL_SCALE, anchor: EVAL_ANCHOR });
    // The API's own retrieval stays the offline embedder, so scores do not move with an embeddings provider.
    const { ATELIER_EMBEDDING_MODEL: _unused, ...env } = process.env;
    const config = loadConfig({ ...env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "silent", ATELIER_SKIP_DEMO_SEED: "1", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "eval-secret-that-is-long-enough-0123456789" });
    api = await startApi({ config, database, migrate: false });
    const session = await createApiClient({ baseUrl: api.url }).call(auth.login, { body: { email: DEMO_ACCOUNTS.demo.email, password: DEMO_ACCOUNTS.demo.password } });
    const started = api;
    return {
      apiUrl: api.url,
      token: session.token,
      storeId: session.store.id,
      userId: session.user.id,
      database,
      async lookup(kind, key) {
        const sql = LOOKUPS[kind];
        if (!sql) return undefined;
        const params = kind === "order" ? [key, session.store.id] : [key];
        const { rows } = await database.pool.query<{ id: string }>(sql, params);
        return rows[0]?.id;
      },
      async close() {
        await started.close();
        await database.close();
      },
    };
  } catch (err) {
    await api?.close();
    await database.close();
    throw err;
  }
}
