import { auth, createApiClient } from "@atelier/contracts";
import { loadConfig } from "../../api/src/config";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { signUp } from "../../test/factories/accounts";

/** A store a bench keeps between runs, found by its owner's e-mail (its marker). */
export type KeptStore = { email: string; storeName: string };

const PASSWORD = "bench-password-123";

/**
 * What the store benches start from: the API in production mode on a fresh database (embedded
 * unless DATABASE_URL is set), and a new store's owner. `factoryApi` is what the test factories take.
 * With `kept`, the store of that owner when an earlier run left it (`reused`: its data is there), else
 * a new one under that owner.
 */
export async function startBenchStore(kept?: KeptStore) {
  const config = loadConfig({ ...process.env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "warn", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789" });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: config.poolSize });
  await migrate(database.pool);
  const api = await startApi({ config, database, migrate: false });
  const client = createApiClient({ baseUrl: api.url });
  const email = kept?.email ?? `bench-${Date.now()}@example.com`;
  const { rowCount } = await database.pool.query("SELECT 1 FROM users WHERE email = $1", [email]);
  const reused = Boolean(kept && rowCount);
  const session = reused
    ? await client.call(auth.login, { body: { email, password: PASSWORD } })
    : await signUp(client, database.pool, { email, password: PASSWORD, storeName: kept?.storeName ?? "Bench store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
  return { config, database, api, client, session, reused, factoryApi: { client, deps: { pool: database.pool } } };
}
