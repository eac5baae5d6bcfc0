import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../api/test/harness";

// Issue 14, item 16: eight characters were enough, and "password1234" was accepted.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const register = (password: string, storeName = "Moonlight Candles") =>
  api.raw("POST", "/register", { body: { email: `strength-${crypto.randomUUID().slice(0, 8)}@example.com`, password, storeName } });

describe("new passwords", () => {
  it("need at least 10 characters", async () => {
    const res = await register("k7#pQ2!vz");
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: "body.password", reason: "must be at least 10 characters" }]);
  });

  it.each([
    ["a common password", "password1234", "it is close to a commonly used password"],
    ["a keyboard row", "qwertyuiop", "it is one of the most used passwords"],
    ["the store's name", "moonlightcandles", "it contains your e-mail, your store's name or Atelier"],
  ])("refuse %s with a reason and a way out", async (_what, password, why) => {
    const res = await register(password);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.details).toEqual([{ field: "body.password", reason: `is too easy to guess (${why}). Try three or four unrelated words together` }]);
  });

  it("accept a few unrelated words", async () => {
    expect((await register("harbor-violet-tundra")).status).toBe(202);
  });
});
