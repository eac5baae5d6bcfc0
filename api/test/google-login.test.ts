import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT, exportJWK, generateKeyPair, type JWK } from "jose";

type CryptoKey = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
import { auth, stores } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "./harness";
import { createGoogleVerifier } from "../src/providers/google";

// A locally generated key set stands in for Google's published one; the verifier is the real code.
const CLIENT_ID = "atelier-test.apps.googleusercontent.com";
let api: TestApi;
let unconfigured: TestApi;
let privateKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  api = await startTestApi({ providers: { google: createGoogleVerifier({ clientId: CLIENT_ID, jwksUrl: "http://127.0.0.1:1/unused", jwks: { keys: [jwk] } }) } });
  unconfigured = await startTestApi();
});
afterAll(async () => {
  await api.close();
  await unconfigured.close();
});

type Claims = { sub?: string; email?: string; email_verified?: boolean; name?: string; aud?: string; iss?: string; exp?: number };

function idToken(claims: Claims, key: CryptoKey = privateKey) {
  const { aud = CLIENT_ID, iss = "https://accounts.google.com", exp = Math.floor(Date.now() / 1000) + 600, ...rest } = claims;
  return new SignJWT({ email_verified: true, ...rest })
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key);
}

const newSub = () => String(crypto.randomInt(10 ** 12, 10 ** 13));
const newEmail = () => `g-${crypto.randomUUID().slice(0, 10)}@example.com`;

describe("POST /google-auth/login", () => {
  it("signs up a new Google account with a store, then logs the same account in", async () => {
    const sub = newSub();
    const email = newEmail();
    const first = await api.client.call(auth.googleLogin, { body: { idToken: await idToken({ sub, email, name: "Robin Vale" }), accountType: "SMB" } });
    expect(first).toMatchObject({ user: { email }, store: { title: "Robin Vale's store", planType: "TIER_1" }, role: "OWNER" });
    const again = await api.client.call(auth.googleLogin, { body: { idToken: await idToken({ sub, email }) } });
    expect(again.user.id).toBe(first.user.id);
    expect(again.store.id).toBe(first.store.id);
    const me = await as(api, again.token, stores.getMyStore, {});
    expect(me.accountType).toBe("SMB");
  });

  it("links a verified Google email to the existing password account", async () => {
    const user = await registerUser(api);
    const session = await api.client.call(auth.googleLogin, { body: { idToken: await idToken({ sub: newSub(), email: user.email }) } });
    expect(session.user.id).toBe(user.user.id);
    expect(session.store.id).toBe(user.store.id);
  });

  it("refuses an unverified email that matches an existing account", async () => {
    const user = await registerUser(api);
    const res = await api.raw("POST", "/google-auth/login", { body: { idToken: await idToken({ sub: newSub(), email: user.email, email_verified: false }) } });
    expect(res.status).toBe(401);
    const { rows } = await api.deps.pool.query("SELECT google_sub FROM users WHERE id = $1", [user.user.id]);
    expect(rows[0].google_sub).toBeNull();
  });

  it.each([
    ["another audience", { aud: "someone-else.apps.googleusercontent.com" }],
    ["another issuer", { iss: "https://evil.example" }],
    ["an expired token", { exp: Math.floor(Date.now() / 1000) - 60 }],
  ])("answers 401 for %s and creates nothing", async (_what, claims) => {
    const email = newEmail();
    const res = await api.raw("POST", "/google-auth/login", { body: { idToken: await idToken({ sub: newSub(), email, ...claims }) } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
    expect((await api.deps.pool.query("SELECT 1 FROM users WHERE email = $1", [email])).rowCount).toBe(0);
  });

  it("answers 401 for a token signed by another key, and for garbage", async () => {
    expect((await api.raw("POST", "/google-auth/login", { body: { idToken: await idToken({ sub: newSub(), email: newEmail() }, otherKey) } })).status).toBe(401);
    expect((await api.raw("POST", "/google-auth/login", { body: { idToken: "not.a.jwt" } })).status).toBe(401);
  });

  it("answers 400 naming the field for a missing token", async () => {
    const res = await api.raw("POST", "/google-auth/login", { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe("body.idToken");
  });

  it("says plainly when Google sign-in is not configured", async () => {
    const res = await unconfigured.raw("POST", "/google-auth/login", { body: { idToken: await idToken({ sub: newSub(), email: newEmail() }) } });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/GOOGLE_CLIENT_ID/);
  });
});
