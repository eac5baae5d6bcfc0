import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import type { Logger } from "pino";
import { commons, createApiClient } from "@atelier/contracts";
import { COUNTRIES, statesOf } from "../src/data/countries";
import { countryFromAcceptLanguage, inferCountry } from "../src/services/commons/infer-country";
import { reportClientUsageEvent } from "../src/services/commons/report-client-usage-event";
import { as, registerUser, startTestApi, type TestApi } from "./harness";
import { makePreview } from "../../test/factories/accounts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("countries and states", () => {
  it("lists every ISO 3166 country once, each with one of the six regions", async () => {
    const { list } = await api.client.call(commons.listCountries, {});
    expect(list).toHaveLength(249);
    expect(new Set(list.map((c) => c.code)).size).toBe(249);
    expect(list).toContainEqual({ code: "US", name: "United States", region: "NA" });
    expect(list).toContainEqual({ code: "VN", name: "Vietnam", region: "AS" });
    expect(list).toContainEqual({ code: "BR", name: "Brazil", region: "SA" });
    expect(list).toContainEqual({ code: "NZ", name: "New Zealand", region: "OA" });
    expect(list).toContainEqual({ code: "KE", name: "Kenya", region: "AF" });
    expect(list).toContainEqual({ code: "IT", name: "Italy", region: "EU" });
    expect(new Set(list.map((c) => c.region))).toEqual(new Set(["AF", "NA", "SA", "AS", "EU", "OA"]));
  });

  it("lists the states of each shipped country, case-insensitively", async () => {
    const expected: Record<string, number> = { US: 59, CA: 13, CN: 31, IN: 36, AU: 8, IT: 107, MX: 32, VN: 34, GB: 4 };
    for (const [code, count] of Object.entries(expected)) {
      const res = await api.client.call(commons.listStatesOfCountry, { query: { countryCode: code.toLowerCase() } });
      expect(res.countryCode).toBe(code);
      expect(res.list, code).toHaveLength(count);
      expect(new Set(res.list.map((s) => s.code)).size, code).toBe(count);
    }
    const us = await api.client.call(commons.listStatesOfCountry, { query: { countryCode: "US" } });
    expect(us.list).toContainEqual({ code: "CA", name: "California" });
    // Every shipped country's states hang off a real country.
    for (const c of ["US", "CA", "CN", "IN", "AU", "IT", "MX", "VN", "GB"]) expect(COUNTRIES.some((x) => x.code === c) && statesOf(c).length > 0).toBe(true);
  });

  it("answers an empty list for a known country without shipped states", async () => {
    await expect(api.client.call(commons.listStatesOfCountry, { query: { countryCode: "FR" } })).resolves.toEqual({ countryCode: "FR", list: [] });
  });

  it("refuses an unknown, malformed or missing country code with 400 naming the field", async () => {
    for (const query of ["?countryCode=ZZ", "?countryCode=USA", "?countryCode=1", ""]) {
      const res = await api.raw("GET", `/commons/util/states-of-country${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain("query.countryCode");
    }
    const extra = await api.raw("GET", "/commons/util/states-of-country?countryCode=US&lang=fr");
    expect(extra.status).toBe(400);
    expect(extra.body.details[0].field).toBe("query.lang");
  });
});

describe("infer-country", () => {
  it("uses the hint first, and the United States without any", async () => {
    await expect(api.client.call(commons.inferCountry, { query: { countryCode: "vn" } })).resolves.toEqual({ code: "VN", name: "Vietnam", region: "AS", inferredFrom: "hint" });
    await expect(api.client.call(commons.inferCountry, {})).resolves.toEqual({ code: "US", name: "United States", region: "NA", inferredFrom: "default" });
  });

  it("refuses an unknown hint with 400", async () => {
    const res = await api.raw("GET", "/commons/util/infer-country?countryCode=QQ");
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe("query.countryCode");
  });

  it("reads the region of the heaviest Accept-Language tag that names a country", () => {
    expect(countryFromAcceptLanguage("fr-CA,fr;q=0.9,en;q=0.8")?.code).toBe("CA");
    expect(countryFromAcceptLanguage("en;q=0.9, de-DE;q=0.5, zh-Hans-CN;q=0.95")?.code).toBe("CN");
    expect(countryFromAcceptLanguage("es-419, pt-br;q=0.4")?.code).toBe("BR");
    expect(countryFromAcceptLanguage("en, fr")).toBeUndefined();
    expect(countryFromAcceptLanguage("en-ZZ, de-AT;q=0")).toBeUndefined();
    expect(inferCountry({ acceptLanguage: "it-IT,it;q=0.9" })).toEqual({ code: "IT", name: "Italy", region: "EU", inferredFrom: "accept-language" });
    expect(inferCountry({ hint: "mx", acceptLanguage: "it-IT" }).inferredFrom).toBe("hint");
    expect(inferCountry({ acceptLanguage: "en" }).inferredFrom).toBe("default");
  });
});

describe("business settings", () => {
  it("serves the constants publicly", async () => {
    const settings = await api.client.call(commons.getBusinessSettings, {});
    expect(settings.aiCreditTiers.beginner).toEqual({ tiers: [1000, 2000, 3500, 7000, 10000], default: 1000 });
    expect(settings.aiCreditTiers.professional.default).toBe(5000);
    expect(settings.fees).toMatchObject({ fulfillmentPerOrderCents: 150, fulfillmentPerOrderProfessionalCents: 115, smsPerTextCents: 2, mmsPerMessageCents: 4, storefrontPaymentProcessingPercent: 5 });
    expect(settings.plans).toContainEqual({ type: "TIER_1", name: "Free", upgradeTarget: "TIER_2", teamSeats: 0 });
    expect(settings.plans).toContainEqual({ type: "TIER_3", name: "Professional", upgradeTarget: null, teamSeats: 5 });
    expect(settings.promotionCodes).toEqual({ discount: "PRODUCTS10", design: "DESIGN50" });
    expect(settings.rewards.signupAmountsUsd).toEqual([75, 100, 50, 25]);
    expect(settings.cardImageSizes).toEqual({ compact: 160, large: 480, grande: 600, full: 1024 });
    expect(settings.paging).toMatchObject({ chatMessages: 10, productListings: 100, forYouSupplierSearch: 50, paymentMethods: 10 });
  });

  it("takes no query", async () => {
    const res = await api.raw("GET", "/commons/business-settings?plan=TIER_3");
    expect(res.status).toBe(400);
  });
});

describe("usage event report", () => {
  const event = (overrides: Record<string, unknown> = {}) => ({
    eventName: "commonView",
    commonType: "page",
    commonContent: "/homebase",
    sourceClient: "desktop_web" as const,
    anonymousUserId: `anon-${crypto.randomUUID()}`,
    ...overrides,
  });

  async function rowsFor(anonymousUserId: string) {
    const { rows } = await api.deps.pool.query("SELECT event_name, common_type, common_content, source_client, user_id, user_type FROM usage_events WHERE anonymous_user_id = $1", [anonymousUserId]);
    return rows;
  }

  it("records an anonymous event with 202", async () => {
    const body = event({ commonContent: "  /homebase  ", userId: "visitor-1", userType: "STORE" });
    const res = await api.raw("POST", "/commons/event-analyses/report", { body });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recorded: true });
    expect(await rowsFor(body.anonymousUserId)).toEqual([{ event_name: "commonView", common_type: "page", common_content: "/homebase", source_client: "desktop_web", user_id: "visitor-1", user_type: "store" }]);
  });

  it("files a signed-in caller's event under the token's user, even a preview account's", async () => {
    const user = await registerUser(api);
    const { token } = await makePreview(api, user);
    const body = event({ userId: "someone-else", sourceClient: "mobile_web" });
    await expect(as(api, token, commons.reportUsageEvent, { body })).resolves.toEqual({ recorded: true });
    expect(await rowsFor(body.anonymousUserId)).toMatchObject([{ user_id: user.user.id, user_type: "store", source_client: "mobile_web" }]);
  });

  it("skips blank or missing content without an error", async () => {
    for (const commonContent of ["   ", "", null, undefined]) {
      const body = event({ commonContent });
      const res = await api.raw("POST", "/commons/event-analyses/report", { body });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ recorded: false });
      expect(await rowsFor(body.anonymousUserId)).toEqual([]);
    }
  });

  it("refuses NUL in the content with 400 naming the field, and stores nothing", async () => {
    // Postgres text cannot hold NUL; the request layer refuses it before it reaches storage.
    const body = event({ commonContent: "bad\u0000content" });
    const res = await api.raw("POST", "/commons/event-analyses/report", { body });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("body.commonContent");
    expect(await rowsFor(body.anonymousUserId)).toEqual([]);
  });

  it("never throws when the database is down, and logs why", async () => {
    const warnings: unknown[] = [];
    const failingPool = { query: () => Promise.reject(new Error("connection refused")) } as unknown as pg.Pool;
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
    const result = await reportClientUsageEvent({ pool: failingPool, log, auth: null }, event());
    expect(result).toEqual({ recorded: false });
    expect(warnings).toHaveLength(1);
  });

  it("names the field of a bad body with 400", async () => {
    const cases: [unknown, string][] = [
      [event({ sourceClient: "server" }), "body.sourceClient"],
      [event({ sourceClient: "ios" }), "body.sourceClient"],
      [event({ eventName: "" }), "body.eventName"],
      [event({ eventName: "has spaces" }), "body.eventName"],
      [event({ anonymousUserId: undefined }), "body.anonymousUserId"],
      [event({ commonContent: "x".repeat(10_001) }), "body.commonContent"],
      [event({ extra: 1 }), "body.extra"],
    ];
    for (const [body, field] of cases) {
      const res = await api.raw("POST", "/commons/event-analyses/report", { body });
      expect(res.status, field).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it("treats an expired or forged token as anonymous", async () => {
    const body = event({ userId: "visitor-2" });
    const client = createApiClient({ baseUrl: api.url });
    await expect(client.call(commons.reportUsageEvent, { body }, { token: "abc.def.ghi" })).resolves.toEqual({ recorded: true });
    expect(await rowsFor(body.anonymousUserId)).toMatchObject([{ user_id: "visitor-2", user_type: null }]);
  });
});

describe("infer-country over HTTP", () => {
  it("reads the Accept-Language header's region", async () => {
    const res = await api.raw("GET", "/commons/util/infer-country", { headers: { "accept-language": "it-IT,it;q=0.9,en;q=0.5" } });
    expect(res.body).toEqual({ code: "IT", name: "Italy", region: "EU", inferredFrom: "accept-language" });
  });
});
