import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, startTestApi, testConfig, type TestApi, type TestUser } from "../../api/test/harness";
import { newClient, send } from "./clients";

// Issue 14, item 4: 40 wrong passwords from 40 addresses were all answered. Each e-mail address now
// gets FREE attempts, then a wait that doubles per attempt, kept in the database.
const FREE = 3;
const loginThrottle = { freeAttempts: FREE, baseWaitSeconds: 60, maxWaitSeconds: 600 };

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config: testConfig({ loginThrottle }) });
});
afterAll(() => api.close());

const login = (target: TestApi, email: string, password: string, from = newClient()) => send(`${target.url}/rest/main/login`, { email, password }, {}, from);
/** The wait as if it had passed (tests never sleep). */
const endWait = (email: string) => api.deps.pool.query("UPDATE login_throttles SET locked_until = now() - interval '1 second' WHERE email = $1", [email]);

describe("sign-in attempts per account", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(api);
  });

  it("answer a few wrong passwords, then ask for a wait in a sentence, from any number of addresses", async () => {
    const victim = await registerUser(api);
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await login(api, victim.email, `guess-${i}-password`));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(FREE);
    expect(answers.slice(FREE).every((a) => a.status === 429)).toBe(true);
    expect(answers.at(-1)!.body.code).toBe("RATE_LIMITED");
    // The first wait is a minute; some seconds of it have passed by now.
    expect(answers.at(-1)!.body.message).toMatch(/^Too many sign-in attempts for this email\. Please wait (1 minute|\d{1,2} seconds) and try again\.$/);
    // During the wait even the right password is not checked: otherwise guessing would go on.
    expect((await login(api, victim.email, victim.password)).status).toBe(429);
  });

  it("count parallel attempts one by one", async () => {
    const victim = await registerUser(api);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(api, victim.email, `parallel-${i}-password`)));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(FREE);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - FREE);
  });

  it("wait longer after each attempt past the free ones, and start over after a successful sign-in", async () => {
    const victim = await registerUser(api);
    for (let i = 0; i < FREE; i++) expect((await login(api, victim.email, "wrong-password-x")).status).toBe(401);
    await endWait(victim.email);
    expect((await login(api, victim.email, "wrong-password-y")).status).toBe(401);
    expect((await login(api, victim.email, "wrong-password-z")).body.message).toBe("Too many sign-in attempts for this email. Please wait 2 minutes and try again.");
    await endWait(victim.email);
    expect((await login(api, victim.email, victim.password)).status).toBe(200);
    for (let i = 0; i < FREE; i++) expect((await login(api, victim.email, "wrong-password-again")).status).toBe(401);
    expect((await login(api, victim.email, "wrong-password-again")).status).toBe(429);
  });

  it("never keep the owner waiting at the address they last signed in from", async () => {
    const home = newClient();
    expect((await login(api, user.email, user.password, home)).status).toBe(200);
    for (let i = 0; i < FREE + 5; i++) await login(api, user.email, `attacker-${i}-guess`);
    expect((await login(api, user.email, user.password)).status).toBe(429);
    expect((await login(api, user.email, user.password, home)).status).toBe(200);
  });

  it("treat an e-mail without an account the same way", async () => {
    const nobody = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const answers = [];
    for (let i = 0; i < FREE + 1; i++) answers.push(await login(api, nobody, "some-password-1"));
    expect(answers.map((a) => a.status)).toEqual([...Array(FREE).fill(401), 429]);
  });

  it("are kept in the database: another API process (or a restart) still asks for the wait", async () => {
    const victim = await registerUser(api);
    for (let i = 0; i < FREE; i++) await login(api, victim.email, "wrong-password-1");
    const other = await startTestApi({ config: testConfig({ loginThrottle }) });
    try {
      expect((await login(other, victim.email, "wrong-password-2")).status).toBe(429);
    } finally {
      await other.close();
    }
  });
});
