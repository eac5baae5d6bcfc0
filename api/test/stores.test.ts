import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { makePreview } from "../../test/factories/accounts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A second registered user added to the owner's store with the given role, and a token for them there. */
async function memberToken(owner: TestUser, role: "ADMIN" | "CX"): Promise<string> {
  const member = await registerUser(api);
  await api.deps.pool.query("INSERT INTO store_members (store_id, user_id, role) VALUES ($1, $2, $3)", [owner.store.id, member.user.id, role]);
  const { token } = await api.deps.tokens.sign({ userId: member.user.id, storeId: owner.store.id, role, isPreview: false }, "v1");
  return token;
}

/** Turns the owner's store into a preview account and returns a preview token. */
async function previewToken(owner: TestUser): Promise<string> {
  return (await makePreview(api, owner)).token;
}

async function expectError(promise: Promise<unknown>, status: number, code: string, field?: string) {
  const err = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e as { status: number; code: string; details?: { field: string }[] },
  );
  expect(err.status).toBe(status);
  expect(err.code).toBe(code);
  if (field) expect(err.details?.map((d) => d.field)).toContain(field);
}

const PATHS = ["profile", "configs", "external-fields", "seen-state", "business-plan", "bank-info"];
const WRITES: [string, unknown][] = [
  ["/web/stores/me/profile", { title: "New" }],
  ["/web/stores/me/configs", { weightUnit: "kg" }],
  ["/web/stores/me/external-fields", { externalFields: [{ name: "audienceCapture", value: { isFullAccessEnabled: true } }] }],
  ["/web/stores/me/seen-state", { seenQuiz: true }],
  ["/web/stores/me/business-plan-completed", { answers: { goal: "launch" } }],
  ["/web/stores/me/bank-info", { accountHolderName: "A", bankName: "B", accountType: "CHECKING", routingNumber: "011000015", accountNumber: "123456789" }],
];

describe("the store record", () => {
  it("writes its timestamps as the rest of the API does, whatever the session's time zone", async () => {
    const owner = await registerUser(api);
    const pausedAt = new Date("2026-03-04T05:06:07.891Z");
    await api.deps.pool.query(
      "UPDATE stores SET blueprint_subscription_status = 'ACTIVE', blueprint_subscription_paused_at = $2, blueprint_subscription_resumes_at = $2::timestamptz + interval '30 days 0.000999 seconds' WHERE id = $1",
      [owner.store.id, pausedAt],
    );
    const record = await as(api, owner.token, stores.getMyStore, {});
    const { rows } = await api.deps.pool.query<{ created_at: Date; resumes_at: Date }>("SELECT created_at, blueprint_subscription_resumes_at AS resumes_at FROM stores WHERE id = $1", [owner.store.id]);
    expect(record).toMatchObject({
      createdAt: rows[0]!.created_at.toISOString(),
      blueprintSubscriptionPausedAt: "2026-03-04T05:06:07.891Z",
      // Microseconds are cut, as the client library cuts them.
      blueprintSubscriptionResumesAt: "2026-04-03T05:06:07.891Z",
      isBlueprintPaused: true,
    });
    expect(rows[0]!.resumes_at.toISOString()).toBe("2026-04-03T05:06:07.891Z");
    // The same read on a session set to another zone renders the same text.
    const client = await api.deps.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT set_config('TimeZone', 'Asia/Kolkata', true)");
      const { rows: zoned } = await client.query<{ record: string }>("SELECT store_member_record($1, $2) AS record", [owner.store.id, owner.user.id]);
      await client.query("ROLLBACK");
      expect(JSON.parse(zoned[0]!.record)).toMatchObject({ blueprint_subscription_paused_at: "2026-03-04T05:06:07.891Z", created_at: record.createdAt });
    } finally {
      client.release();
    }
  });
});

describe("access to /web/stores/me sub-paths", () => {
  it("answers 401 without a token for every read and write", async () => {
    for (const path of PATHS) expect((await api.raw("GET", `/web/stores/me/${path}`)).status).toBe(401);
    for (const [path, body] of WRITES) expect((await api.raw("PUT", path, { body })).status).toBe(401);
  });

  it("refuses every write of a preview account with 403 and lets it read", async () => {
    const owner = await registerUser(api);
    const token = await previewToken(owner);
    for (const [path, body] of WRITES) {
      const res = await api.raw("PUT", path, { body, token });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe("PREVIEW_MODE");
      expect(res.body.message).toBe("Preview mode can't take this action.");
    }
    expect((await as(api, token, stores.getStoreProfile, {})).title).toBe("Test store");
    const { rows } = await api.deps.pool.query("SELECT title FROM stores WHERE id = $1", [owner.store.id]);
    expect(rows[0].title).toBe("Test store");
  });

  it("lets a CX member read settings but refuses every settings write with 403", async () => {
    const owner = await registerUser(api);
    const cx = await memberToken(owner, "CX");
    await expect(as(api, cx, stores.getStoreConfigs, {})).resolves.toMatchObject({ currency: "USD" });
    for (const [path, body] of WRITES) {
      const res = await api.raw("PUT", path, { body, token: cx });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe("FORBIDDEN");
    }
  });
});

describe("profile", () => {
  it("starts empty, updates given fields, keeps omitted ones and clears with null", async () => {
    const owner = await registerUser(api);
    const empty = await as(api, owner.token, stores.getStoreProfile, {});
    expect(empty).toEqual({ title: "Test store", description: null, logoUrl: null, website: null, contactEmail: null, phone: null, socialLinks: {}, supportAddress: null, updatedAt: null });

    const saved = await as(api, owner.token, stores.updateStoreProfile, {
      body: {
        title: "  Moss & Oak  ",
        description: "Hand-dyed linen",
        logoUrl: "https://cdn.example.com/logo.png",
        website: "//mossandoak.example",
        contactEmail: "Hello@MossAndOak.example",
        phone: "+1 (415) 555-0100",
        socialLinks: { instagram: "https://instagram.com/mossandoak" },
        supportAddress: { line1: "1 Main St", city: "Austin", state: "texas", postalCode: "78701", countryCode: "us" },
      },
    });
    expect(saved).toMatchObject({
      title: "Moss & Oak",
      contactEmail: "hello@mossandoak.example",
      socialLinks: { instagram: "https://instagram.com/mossandoak" },
      supportAddress: { line1: "1 Main St", line2: null, city: "Austin", state: "TX", postalCode: "78701", countryCode: "US" },
    });
    expect(saved.updatedAt).not.toBeNull();
    expect((await as(api, owner.token, stores.getMyStore, {})).title).toBe("Moss & Oak");

    const patched = await as(api, owner.token, stores.updateStoreProfile, { body: { description: null, phone: "+44 20 7946 0958" } });
    expect(patched).toMatchObject({ title: "Moss & Oak", description: null, phone: "+44 20 7946 0958", logoUrl: "https://cdn.example.com/logo.png", website: "//mossandoak.example" });
    expect(await as(api, owner.token, stores.getStoreProfile, {})).toEqual(patched);
  });

  it("lets an ADMIN edit the profile", async () => {
    const owner = await registerUser(api);
    const admin = await memberToken(owner, "ADMIN");
    await expect(as(api, admin, stores.updateStoreProfile, { body: { title: "By admin" } })).resolves.toMatchObject({ title: "By admin" });
  });

  it("names the field of bad input", async () => {
    const owner = await registerUser(api);
    const cases: [unknown, string][] = [
      [{ website: "mailto:a@example.com" }, "body.website"],
      [{ logoUrl: "not a link" }, "body.logoUrl"],
      [{ contactEmail: "nope" }, "body.contactEmail"],
      [{ phone: "12" }, "body.phone"],
      [{ title: "" }, "body.title"],
      [{ socialLinks: { myspace: "https://myspace.com/a" } }, "body.socialLinks.myspace"],
      [{ socialLinks: { tiktok: "tiktok" } }, "body.socialLinks.tiktok"],
      [{ supportAddress: { line1: "1 A St", city: "X", postalCode: "1", countryCode: "ZZ" } }, "body.supportAddress.countryCode"],
      [{ supportAddress: { line1: "1 A St", city: "X", postalCode: "1", countryCode: "US", state: "Narnia" } }, "body.supportAddress.state"],
      [{ supportAddress: { line1: "1 A St", city: "X", postalCode: "1", countryCode: "CA" } }, "body.supportAddress.state"],
      [{ isVerified: true }, "body.isVerified"],
      [{}, "body"],
    ];
    for (const [body, field] of cases) {
      const res = await api.raw("PUT", "/web/stores/me/profile", { body, token: owner.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
  });

  it("accepts a free-text state for a country whose states are not shipped", async () => {
    const owner = await registerUser(api);
    const saved = await as(api, owner.token, stores.updateStoreProfile, { body: { supportAddress: { line1: "Hauptstr. 1", city: "Berlin", state: "Berlin", postalCode: "10115", countryCode: "DE" } } });
    expect(saved.supportAddress).toMatchObject({ state: "Berlin", countryCode: "DE" });
  });

  it("keeps tenants apart", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    await as(api, a.token, stores.updateStoreProfile, { body: { title: "Store A", description: "secret A" } });
    const seenByB = await as(api, b.token, stores.getStoreProfile, {});
    expect(seenByB).toMatchObject({ title: "Test store", description: null });
    await as(api, b.token, stores.updateStoreProfile, { body: { description: "B's" } });
    expect((await as(api, a.token, stores.getStoreProfile, {})).description).toBe("secret A");
  });
});

describe("configs", () => {
  it("returns the defaults, then applies partial updates", async () => {
    const owner = await registerUser(api);
    expect(await as(api, owner.token, stores.getStoreConfigs, {})).toEqual({ ...stores.STORE_CONFIG_DEFAULTS, updatedAt: null });
    const first = await as(api, owner.token, stores.updateStoreConfigs, { body: { timezone: "america/new_york", features: { analytics: true } } });
    expect(first).toMatchObject({ currency: "USD", timezone: "America/New_York", weightUnit: "lb", features: { analytics: true, fulfillmentMetrics: false } });
    const second = await as(api, owner.token, stores.updateStoreConfigs, { body: { weightUnit: "kg", notifications: { emailOnNewOrder: false } } });
    expect(second).toMatchObject({ timezone: "America/New_York", weightUnit: "kg", notifications: { emailOnNewOrder: false, inboxSmsNotify: false }, features: { analytics: true } });
    expect(await as(api, owner.token, stores.getStoreConfigs, {})).toEqual(second);
  });

  it("turns on inbox SMS notices only when the profile has a phone", async () => {
    const owner = await registerUser(api);
    await expectError(as(api, owner.token, stores.updateStoreConfigs, { body: { notifications: { inboxSmsNotify: true } } }), 400, "VALIDATION_FAILED", "body.notifications.inboxSmsNotify");
    await as(api, owner.token, stores.updateStoreProfile, { body: { phone: "+1 415 555 0100" } });
    const on = await as(api, owner.token, stores.updateStoreConfigs, { body: { notifications: { inboxSmsNotify: true } } });
    expect(on.notifications.inboxSmsNotify).toBe(true);
  });

  it("names the field of bad input", async () => {
    const owner = await registerUser(api);
    const cases: [unknown, string][] = [
      [{ timezone: "Mars/Olympus_Mons" }, "body.timezone"],
      [{ timezone: "+01:00" }, "body.timezone"],
      [{ currency: "EUR" }, "body.currency"],
      [{ weightUnit: "stone" }, "body.weightUnit"],
      [{ notifications: { pushOnNewOrder: true } }, "body.notifications.pushOnNewOrder"],
      [{ features: { analytics: "yes" } }, "body.features.analytics"],
      [{ theme: "dark" }, "body.theme"],
      [{}, "body"],
    ];
    for (const [body, field] of cases) {
      const res = await api.raw("PUT", "/web/stores/me/configs", { body, token: owner.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
  });

  it("keeps tenants apart", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    await as(api, a.token, stores.updateStoreConfigs, { body: { weightUnit: "g" } });
    expect((await as(api, b.token, stores.getStoreConfigs, {})).weightUnit).toBe("lb");
  });
});

describe("external fields", () => {
  it("sets known fields, keeps the ones not sent, and shows them on /web/stores/me", async () => {
    const owner = await registerUser(api);
    expect(await as(api, owner.token, stores.getStoreExternalFields, {})).toEqual({ externalFields: [] });
    await as(api, owner.token, stores.updateStoreExternalFields, { body: { externalFields: [{ name: "closedEducationPanelPages", value: ["homebase", "inbox", "homebase"] }] } });
    const both = await as(api, owner.token, stores.updateStoreExternalFields, { body: { externalFields: [{ name: "audienceCapture", value: { isFullAccessEnabled: true } }] } });
    expect(both.externalFields).toEqual([
      { name: "audienceCapture", value: { isFullAccessEnabled: true } },
      { name: "closedEducationPanelPages", value: ["homebase", "inbox"] },
    ]);
    expect((await as(api, owner.token, stores.getMyStore, {})).externalFields).toEqual(both.externalFields);
    expect(await as(api, owner.token, stores.getStoreExternalFields, {})).toEqual(both);
  });

  it("refuses unknown names, wrong value shapes and duplicates with the field named", async () => {
    const owner = await registerUser(api);
    const cases: [unknown, string][] = [
      [{ externalFields: [{ name: "favouriteColour", value: "green" }] }, "body.externalFields.0.name"],
      [{ externalFields: [{ name: "audienceCapture", value: { isFullAccessEnabled: "yes" } }] }, "body.externalFields.0.value.isFullAccessEnabled"],
      [{ externalFields: [{ name: "audienceCapture", value: { isFullAccessEnabled: true, plan: "pro" } }] }, "body.externalFields.0.value.plan"],
      [{ externalFields: [{ name: "closedEducationPanelPages", value: ["ok", "no spaces"] }] }, "body.externalFields.0.value.1"],
      [{ externalFields: [{ name: "closedEducationPanelPages", value: "homebase" }] }, "body.externalFields.0.value"],
      [{ externalFields: [{ name: "audienceCapture", value: { isFullAccessEnabled: true } }, { name: "audienceCapture", value: { isFullAccessEnabled: false } }] }, "body.externalFields"],
      [{ externalFields: [] }, "body.externalFields"],
    ];
    for (const [body, field] of cases) {
      const res = await api.raw("PUT", "/web/stores/me/external-fields", { body, token: owner.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
    expect(await as(api, owner.token, stores.getStoreExternalFields, {})).toEqual({ externalFields: [] });
  });

  it("keeps tenants apart", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    await as(api, a.token, stores.updateStoreExternalFields, { body: { externalFields: [{ name: "audienceCapture", value: { isFullAccessEnabled: true } }] } });
    expect(await as(api, b.token, stores.getStoreExternalFields, {})).toEqual({ externalFields: [] });
  });
});

describe("seen-state flags", () => {
  it("starts all false, sets several at once, and clears one with false", async () => {
    const owner = await registerUser(api);
    const initial = await as(api, owner.token, stores.getStoreSeenState, {});
    expect(Object.values(initial).every((v) => v === false)).toBe(true);
    expect(Object.keys(initial).sort()).toEqual([...stores.SEEN_FLAGS].sort());
    const set = await as(api, owner.token, stores.updateStoreSeenState, { body: { seenQuiz: true, seenHomebaseTour: true } });
    expect(set).toMatchObject({ seenQuiz: true, seenHomebaseTour: true, seenManageShopTour: false });
    const again = await as(api, owner.token, stores.updateStoreSeenState, { body: { seenQuiz: true, seenHomebaseTour: false } });
    expect(again).toMatchObject({ seenQuiz: true, seenHomebaseTour: false });
    expect(await as(api, owner.token, stores.getStoreSeenState, {})).toEqual(again);
  });

  it("refuses unknown flags, non-booleans and an empty body with 400", async () => {
    const owner = await registerUser(api);
    const cases: [unknown, string][] = [
      [{ seenEverything: true }, "body.seenEverything"],
      [{ seenQuiz: "yes" }, "body.seenQuiz"],
      [{}, "body"],
    ];
    for (const [body, field] of cases) {
      const res = await api.raw("PUT", "/web/stores/me/seen-state", { body, token: owner.token });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it("keeps tenants apart", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    await as(api, a.token, stores.updateStoreSeenState, { body: { seenQuiz: true } });
    expect((await as(api, b.token, stores.getStoreSeenState, {})).seenQuiz).toBe(false);
  });
});

describe("business plan", () => {
  it("is empty until completed, then keeps the first completion time across saves", async () => {
    const owner = await registerUser(api);
    expect(await as(api, owner.token, stores.getStoreBusinessPlan, {})).toEqual({ completed: false, answers: {}, completedAt: null, updatedAt: null });
    const first = await as(api, owner.token, stores.completeStoreBusinessPlan, { body: { answers: { productType: "apparel", channels: ["instagram", "tiktok"], monthlyBudget: 500, hasSupplier: false } } });
    expect(first).toMatchObject({ completed: true, answers: { productType: "apparel", channels: ["instagram", "tiktok"], monthlyBudget: 500, hasSupplier: false } });
    expect(first.completedAt).not.toBeNull();
    const second = await as(api, owner.token, stores.completeStoreBusinessPlan, { body: { answers: { productType: "candles" } } });
    expect(second.answers).toEqual({ productType: "candles" });
    expect(second.completedAt).toBe(first.completedAt);
    expect(await as(api, owner.token, stores.getStoreBusinessPlan, {})).toEqual(second);
  });

  it("names the field of bad input", async () => {
    const owner = await registerUser(api);
    const cases: [unknown, string][] = [
      [{ answers: {} }, "body.answers"],
      [{ answers: { "bad key!": "x" } }, "body.answers.bad key!"],
      [{ answers: { goal: { nested: true } } }, "body.answers.goal"],
      [{ answers: { goal: "x".repeat(2001) } }, "body.answers.goal"],
      [{ answers: { goal: "x" }, completedAt: "2020-01-01" }, "body.completedAt"],
    ];
    for (const [body, field] of cases) {
      const res = await api.raw("PUT", "/web/stores/me/business-plan-completed", { body, token: owner.token });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it("keeps tenants apart", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    await as(api, a.token, stores.completeStoreBusinessPlan, { body: { answers: { goal: "A's plan" } } });
    expect((await as(api, b.token, stores.getStoreBusinessPlan, {})).completed).toBe(false);
  });
});

describe("bank info", () => {
  const account = { accountHolderName: "Ada Lovelace", bankName: "First Bank", accountType: "CHECKING" as const, routingNumber: "021000021", accountNumber: "0001234567890" };

  it("stores only the last four digits and returns them masked", async () => {
    const owner = await registerUser(api);
    expect(await as(api, owner.token, stores.getStoreBankInfo, {})).toEqual({ bankAccount: null });
    const saved = await as(api, owner.token, stores.updateStoreBankInfo, { body: account });
    expect(saved.bankAccount).toMatchObject({ accountHolderName: "Ada Lovelace", bankName: "First Bank", accountType: "CHECKING", accountNumberMasked: "****7890", routingNumberMasked: "*****0021", country: "US" });
    expect(JSON.stringify(saved)).not.toContain("1234567890");
    expect(await as(api, owner.token, stores.getStoreBankInfo, {})).toEqual(saved);
    const { rows } = await api.deps.pool.query("SELECT row_to_json(b)::text AS row FROM store_bank_accounts b WHERE store_id = $1", [owner.store.id]);
    expect(rows[0].row).not.toContain("1234567890");
    expect(rows[0].row).not.toContain("021000021");
    const changed = await as(api, owner.token, stores.updateStoreBankInfo, { body: { ...account, accountType: "SAVINGS", accountNumber: "5555-4444" } });
    expect(changed.bankAccount).toMatchObject({ accountType: "SAVINGS", accountNumberMasked: "****4444" });
  });

  it("is for the owner only: an ADMIN gets 403 on read and write", async () => {
    const owner = await registerUser(api);
    await as(api, owner.token, stores.updateStoreBankInfo, { body: account });
    const admin = await memberToken(owner, "ADMIN");
    await expectError(as(api, admin, stores.getStoreBankInfo, {}), 403, "FORBIDDEN");
    await expectError(as(api, admin, stores.updateStoreBankInfo, { body: { ...account, accountNumber: "99999999" } }), 403, "FORBIDDEN");
    expect((await as(api, owner.token, stores.getStoreBankInfo, {})).bankAccount?.accountNumberMasked).toBe("****7890");
  });

  it("names the field of bad input", async () => {
    const owner = await registerUser(api);
    const cases: [unknown, string][] = [
      [{ ...account, routingNumber: "021000022" }, "body.routingNumber"],
      [{ ...account, routingNumber: "12345" }, "body.routingNumber"],
      [{ ...account, accountNumber: "12a45678" }, "body.accountNumber"],
      [{ ...account, accountNumber: "123" }, "body.accountNumber"],
      [{ ...account, accountType: "BROKERAGE" }, "body.accountType"],
      [{ ...account, accountHolderName: " " }, "body.accountHolderName"],
      [{ ...account, iban: "DE89370400440532013000" }, "body.iban"],
    ];
    for (const [body, field] of cases) {
      const res = await api.raw("PUT", "/web/stores/me/bank-info", { body, token: owner.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await as(api, owner.token, stores.getStoreBankInfo, {})).toEqual({ bankAccount: null });
  });

  it("keeps tenants apart", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    await as(api, a.token, stores.updateStoreBankInfo, { body: account });
    expect(await as(api, b.token, stores.getStoreBankInfo, {})).toEqual({ bankAccount: null });
  });
});

describe("the store record (/web/stores/me), read from its trigger-kept copy", () => {
  it("follows every change to the store, the membership and the user, and goes with the membership", async () => {
    const owner = await registerUser(api);
    const member = await registerUser(api);
    await api.deps.pool.query("INSERT INTO store_members (store_id, user_id, role) VALUES ($1, $2, 'CX')", [owner.store.id, member.user.id]);
    const { token } = await api.deps.tokens.sign({ userId: member.user.id, storeId: owner.store.id, role: "CX", isPreview: false }, "v1");
    expect(await as(api, token, stores.getMyStore, {})).toMatchObject({ id: owner.store.id, role: "CX", user: { id: member.user.id } });

    await as(api, owner.token, stores.updateStoreProfile, { body: { title: "Renamed store" } });
    await as(api, owner.token, stores.updateStoreExternalFields, { body: { externalFields: [{ name: "audienceCapture", value: { isFullAccessEnabled: true } }] } });
    await api.deps.pool.query("UPDATE stores SET plan_type = 'TIER_3', blueprint_subscription_status = 'PAST_DUE' WHERE id = $1", [owner.store.id]);
    await api.deps.pool.query("UPDATE store_members SET role = 'ADMIN' WHERE store_id = $1 AND user_id = $2", [owner.store.id, member.user.id]);
    await api.deps.pool.query("UPDATE users SET username = 'renamed-member' WHERE id = $1", [member.user.id]);

    // Each reader sees the same store; the member sees their own user and role.
    expect(await as(api, token, stores.getMyStore, {})).toMatchObject({
      title: "Renamed store",
      planType: "TIER_3",
      blueprintSubscriptionStatus: "PAST_DUE",
      isBlueprintActive: true,
      role: "ADMIN",
      user: { id: member.user.id, username: "renamed-member" },
      externalFields: [{ name: "audienceCapture", value: { isFullAccessEnabled: true } }],
    });
    expect(await as(api, owner.token, stores.getMyStore, {})).toMatchObject({ title: "Renamed store", planType: "TIER_3", role: "OWNER", user: { id: owner.user.id } });

    await api.deps.pool.query("DELETE FROM store_members WHERE store_id = $1 AND user_id = $2", [owner.store.id, member.user.id]);
    await expectError(as(api, token, stores.getMyStore, {}), 401, "UNAUTHORIZED");
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n FROM store_member_records WHERE store_id = $1 AND user_id = $2", [owner.store.id, member.user.id]);
    expect(rows[0].n).toBe(0);
  });
});
