import { createApiClient } from "@atelier/contracts";
import { loadConfig } from "../../api/src/config";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { signUp } from "../../test/factories/accounts";

/**
 * What the store benches start from: the API in production mode on a fresh database (embedded
 * unless DATABASE_URL is set), and a new store's owner. `factoryApi` is what the test factories take.
 */
export async function startBenchStore() {
  const config = loadConfig({ ...process.env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "warn", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789" });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: config.poolSize });
  await migrate(database.pool);
  const api = await startApi({ config, database, migrate: false });
  const client = createApiClient({ baseUrl: api.url });
  const session = await signUp(client, database.pool, { email: `bench-${Date.now()}@example.com`, password: "bench-password-123", storeName: "Bench store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
  return { config, database, api, client, session, factoryApi: { client, deps: { pool: database.pool } } };
}
