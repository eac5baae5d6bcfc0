import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, stores, ApiError } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "./harness";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("register and log in", () => {
  it("registers a store owner, reports user_register, and logs in", async () => {
    const user = await registerUser(api, { accountType: "SMB", workStyle: "USE_THE_TOOLS_MYSELF" });
    expect(user.store.planType).toBe("TIER_1");
    expect(user.role).toBe("OWNER");
    const { rows } = await api.deps.pool.query("SELECT user_type FROM usage_events WHERE event_name = 'user_register' AND user_id = $1", [user.user.id]);
    expect(rows).toEqual([{ user_type: "store" }]);
    const session = await api.client.call(auth.login, { body: { email: user.email.toUpperCase(), password: user.password } });
    const me = await as(api, session.token, stores.getMyStore, {});
    expect(me).toMatchObject({ id: user.store.id, title: "Test store", planType: "TIER_1", accountType: "SMB", isPreviewAccount: false, authCredential: { name: user.email } });
  });

  it("refuses a wrong password with 401 and the same message as an unknown email", async () => {
    const user = await registerUser(api);
    const wrong = await api.raw("POST", "/login", { body: { email: user.email, password: "wrong-password" } });
    const unknown = await api.raw("POST", "/login", { body: { email: "nobody-here@example.com", password: "wrong-password" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it("names the field and the reason for bad input", async () => {
    const res = await api.raw("POST", "/register", { body: { email: "not-an-email", password: "short", storeName: "" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    const fields = res.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(["body.email", "body.password", "body.storeName"]));
  });

  it("refuses unknown body keys", async () => {
    const res = await api.raw("POST", "/login", { body: { email: "a@example.com", password: "x", isAdmin: true } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe("body.isAdmin");
  });

  it("answers 401 without a token and with an undecodable one", async () => {
    await expect(api.client.call(stores.getMyStore, {})).rejects.toMatchObject({ status: 401 });
    const undecodable = as(api, "abc.def.ghi", stores.getMyStore, {});
    await expect(undecodable).rejects.toBeInstanceOf(ApiError);
    await expect(undecodable).rejects.toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    for (const token of ["abc.def.ghi", "not-a-jwt", "e30.e30.", "a".repeat(5000)]) {
      const res = await api.raw("GET", "/web/stores/me", { token });
      expect(res.status, token.slice(0, 20)).toBe(401);
      expect(res.body.code).toBe("UNAUTHORIZED");
    }
  });
});
