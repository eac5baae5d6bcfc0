import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { SignJWT } from "jose";
import { pino } from "pino";
import { allContracts, defineContract, stores, REFRESHED_TOKEN_HEADER, UPGRADE_REQUIRED_MESSAGE, PREVIEW_MODE_MESSAGE } from "@atelier/contracts";
import { as, registerUser, startTestApi, testConfig, type TestApi } from "./harness";
import { setPlan } from "../../test/factories/accounts";
import { createApp } from "../src/http/app";
import { route } from "../src/http/route";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("the HTTP edge", () => {
  it("answers health, request ids and security headers", async () => {
    const res = await api.raw("GET", "/health", { headers: { "x-request-id": "trace-12345678" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toBe("trace-12345678");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-powered-by")).toBeNull();
    // The API's set, worked out once at start, on every answer (errors included).
    const apiSet = {
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "cross-origin-resource-policy": "same-site",
    };
    const missing = await api.raw("GET", "/no-such-endpoint");
    for (const answer of [res, missing]) {
      for (const [name, value] of Object.entries(apiSet)) expect(answer.headers.get(name), name).toBe(value);
      // Document-only headers stay off JSON answers.
      expect(answer.headers.get("referrer-policy")).toBeNull();
      expect(answer.headers.get("x-xss-protection")).toBeNull();
    }
    // The docs page is a document: it also carries helmet's document set.
    const docs = await fetch(`${api.url}/rest/main/docs`);
    expect(docs.headers.get("content-type")).toMatch(/text\/html/);
    const documentSet = { ...apiSet, "cross-origin-opener-policy": "same-origin", "origin-agent-cluster": "?1", "referrer-policy": "no-referrer", "x-dns-prefetch-control": "off", "x-download-options": "noopen", "x-permitted-cross-domain-policies": "none", "x-xss-protection": "0" };
    for (const [name, value] of Object.entries(documentSet)) expect(docs.headers.get(name), name).toBe(value);
    expect(res.headers.get("vary")).toBe("Origin");
  });

  it("finds paths without parameters as the router would: any case, a trailing slash, HEAD as GET, before an id", async () => {
    const user = await registerUser(api);
    const store = await api.raw("GET", "/web/stores/me", { token: user.token });
    expect(store.status).toBe(200);
    for (const path of ["/web/stores/me/", "/WEB/Stores/ME"]) {
      const again = await api.raw("GET", path, { token: user.token });
      expect(again.status, path).toBe(200);
      expect(again.body).toEqual(store.body);
    }
    const head = await fetch(`${api.url}/rest/main/web/stores/me`, { method: "HEAD", headers: { authorization: `Bearer ${user.token}` } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    // A static path is never read as the id of the parameterised one beside it.
    const count = await api.raw("GET", "/web/catalog-items/action/count", { token: user.token });
    expect(count.status).toBe(200);
    expect(typeof count.body.count).toBe("number");
    const byId = await api.raw("GET", "/web/catalog-items/not-an-id", { token: user.token });
    expect(byId.status).toBe(400);
    // A static path with the wrong method is still no endpoint.
    const wrongMethod = await api.raw("DELETE", "/web/stores/me", { token: user.token });
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body.code).toBe("NOT_FOUND");
  });

  it("finds parameterised paths and the raw mounts as one router would: any case, a trailing slash, HEAD as GET, other methods 404", async () => {
    const user = await registerUser(api);
    const missing = "/web/orders/00000000-0000-4000-8000-000000000000";
    for (const path of [missing, `${missing}/`, missing.replace("/web/orders", "/WEB/Orders")]) {
      const res = await api.raw("GET", path, { token: user.token });
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe("Order was not found");
    }
    const head = await fetch(`${api.url}/rest/main${missing}`, { method: "HEAD", headers: { authorization: `Bearer ${user.token}` } });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe("");
    // A method no route of the path has is no endpoint (not an automatic OPTIONS answer).
    for (const method of ["OPTIONS", "PUT"]) {
      const other = await api.raw(method, missing, { token: user.token });
      expect(other.status, method).toBe(404);
      expect(other.body.message, method).toBe(`No endpoint ${method} /rest/main${missing}`);
    }
    // The raw mounts still come first, in any case: a file download, a multipart upload.
    const file = await api.raw("GET", "/UPLOAD/files/x/", { token: user.token });
    expect(file.status).toBe(404);
    expect(file.body.message).toBe("File was not found");
    const upload = await api.raw("POST", "/web/orders/import-files", { token: user.token });
    expect(upload.status).toBe(400);
    expect(upload.body.message).toMatch(/multipart\/form-data/);
  });

  it("allows the web origin and no other", async () => {
    const ok = await fetch(`${api.url}/rest/main/health`, { headers: { origin: "http://localhost:3000" } });
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    const other = await fetch(`${api.url}/rest/main/health`, { headers: { origin: "https://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    expect(ok.headers.get("vary")).toBe("Origin");
    const preflight = await fetch(`${api.url}/rest/main/web/stores/me`, { method: "OPTIONS", headers: { origin: "http://localhost:3000", "access-control-request-method": "GET", "access-control-request-headers": "authorization" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
  });

  it("answers unknown endpoints, bad JSON and huge bodies with the envelope", async () => {
    const missing = await api.raw("GET", "/web/nothing-here");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", requestId: expect.any(String) });
    const badJson = await api.raw("POST", "/login", { rawBody: '{"email": ' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.details).toEqual([{ field: "body", reason: "is not valid JSON" }]);
    const huge = await api.raw("POST", "/login", { rawBody: JSON.stringify({ email: "a@b.co", password: "x".repeat(2_000_000) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("rate-limits login with a 429 and a clear message", async () => {
    const limited = await startTestApi({ config: testConfig({ authRateLimitPerMinute: 5 }) });
    const statuses: number[] = [];
    let last: { status: number; body: any } | undefined;
    for (let i = 0; i < 7; i++) {
      // A new e-mail each time: the per-account throttle (test/security) is not what this measures.
      last = await limited.raw("POST", "/login", { body: { email: `limit-${i}@example.com`, password: "wrong-password" } });
      statuses.push(last.status);
    }
    // Registration has its own budget.
    expect((await limited.raw("POST", "/register", { body: {} })).status).toBe(400);
    await limited.close();
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[6]).toBe(429);
    expect(last!.body).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/Too many attempts/) });
  });

  it.each([
    ["/register", { email: "not-an-email" }],
    ["/google-auth/login", { idToken: "" }],
  ])("rate-limits %s with a 429 on its own budget", async (path, badBody) => {
    const limited = await startTestApi({ config: testConfig({ authRateLimitPerMinute: 3 }) });
    try {
      // Refused bodies spend the budget too: a flood of garbage is still a flood.
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.raw("POST", path, { body: badBody })).status);
      expect(statuses).toEqual([400, 400, 400]);
      const blocked = await limited.raw("POST", path, { body: badBody });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/Too many attempts/), requestId: expect.any(String) });
      expect(blocked.headers.get("ratelimit-policy")).toMatch(/^3;w=60/);
      // The other sign-in paths keep their own budgets.
      const other = path === "/register" ? "/login" : "/register";
      expect((await limited.raw("POST", other, { body: {} })).status).toBe(400);
    } finally {
      await limited.close();
    }
  });

  it("refuses the NUL character anywhere in a request with 400 naming the field (Postgres cannot store it)", async () => {
    const user = await registerUser(api);
    // Found by the fuzz test: a NUL in a search keyword reached Postgres and came back as a 500.
    const query = await api.raw("GET", "/web/catalog-items/action/count?keyword=mug%00s", { token: user.token });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "query.keyword", reason: expect.stringMatching(/NUL/) }] });
    const body = await api.raw("PUT", "/web/stores/me/profile", { token: user.token, body: { title: "Shop\u0000" } });
    expect(body.status).toBe(400);
    expect(body.body.details).toEqual([{ field: "body.title", reason: expect.stringMatching(/NUL/) }]);
    expect((await as(api, user.token, stores.getStoreProfile, {})).title).not.toContain("\u0000");
  });

  it("serves an OpenAPI document with every contract, and a docs page", async () => {
    const doc = await api.raw("GET", "/openapi.json");
    expect(doc.status).toBe(200);
    const operations = Object.values(doc.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(operations.sort()).toEqual(allContracts.map((c) => c.id).sort());
    const page = await fetch(`${api.url}/rest/main/docs`);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("openapi.json");
  });
});

const secret = new TextEncoder().encode(process.env.ATELIER_JWT_SECRET!);

/** A token signed as the API signs them, with the expiry chosen by the test. */
function signToken(user: { user: { id: string }; store: { id: string } }, typ: "v1" | "v2-user" | "v2-store", expiresAt: number, key = secret) {
  return new SignJWT({ sid: user.store.id, role: "OWNER", pv: false, typ })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(user.user.id)
    .setIssuer("atelier")
    .setExpirationTime(expiresAt)
    .sign(key);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("tokens", () => {

  it("treats an expired token as a 401", async () => {
    const user = await registerUser(api);
    const expired = await new SignJWT({ sid: user.store.id, role: "OWNER", pv: false, typ: "v1" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.user.id)
      .setIssuer("atelier")
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(secret);
    const res = await api.raw("GET", "/web/stores/me", { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("refuses a token signed with another secret", async () => {
    const user = await registerUser(api);
    const forged = await new SignJWT({ sid: user.store.id, role: "OWNER", pv: false, typ: "v1" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.user.id)
      .setIssuer("atelier")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-that-is-also-long-enough"));
    expect((await api.raw("GET", "/web/stores/me", { token: forged })).status).toBe(401);
  });

  it("returns a refreshed token in the header when the current one is close to expiry", async () => {
    const user = await registerUser(api);
    const nearExpiry = await new SignJWT({ sid: user.store.id, role: "OWNER", pv: false, typ: "v1" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.user.id)
      .setIssuer("atelier")
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(secret);
    const res = await api.raw("GET", "/web/stores/me", { token: nearExpiry });
    expect(res.status).toBe(200);
    const refreshed = res.headers.get(REFRESHED_TOKEN_HEADER);
    expect(refreshed).toBeTruthy();
    const claims = await api.deps.tokens.verify(refreshed!);
    expect(claims).toMatchObject({ userId: user.user.id, storeId: user.store.id, type: "v1" });
    expect(claims!.exp).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3600);
    // A fresh token gets no new one.
    const fresh = await api.raw("GET", "/web/stores/me", { token: user.token });
    expect(fresh.headers.get(REFRESHED_TOKEN_HEADER)).toBeNull();
  });

  it.each(["v2-user", "v2-store"] as const)("treats an expired %s token as a 401", async (typ) => {
    const user = await registerUser(api);
    const res = await api.raw("GET", "/web/stores/me", { token: await signToken(user, typ, nowSeconds() - 10) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "UNAUTHORIZED", message: "Your session has expired. Log in again." });
  });

  it.each(["v2-user", "v2-store"] as const)("refreshes a %s token close to expiry with one of the same type", async (typ) => {
    const user = await registerUser(api);
    const res = await api.raw("GET", "/web/stores/me", { token: await signToken(user, typ, nowSeconds() + 60) });
    expect(res.status).toBe(200);
    const refreshed = res.headers.get(REFRESHED_TOKEN_HEADER);
    expect(refreshed).toBeTruthy();
    const claims = await api.deps.tokens.verify(refreshed!);
    expect(claims).toMatchObject({ userId: user.user.id, storeId: user.store.id, type: typ });
    expect(claims!.exp).toBeGreaterThan(nowSeconds() + 3600);
    const fresh = await api.raw("GET", "/web/stores/me", { token: typ === "v2-user" ? user.v2UserToken : user.v2StoreToken });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get(REFRESHED_TOKEN_HEADER)).toBeNull();
  });

  it("stops accepting a remembered token once it expires", async () => {
    // Verified tokens are remembered until their exp; the memory must not outlive it.
    const user = await registerUser(api);
    const token = await signToken(user, "v2-user", nowSeconds() + 60);
    expect((await api.raw("GET", "/web/stores/me", { token })).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 120_000);
      const later = await api.raw("GET", "/web/stores/me", { token });
      expect(later.status).toBe(401);
      expect(later.body.code).toBe("UNAUTHORIZED");
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends a near-expiry session whose member was removed", async () => {
    const user = await registerUser(api);
    const { token } = await api.deps.tokens.sign({ userId: user.user.id, storeId: user.store.id, role: "OWNER", isPreview: false }, "v1");
    await api.deps.pool.query("DELETE FROM store_members WHERE user_id = $1", [user.user.id]);
    // Still valid (not near expiry) but the store record join finds no membership.
    expect((await api.raw("GET", "/web/stores/me", { token })).status).toBe(401);
  });
});

describe("gates built into every route", () => {
  const probeWrite = defineContract({
    id: "probeWrite",
    method: "POST",
    path: "/probe/write",
    summary: "test",
    tags: ["test"],
    access: "user",
    minPlan: "TIER_3",
    body: z.strictObject({ n: z.number().int() }),
    response: z.object({ n: z.number() }),
  });
  const probeV2 = defineContract({ id: "probeV2", method: "GET", path: "/probe/v2", summary: "test", tags: ["test"], access: "user", tokenVersion: "v2", response: z.object({ ok: z.boolean() }) });
  const probeBadResponse = defineContract({ id: "probeBad", method: "GET", path: "/probe/bad", summary: "test", tags: ["test"], access: "public", response: z.object({ ok: z.boolean() }) });
  let probe: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    const app = createApp(api.deps, [
      route(probeWrite, async ({ body }) => ({ n: body.n })),
      route(probeV2, async () => ({ ok: true })),
      route(probeBadResponse, async () => ({ ok: "yes" }) as never),
    ]);
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    const port = (server.address() as { port: number }).port;
    probe = { url: `http://127.0.0.1:${port}/rest/main`, close: () => new Promise((r) => server.close(() => r())) };
  });
  afterAll(() => probe.close());

  const call = (path: string, token: string, body?: unknown) =>
    fetch(probe.url + path, { method: body ? "POST" : "GET", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it("answers a lower plan with 403 and the upgrade message", async () => {
    const user = await registerUser(api);
    const res = await call("/probe/write", user.token, { n: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "UPGRADE_REQUIRED", message: UPGRADE_REQUIRED_MESSAGE, details: [{ currentPlan: "TIER_1", requiredPlan: "TIER_3" }] });
    await setPlan(api, user.store.id, "TIER_3");
    expect(await call("/probe/write", user.token, { n: 1 })).toEqual({ status: 200, body: { n: 1 } });
  });

  it("refuses every mutation of a preview account", async () => {
    const user = await registerUser(api);
    const { token } = await api.deps.tokens.sign({ userId: user.user.id, storeId: user.store.id, role: "OWNER", isPreview: true }, "v1");
    const res = await call("/probe/write?preview=true", token, { n: 1 });
    expect(res).toEqual({ status: 403, body: expect.objectContaining({ code: "PREVIEW_MODE", message: PREVIEW_MODE_MESSAGE }) });
    // Reads work, with the preview flag the client appends.
    const me = await api.raw("GET", "/web/stores/me?preview=true", { token });
    expect(me.status).toBe(200);
  });

  it("requires a version-2 token where the contract says so", async () => {
    const user = await registerUser(api);
    expect((await call("/probe/v2", user.token)).status).toBe(401);
    expect(await call("/probe/v2", user.v2UserToken)).toEqual({ status: 200, body: { ok: true } });
    expect(await call("/probe/v2", user.v2StoreToken)).toEqual({ status: 200, body: { ok: true } });
  });

  it.each(["v2-user", "v2-store"] as const)("answers 401 to an expired %s token on a version-2 endpoint, and refreshes one near expiry", async (typ) => {
    const user = await registerUser(api);
    expect(await call("/probe/v2", await signToken(user, typ, nowSeconds() - 10))).toEqual({ status: 401, body: expect.objectContaining({ code: "UNAUTHORIZED" }) });
    const res = await fetch(`${probe.url}/probe/v2`, { headers: { authorization: `Bearer ${await signToken(user, typ, nowSeconds() + 60)}` } });
    expect(res.status).toBe(200);
    expect(await api.deps.tokens.verify(res.headers.get(REFRESHED_TOKEN_HEADER)!)).toMatchObject({ type: typ, userId: user.user.id });
  });

  it("turns a response that breaks its contract into a logged 500, never a wrong answer", async () => {
    const res = await fetch(probe.url + "/probe/bad");
    expect(res.status).toBe(500);
    expect(((await res.json()) as { code: string }).code).toBe("INTERNAL");
  });

  it("logs the request line of a 5xx at every level and of a 4xx from info down", async () => {
    const probeBoom = defineContract({ id: "probeBoom", method: "GET", path: "/probe/boom", summary: "test", tags: ["test"], access: "public", response: z.object({ ok: z.boolean() }) });
    for (const level of ["warn", "info"] as const) {
      const lines: { msg?: string; status?: number; level: number }[] = [];
      const log = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
      const server = createApp({ ...api.deps, log }, [route(probeBoom, async () => Promise.reject(new Error("boom")))]).listen(0);
      await new Promise((r) => server.once("listening", r));
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/rest/main`;
      expect((await fetch(`${base}/probe/boom`)).status).toBe(500);
      expect((await fetch(`${base}/no-such-endpoint`)).status).toBe(404);
      await new Promise((r) => server.close(r));
      const requestLines = lines.filter((l) => l.msg === "request").map((l) => l.status);
      expect(requestLines, level).toEqual(level === "warn" ? [500] : [500, 404]);
      expect(lines.some((l) => l.msg === "unhandled error")).toBe(true);
    }
  });

  it("rejects query keys the contract does not know", async () => {
    const user = await registerUser(api);
    const res = await api.raw("GET", "/web/stores/me?foo=1", { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body.details[0]).toMatchObject({ field: "query" });
    await expect(as(api, user.token, stores.getMyStore, {})).resolves.toMatchObject({ id: user.store.id });
  });
});
