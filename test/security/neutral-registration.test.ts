import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, stores } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "../../api/test/harness";
import { mailedSignUpToken } from "../factories";

// Issue 14, item 17: POST /register answered 409 "An account with this email already exists" for a
// taken address, so anyone could learn who has an account. Now every sign-up answers 202 and the
// account is made from the link mailed to the address (docs/security.md, item 17).
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const email = () => `neutral-${crypto.randomUUID().slice(0, 10)}@example.com`;
const body = (address: string, storeName = "Moss & Fern") => ({ email: address, password: "correct-horse-battery", storeName });
const mailsTo = async (address: string) =>
  (await api.deps.pool.query<{ kind: string; body: string }>("SELECT kind, body FROM outbox_messages WHERE to_address = $1 ORDER BY created_at", [address])).rows;

describe("sign-up answers the same for every address", () => {
  it("a taken address and a new one get byte-identical answers but for the address", async () => {
    const owner = await registerUser(api);
    const fresh = email();
    const taken = await api.raw("POST", "/register", { body: body(owner.email) });
    const untaken = await api.raw("POST", "/register", { body: body(fresh) });
    expect(taken.status).toBe(202);
    expect(untaken.status).toBe(202);
    expect({ ...taken.body, email: "x" }).toEqual({ ...untaken.body, email: "x" });
    expect(taken.body).toEqual({ status: "CHECK_EMAIL", email: owner.email, expiresInHours: 24 });
    // The owner is told someone tried, with no link that could make a second account; the new address gets the link.
    const ownerMail = (await mailsTo(owner.email)).at(-1)!;
    expect(ownerMail.kind).toBe("sign_up_existing_account");
    expect(ownerMail.body).not.toMatch(/confirmSignUp/);
    expect((await mailsTo(fresh)).map((m) => m.kind)).toEqual(["sign_up_confirmation"]);
  });

  it("no account exists until the link is opened; the link logs in once", async () => {
    const address = email();
    await api.client.call(auth.register, { body: body(address, "Kiln Works") });
    expect((await api.raw("POST", "/login", { body: { email: address, password: "correct-horse-battery" } })).status).toBe(401);
    const token = await mailedSignUpToken(api.deps.pool, address);
    const session = await api.client.call(auth.confirmRegistration, { body: { token } });
    expect(session).toMatchObject({ user: { email: address }, store: { title: "Kiln Works", planType: "TIER_1" }, role: "OWNER" });
    expect(await as(api, session.token, stores.getMyStore, {})).toMatchObject({ title: "Kiln Works" });
    const again = await api.raw("POST", "/register/confirm", { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.details).toEqual([{ field: "body.token", reason: expect.stringContaining("not a working sign-up link") }]);
  });

  it("signing up again replaces the first link; only the newest works", async () => {
    const address = email();
    await api.client.call(auth.register, { body: body(address) });
    const first = await mailedSignUpToken(api.deps.pool, address);
    await api.client.call(auth.register, { body: { ...body(address), storeName: "Second name" } });
    const second = await mailedSignUpToken(api.deps.pool, address);
    expect(second).not.toBe(first);
    expect((await api.raw("POST", "/register/confirm", { body: { token: first } })).status).toBe(400);
    expect((await api.client.call(auth.confirmRegistration, { body: { token: second } })).store.title).toBe("Second name");
  });

  it("an expired link is refused with a sentence and makes no account", async () => {
    const address = email();
    await api.client.call(auth.register, { body: body(address) });
    await api.deps.pool.query("UPDATE pending_registrations SET expires_at = now() - interval '1 minute' WHERE email = $1", [address]);
    const res = await api.raw("POST", "/register/confirm", { body: { token: await mailedSignUpToken(api.deps.pool, address) } });
    expect(res.status).toBe(400);
    expect((await api.deps.pool.query("SELECT 1 FROM users WHERE email = $1", [address])).rowCount).toBe(0);
  });

  it("a link for an address that got an account meanwhile (Google) is a 409 that says to log in", async () => {
    const address = email();
    await api.client.call(auth.register, { body: body(address) });
    const token = await mailedSignUpToken(api.deps.pool, address);
    // A Google sign-in makes the user without the form (no pending sign-up is touched).
    await api.deps.pool.query("INSERT INTO users (email, username, password_hash) VALUES ($1, 'google-user', NULL)", [address]);
    const res = await api.raw("POST", "/register/confirm", { body: { token } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This e-mail already has an Atelier account. Log in instead.");
  });

  it("the form can't flood a mailbox: at most three sign-up e-mails to an address in ten minutes, the answer unchanged", async () => {
    const owner = await registerUser(api);
    for (let i = 0; i < 5; i++) expect((await api.raw("POST", "/register", { body: body(owner.email) })).status).toBe(202);
    expect((await mailsTo(owner.email)).filter((m) => m.kind === "sign_up_existing_account")).toHaveLength(3);
  });

  it("bad input is still a 400 naming the field (the password's strength says nothing about the address)", async () => {
    const res = await api.raw("POST", "/register/confirm", { body: { token: "short" } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe("body.token");
  });
});
