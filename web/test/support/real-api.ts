import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, inject, vi } from "vitest";
import { cleanup } from "@testing-library/react";
import { createApiClient, type ApiClient, type CallInput, type Contract, type ResponseOf } from "@atelier/contracts";
import { createStore, paidStore, type StoreSession } from "../../../test/factories/accounts";
import { clearSession } from "../../src/session/session-store";
import "./provided-context";

// Node's own fetch, taken before any test replaces the global one.
const networkFetch = globalThis.fetch;

export type RealApi = {
  /** The API's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  client: ApiClient;
  /** A pool on the API's own database, to assert the rows a screen wrote. */
  db: pg.Pool;
  close(): Promise<void>;
};

/**
 * The real API (and its own embedded Postgres), for jsdom screen tests: screens call it through the
 * one request client, so what they show is what the API answered. It runs in a child process that
 * support/global-setup.ts starts once for the run; every file gets a client and a pool on it.
 */
export async function startRealApi(): Promise<RealApi> {
  const shared = inject("sharedApi");
  const db = new pg.Pool({ connectionString: shared.databaseUrl, max: 1 });
  return {
    url: shared.url,
    client: createApiClient({ baseUrl: shared.url, fetch: networkFetch }),
    db,
    async close() {
      await db.end();
    },
  };
}

/**
 * The real API for one jsdom file, filled in before its tests and closed after them. Before each
 * test the session is cleared and the app's fetch goes to the API; after each the DOM is cleared.
 */
export function useRealApi(): RealApi {
  const api = {} as RealApi;
  beforeAll(async () => {
    Object.assign(api, await startRealApi());
  }, 120_000);
  afterAll(() => api.close?.());
  beforeEach(() => {
    clearSession();
    vi.stubGlobal("fetch", routeFetchTo(api.url));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return api;
}

/**
 * Sends the app's relative `/rest/main` calls to the real API. jsdom has no origin to resolve them
 * against; everything else about the request (token, body, signal) is the request client's own.
 */
export function routeFetchTo(apiUrl: string): typeof fetch {
  return (input, init) => networkFetch(typeof input === "string" && input.startsWith("/") ? apiUrl + input : input, init);
}

export type RealUser = StoreSession;

/** A new store and owner, registered through the API (the shared factory). */
export function registerRealUser(api: RealApi, email?: string): Promise<RealUser> {
  return createStore(api, { storeName: "Screen test store", ...(email ? { email } : {}) });
}

export function callAs<C extends Contract>(api: RealApi, user: { token: string }, contract: C, input: CallInput<C>): Promise<ResponseOf<C>> {
  return api.client.call(contract, input, { token: user.token });
}

/** A store on Beginner through a real card and a real upgrade, so it has a subscription to manage. */
export function beginnerStore(api: RealApi): Promise<RealUser> {
  return paidStore(api, { storeName: "Screen test store" });
}
