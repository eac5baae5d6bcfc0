import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { z } from "zod";
import { defineContract, payments, plans, team, PREVIEW_MODE_MESSAGE, UPGRADE_REQUIRED_MESSAGE } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "./harness";
import { teamMember } from "../../test/factories/accounts";
import { createSupplier } from "../../test/factories/suppliers";
import { supplierMember } from "../../test/factories/inbox";
import { createApp } from "../src/http/app";
import { route } from "../src/http/route";
import { openDatabase, withTransaction } from "../src/db/pool";
import { migrate } from "../src/db/migrate";
import type { RunningSessionCache } from "../src/services/auth/session-cache";

// Resolved sessions are cached per process (services/auth/session-cache.ts) and dropped by the
// notifications of migration 0490. A change made through the API or with raw SQL is seen on the
// member's very next request: on the embedded database the notification reaches the process on the
// connection that committed the change, before the statement returns, so nothing here waits.

const NO_LONGER_MEMBER = "You are no longer a member of this store. Log in again to continue.";
const TTL_MS = 4_000;

let api: TestApi;
let probeUrl: string;
let closeProbe: () => Promise<void>;
beforeAll(async () => {
  api = await startTestApi({ sessionCache: { ttlMs: TTL_MS } });
  // A plan-gated route served by the same deps (the same cache): no product route has a minPlan yet.
  const probe = defineContract({ id: "probeProfessional", method: "GET", path: "/probe/professional", summary: "test", tags: ["test"], access: "user", minPlan: "TIER_2", response: z.object({ ok: z.boolean() }) });
  const server = createApp(api.deps, [route(probe, async () => ({ ok: true }))]).listen(0);
  await new Promise((r) => server.once("listening", r));
  probeUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/rest/main/probe/professional`;
  closeProbe = () => new Promise((r) => server.close(() => r()));
});
afterAll(async () => {
  await closeProbe();
  await api.close();
});

const sessions = () => api.deps.sessions as RunningSessionCache;
const invites = (on: TestApi, token: string) => on.raw("GET", "/web/store-team-member-invites", { token });
const profile = (token: string) => api.raw("GET", "/web/stores/me/profile", { token });
const probe = (token: string) => fetch(probeUrl, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string; message?: string } }));

async function inviteIdOf(on: TestApi, ownerToken: string, email: string): Promise<string> {
  const list = await as(on, ownerToken, team.listTeamMemberInvites, { query: {} });
  return list.list.find((i) => i.email === email)!.id;
}

/** A team member whose session is cached (one answered request). */
async function cachedMember(role: "ADMIN" | "CX", on: TestApi = api) {
  const owner = await registerUser(on);
  const member = await teamMember(on, owner, role);
  expect((await invites(on, member.token)).status).toBe(role === "ADMIN" ? 200 : 403);
  return { owner, member };
}

/** A change the triggers do not announce: what a lost notification looks like to the cache. */
const silently = (sql: string, params: unknown[]) =>
  withTransaction(api.deps.pool, async (tx) => {
    await tx.query("SET LOCAL session_replication_role = replica");
    await tx.query(sql, params);
  });

describe("a cached session follows its membership at once", () => {
  it("is cached: a change nobody announces is not seen until the entry's TTL ends, and is seen then", async () => {
    expect(sessions().active).toBe(true);
    const { owner, member } = await cachedMember("ADMIN");
    const cachedAt = Date.now();
    await silently("UPDATE store_members SET role = 'CX' WHERE store_id = $1 AND user_id = $2", [owner.store.id, member.user.id]);
    // Still the cached ADMIN: proof that requests no longer read the membership.
    expect((await invites(api, member.token)).status).toBe(200);
    // Never past the TTL (the entry was written before cachedAt).
    await new Promise((r) => setTimeout(r, Math.max(0, cachedAt + TTL_MS - Date.now())));
    expect((await invites(api, member.token)).status).toBe(403);
  });

  it("removal through the API and through SQL", async () => {
    const viaApi = await cachedMember("ADMIN");
    await as(api, viaApi.owner.token, team.cancelTeamMemberInvite, { params: { id: await inviteIdOf(api, viaApi.owner.token, viaApi.member.email) } });
    const refused = await invites(api, viaApi.member.token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(NO_LONGER_MEMBER);

    const viaSql = await cachedMember("ADMIN");
    await api.deps.pool.query("DELETE FROM store_members WHERE store_id = $1 AND user_id = $2", [viaSql.owner.store.id, viaSql.member.user.id]);
    expect((await invites(api, viaSql.member.token)).body.message).toBe(NO_LONGER_MEMBER);
    expect((await invites(api, viaSql.owner.token)).status).toBe(200);
  });

  it("demotion through the API and through SQL", async () => {
    const viaApi = await cachedMember("ADMIN");
    await as(api, viaApi.owner.token, team.updateTeamMemberInvite, { params: { id: await inviteIdOf(api, viaApi.owner.token, viaApi.member.email) }, body: { role: "CX" } });
    expect((await invites(api, viaApi.member.token)).status).toBe(403);

    const viaSql = await cachedMember("ADMIN");
    await api.deps.pool.query("UPDATE store_members SET role = 'CX' WHERE store_id = $1 AND user_id = $2", [viaSql.owner.store.id, viaSql.member.user.id]);
    const refused = await invites(api, viaSql.member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your role (CX) can't do this. Ask the store owner.");
  });

  it("promotion through the API and through SQL", async () => {
    const viaApi = await cachedMember("CX");
    await as(api, viaApi.owner.token, team.updateTeamMemberInvite, { params: { id: await inviteIdOf(api, viaApi.owner.token, viaApi.member.email) }, body: { role: "ADMIN" } });
    expect((await invites(api, viaApi.member.token)).status).toBe(200);

    const viaSql = await cachedMember("CX");
    await api.deps.pool.query("UPDATE store_members SET role = 'ADMIN' WHERE store_id = $1 AND user_id = $2", [viaSql.owner.store.id, viaSql.member.user.id]);
    expect((await invites(api, viaSql.member.token)).status).toBe(200);
  });

  it("a plan change opens and closes a plan-gated route: upgrade through the API, downgrade through SQL", async () => {
    const owner = await registerUser(api);
    const closed = await probe(owner.token);
    expect(closed.status).toBe(403);
    expect(closed.body).toMatchObject({ code: "UPGRADE_REQUIRED", message: UPGRADE_REQUIRED_MESSAGE });
    const expYear = new Date().getUTCFullYear() + 1;
    await as(api, owner.token, payments.attachPaymentMethod, { body: { cardNumber: "4242424242424242", expMonth: 12, expYear, cvc: "123", makeDefault: true } });
    await as(api, owner.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
    expect((await probe(owner.token)).status).toBe(200);

    await api.deps.pool.query("UPDATE stores SET plan_type = 'TIER_1' WHERE id = $1", [owner.store.id]);
    expect((await probe(owner.token)).status).toBe(403);
  });

  it("a store made a preview store refuses changes at once", async () => {
    const owner = await registerUser(api);
    expect((await profile(owner.token)).status).toBe(200);
    await api.deps.pool.query("UPDATE stores SET is_preview = true WHERE id = $1", [owner.store.id]);
    const refused = await api.raw("PUT", "/web/stores/me/profile", { token: owner.token, body: { title: "Not allowed" } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PREVIEW_MODE_MESSAGE);
  });

  it("a deleted store's sessions end at once", async () => {
    const owner = await registerUser(api);
    expect((await profile(owner.token)).status).toBe(200);
    await api.deps.pool.query("DELETE FROM stores WHERE id = $1", [owner.store.id]);
    const refused = await profile(owner.token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(NO_LONGER_MEMBER);
  });

  it("a supplier member removed from the supplier, or deleted, is refused at once", async () => {
    const supplierId = await createSupplier(api, { name: "Cache Textiles" });
    const conversations = (token: string) => api.raw("GET", "/web/conversations", { token });
    for (const remove of [
      (userId: string) => api.deps.pool.query("DELETE FROM supplier_members WHERE user_id = $1 AND supplier_id = $2", [userId, supplierId]),
      (userId: string) => api.deps.pool.query("DELETE FROM users WHERE id = $1", [userId]),
    ]) {
      const rep = await supplierMember(api, supplierId);
      expect((await conversations(rep.token)).status).toBe(200);
      await remove(rep.user.id);
      expect((await conversations(rep.token)).status).toBe(401);
    }
  });
});

describe("when notifications may be lost", () => {
  it("bypasses the cache while the listener is down, and starts empty when it is back", async () => {
    const { owner, member } = await cachedMember("ADMIN");
    await sessions().listener.connection()!.end();
    await expect.poll(() => sessions().active, { timeout: 5_000, interval: 20 }).toBe(false);
    // Nobody announces this change, and yet it is seen: every request reads its session.
    await silently("UPDATE store_members SET role = 'CX' WHERE store_id = $1 AND user_id = $2", [owner.store.id, member.user.id]);
    expect((await invites(api, member.token)).status).toBe(403);
    expect(sessions().size).toBe(0);
    // The listener reconnects (every second) and the cache is used again, from empty.
    await expect.poll(() => sessions().active, { timeout: 10_000, interval: 50 }).toBe(true);
    await silently("UPDATE store_members SET role = 'ADMIN' WHERE store_id = $1 AND user_id = $2", [owner.store.id, member.user.id]);
    expect((await invites(api, member.token)).status).toBe(200);
  });
});

describe("two API instances on one database", () => {
  let second: TestApi;
  beforeAll(async () => {
    second = await startTestApi();
  });
  afterAll(() => second.close());

  it("a member demoted through one instance is refused by the other on its next request", async () => {
    const { owner, member } = await cachedMember("ADMIN");
    expect((await invites(second, member.token)).status).toBe(200);
    await as(api, owner.token, team.updateTeamMemberInvite, { params: { id: await inviteIdOf(api, owner.token, member.email) }, body: { role: "CX" } });
    // Bounded well under the second instance's TTL (5 s): another process hears it from its listener a moment after the commit.
    await expect.poll(async () => (await invites(second, member.token)).status, { timeout: 2_000, interval: 20 }).toBe(403);
  });
});

// Another process's write reaches this one through its dedicated listener only: on real Postgres,
// a moment after the commit. (The embedded database tells only the connection that committed, so
// it serves one process: see docs/decisions.md.) Set ATELIER_TEST_POSTGRES_URL to a migrated or
// empty database of your own to run it.
const postgresUrl = process.env.ATELIER_TEST_POSTGRES_URL;
describe.skipIf(!postgresUrl)("a write by another process, on real Postgres", () => {
  let onPostgres: TestApi;
  beforeAll(async () => {
    const database = await openDatabase({ databaseUrl: postgresUrl, dataDir: null, poolSize: 1 });
    await migrate(database.pool).finally(() => database.close());
    onPostgres = await startTestApi({ databaseUrl: postgresUrl });
  });
  afterAll(() => onPostgres?.close());

  it("reaches the cache through the listener, and the member is refused on a request soon after", async () => {
    const { owner, member } = await cachedMember("ADMIN", onPostgres);
    // A connection of no pool of this process: what another API instance's write looks like here.
    const other = new pg.Client({ connectionString: postgresUrl });
    await other.connect();
    try {
      await other.query("UPDATE store_members SET role = 'CX' WHERE store_id = $1 AND user_id = $2", [owner.store.id, member.user.id]);
    } finally {
      await other.end();
    }
    await expect.poll(async () => (await invites(onPostgres, member.token)).status, { timeout: 2_000, interval: 10 }).toBe(403);
  });
});
