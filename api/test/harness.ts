import { expect, inject } from "vitest";
import { ApiError, createApiClient, type ApiClient, type CallInput, type Contract } from "@atelier/contracts";
import { createStore, setPlan, type StoreSession } from "../../test/factories/accounts";
import { loadConfig, type Config } from "../src/config";
import { openDatabase, type Database } from "../src/db/pool";
import { migrate } from "../src/db/migrate";
import { startApi, type ApiServer, type StartApiOptions } from "../src/server";

export type TestApi = ApiServer & {
  client: ApiClient;
  /** Raw HTTP against /rest/main, for malformed requests the typed client cannot send. */
  raw(method: string, path: string, init?: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
};

/**
 * The test API's configuration. Its jobs run in its own process only (jobs.affinity): the run's API
 * processes share one database without Redis, and a job another file's process ran would publish
 * its realtime events to that process's sockets, not to this test's browser.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig({ ...process.env, NODE_ENV: "test", PORT: "0", ATELIER_LOG_LEVEL: "silent" }, { authRateLimitPerMinute: 10_000, ...overrides });
  return { ...config, jobs: { ...config.jobs, affinity: config.jobs.affinity ?? crypto.randomUUID() } };
}

/**
 * An in-memory embedded database of the file's own, migrated (from the run's template when it has
 * one): for tests whose assertions a write by another file at the same time would break, such as
 * counting the statements a cached search runs under the catalogue's version.
 */
export async function openPrivateDatabase(): Promise<Database> {
  const database = await openDatabase({ dataDir: null, poolSize: 2 });
  try {
    await migrate(database.pool);
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

/**
 * A private database (openPrivateDatabase) and an API on it that runs no jobs: on the shared database
 * any file's fold job folds every store's notes at any moment, and these tests fold when they say so.
 */
export async function startPrivateTestApi(): Promise<{ db: Database; api: TestApi }> {
  const db = await openPrivateDatabase();
  try {
    return { db, api: await startTestApi({ databaseUrl: db.url, config: testConfig({ jobs: { concurrency: 0, pollMs: 60_000 } }) }) };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/**
 * The API on a free port against the run's shared embedded database, or against `databaseUrl` (a
 * file's private database, see openPrivateDatabase).
 */
export async function startTestApi(options: Omit<StartApiOptions, "database"> & { config?: Config; databaseUrl?: string } = {}): Promise<TestApi> {
  const { databaseUrl, ...rest } = options;
  const database = await openDatabase({ databaseUrl: databaseUrl ?? inject("databaseUrl"), dataDir: null, poolSize: 5 });
  const api = await startApi({ ...rest, config: options.config ?? testConfig(), database, migrate: false });
  const close = api.close;
  const client = createApiClient({ baseUrl: api.url });
  return {
    ...api,
    client,
    async close() {
      await close();
      await database.close();
    },
    async raw(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body: string | undefined;
      if (init.rawBody !== undefined) body = init.rawBody;
      else if (init.body !== undefined) body = JSON.stringify(init.body);
      if (body !== undefined) headers["content-type"] ??= "application/json";
      const res = await fetch(`${api.url}/rest/main${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: the test sees the text
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
}

export type TestUser = StoreSession;

/** A new store and owner, registered through the API; each test makes its own (the shared factory). */
export const registerUser: (api: TestApi, overrides?: Parameters<typeof createStore>[1]) => Promise<TestUser> = createStore;

export { setPlan };

/** Calls a contract with a token. */
export function as<C extends Contract>(api: TestApi, token: string, contract: C, input: CallInput<C>, idempotencyKey?: string) {
  return api.client.call(contract, input, { token, idempotencyKey });
}

/** Awaits a call that must fail: its status, and the first detail's field and reason (or the message) when given. */
export async function expectError(promise: Promise<unknown>, status: number, field?: string, reason?: RegExp): Promise<ApiError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(status);
  if (field) expect((err as ApiError).details?.[0]?.field).toBe(field);
  if (reason) expect(String((err as ApiError).details?.[0]?.reason ?? (err as ApiError).message)).toMatch(reason);
  return err as ApiError;
}
