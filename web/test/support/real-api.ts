import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import path from "node:path";
import pg from "pg";
import { createApiClient, payments, plans, auth, type ApiClient, type CallInput, type Contract, type ResponseOf } from "@atelier/contracts";

// Paths, not URLs: under jsdom the URL class is jsdom's, which node:url does not accept.
// Node's own fetch, taken before any test replaces the global one.
const networkFetch = globalThis.fetch;

const script = path.join(import.meta.dirname, "api-process.ts");
const root = path.resolve(import.meta.dirname, "../../..");

export type RealApi = {
  /** The API's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  client: ApiClient;
  /** A pool on the API's own database, to assert the rows a screen wrote. */
  db: pg.Pool;
  close(): Promise<void>;
};

/**
 * The real API (and its own embedded Postgres) in a child process, for jsdom screen tests:
 * screens call it through the one request client, so what they show is what the API answered.
 */
export async function startRealApi(): Promise<RealApi> {
  const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: root, stdio: ["pipe", "pipe", "inherit"], env: { ...process.env } });
  const ready = await new Promise<{ url: string; databaseUrl: string }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => resolve(JSON.parse(line) as { url: string; databaseUrl: string }));
    child.once("exit", (code) => reject(new Error(`the API process exited before it was ready (code ${code})`)));
  });
  const db = new pg.Pool({ connectionString: ready.databaseUrl, max: 1 });
  return {
    url: ready.url,
    client: createApiClient({ baseUrl: ready.url, fetch: networkFetch }),
    db,
    async close() {
      await db.end();
      await stopChild(child);
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.stdin!.end();
  });
}

/**
 * Sends the app's relative `/rest/main` calls to the real API. jsdom has no origin to resolve them
 * against; everything else about the request (token, body, signal) is the request client's own.
 */
export function routeFetchTo(apiUrl: string): typeof fetch {
  return (input, init) => networkFetch(typeof input === "string" && input.startsWith("/") ? apiUrl + input : input, init);
}

export type RealUser = ResponseOf<typeof auth.register> & { email: string; password: string };

/** A new store and owner, registered through the API. */
export async function registerRealUser(api: RealApi, email = `user-${crypto.randomUUID().slice(0, 12)}@example.com`): Promise<RealUser> {
  const password = "correct-horse-battery";
  const session = await api.client.call(auth.register, { body: { email, password, storeName: "Screen test store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" } });
  return { ...session, email, password };
}

export function callAs<C extends Contract>(api: RealApi, user: { token: string }, contract: C, input: CallInput<C>): Promise<ResponseOf<C>> {
  return api.client.call(contract, input, { token: user.token });
}

/** A store on Beginner through a real card and a real upgrade, so it has a subscription to manage. */
export async function beginnerStore(api: RealApi): Promise<RealUser> {
  const user = await registerRealUser(api);
  const expYear = new Date().getUTCFullYear() + 1;
  await callAs(api, user, payments.attachPaymentMethod, { body: { cardNumber: "4242424242424242", expMonth: 12, expYear, cvc: "123", makeDefault: true } });
  await callAs(api, user, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
  return user;
}
