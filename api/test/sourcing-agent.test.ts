import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourcingAgent as c } from "@atelier/contracts";
import { INTERNAL_NOTIFY_ADDRESSES } from "../src/providers/outbox";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createSupplier } from "../../test/factories/suppliers";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const uid = () => crypto.randomUUID().slice(0, 8);
/** A made-up word no other supplier has, so a test's own supplier is the nearest match. */
const uniqueWord = () => `zq${crypto.randomBytes(5).toString("hex").replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]!)}`;

type SupplierInput = {
  name?: string;
  capabilities: string[];
  countryCode?: string;
  region?: string;
  moq?: number | null;
  samplePriceCents?: number | null;
  productionDaysMax?: number;
  expanded?: boolean;
  contactEmail?: string | null;
  website?: string | null;
};

/** Inserts a supplier with its embedding the way the catalogue stores them (name, capabilities, description). */
function insertSupplier(s: SupplierInput): Promise<string> {
  return createSupplier(api, {
    countryCode: "VN",
    moq: 300,
    samplePriceCents: 2500,
    contactEmail: `sales-${uid()}@factory.example`,
    website: `https://factory-${uid()}.example`,
    phoneNumber: "+84 28 5555 0101",
    ...s,
    description: `Makes ${s.capabilities.join(" and ")}.`,
    embedding: "text",
  });
}

async function previewToken(user: TestUser): Promise<string> {
  return (await api.deps.tokens.sign({ userId: user.user.id, storeId: user.store.id, role: "OWNER", isPreview: true }, "v1")).token;
}

/** A CX member of the user's store (CX may not use sourcing). */
async function cxToken(owner: TestUser): Promise<string> {
  const member = await registerUser(api);
  await api.deps.pool.query("INSERT INTO store_members (store_id, user_id, role) VALUES ($1, $2, 'CX')", [owner.store.id, member.user.id]);
  return (await api.deps.tokens.sign({ userId: member.user.id, storeId: owner.store.id, role: "CX", isPreview: false }, "v1")).token;
}

async function outbox(storeId: string, kind?: string) {
  const { rows } = await api.deps.pool.query(
    "SELECT to_address, subject, body, kind, payload FROM outbox_messages WHERE store_id = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY created_at",
    [storeId, kind ?? null],
  );
  return rows as { to_address: string; subject: string; body: string; kind: string; payload: Record<string, unknown> }[];
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const fullGoal = () => ({
  productDescription: "Heavyweight organic cotton t-shirt with a screen printed logo",
  quantity: 500,
  targetUnitPrice: 6.5,
  targetDate: future(90),
  destinationCountryCode: "us",
  materials: ["100% organic cotton, 220 gsm"],
  packagingNeeds: "Individually polybagged, folded",
  printDetails: "One colour front print",
  attachments: ["https://example.com/sketch.png"],
});

describe("sourcing agent goals", () => {
  it("creates, reads, updates field by field, validates and deletes a goal by conversationSid", async () => {
    const user = await registerUser(api);
    const sid = `thread-${uid()}`;
    const created = await as(api, user.token, c.createSourcingAgentGoal, { body: { conversationSid: sid, goal: { productDescription: "Organic cotton tote bag with pocket", quantity: 200 } } });
    expect(created).toMatchObject({ conversationSid: sid, agentType: "default", eventItemType: "design-source", goal: { quantity: 200, materials: [] } });
    expect(created.validation.valid).toBe(false);
    expect(created.validation.missing).toEqual(["targetUnitPrice", "targetDate", "destinationCountryCode"]);

    const updated = await as(api, user.token, c.updateSourcingAgentGoal, { body: { conversationSid: sid, goal: { targetUnitPrice: 4, targetDate: future(60), destinationCountryCode: "us", quantity: null } } });
    expect(updated.goal).toMatchObject({ productDescription: "Organic cotton tote bag with pocket", quantity: null, targetUnitPrice: 4, destinationCountryCode: "US" });
    expect(updated.validation.missing).toEqual(["quantity"]);

    const read = await as(api, user.token, c.getSourcingAgentGoal, { query: { conversationSid: sid } });
    expect(read.goal).toEqual(updated.goal);

    const switched = await as(api, user.token, c.updateSourcingAgentGoal, { body: { conversationSid: sid, agentType: "tariff", goal: {} } });
    expect(switched).toMatchObject({ agentType: "tariff", eventItemType: "tariff-rate" });

    await expect(as(api, user.token, c.deleteSourcingAgentGoal, { query: { conversationSid: sid } })).resolves.toEqual({ conversationSid: sid, deleted: true });
    await expect(as(api, user.token, c.getSourcingAgentGoal, { query: { conversationSid: sid } })).rejects.toMatchObject({ status: 404 });
  });

  it("answers 409 for a second goal on the same conversation and 404 when updating or deleting one that does not exist", async () => {
    const user = await registerUser(api);
    const sid = `thread-${uid()}`;
    await as(api, user.token, c.createSourcingAgentGoal, { body: { conversationSid: sid } });
    await expect(as(api, user.token, c.createSourcingAgentGoal, { body: { conversationSid: sid } })).rejects.toMatchObject({ status: 409, code: "CONFLICT" });
    await expect(as(api, user.token, c.updateSourcingAgentGoal, { body: { conversationSid: `none-${uid()}`, goal: { quantity: 1 } } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, user.token, c.deleteSourcingAgentGoal, { query: { conversationSid: `none-${uid()}` } })).rejects.toMatchObject({ status: 404 });
  });

  it("keeps goals per store: another store cannot read, change or delete them, and its own goal on the same id is separate", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    const sid = `thread-${uid()}`;
    await as(api, a.token, c.createSourcingAgentGoal, { body: { conversationSid: sid, goal: { quantity: 100 } } });
    await expect(as(api, b.token, c.getSourcingAgentGoal, { query: { conversationSid: sid } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, b.token, c.updateSourcingAgentGoal, { body: { conversationSid: sid, goal: { quantity: 1 } } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, b.token, c.deleteSourcingAgentGoal, { query: { conversationSid: sid } })).rejects.toMatchObject({ status: 404 });
    const own = await as(api, b.token, c.createSourcingAgentGoal, { body: { conversationSid: sid, goal: { quantity: 7 } } });
    expect(own.goal.quantity).toBe(7);
    const stillA = await as(api, a.token, c.getSourcingAgentGoal, { query: { conversationSid: sid } });
    expect(stillA.goal.quantity).toBe(100);
  });

  it("names bad fields with 400, refuses unknown keys, and needs a token", async () => {
    const user = await registerUser(api);
    const res = await api.raw("POST", "/web/sourcing-agent-goals", {
      token: user.token,
      body: { conversationSid: "bad sid!", agentType: "robot", goal: { quantity: -5, targetDate: "2025-02-30", attachments: ["mailto:x@y.z"], extra: 1 } },
    });
    expect(res.status).toBe(400);
    const fields = res.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(["body.conversationSid", "body.agentType", "body.goal.quantity", "body.goal.targetDate", "body.goal.attachments.0", "body.goal.extra"]));
    const noSid = await api.raw("GET", "/web/sourcing-agent-goals", { token: user.token });
    expect(noSid.status).toBe(400);
    expect(noSid.body.details[0].field).toBe("query.conversationSid");
    expect((await api.raw("GET", "/web/sourcing-agent-goals?conversationSid=x")).status).toBe(401);
  });

  it("blocks preview accounts from saving goals but lets them validate; CX members cannot save", async () => {
    const user = await registerUser(api);
    const preview = await previewToken(user);
    await expect(as(api, preview, c.createSourcingAgentGoal, { body: { conversationSid: `t-${uid()}` } })).rejects.toMatchObject({ status: 403, code: "PREVIEW_MODE" });
    await expect(as(api, preview, c.validateSourcingAgentGoal, { body: { agentGoal: fullGoal() } })).resolves.toMatchObject({ valid: true });
    const cx = await cxToken(user);
    await expect(as(api, cx, c.createSourcingAgentGoal, { body: { conversationSid: `t-${uid()}` } })).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
  });
});

describe("goal validation", () => {
  it("accepts a goal a factory can quote from and lists what is missing otherwise", async () => {
    const user = await registerUser(api);
    const ok = await as(api, user.token, c.validateSourcingAgentGoal, { body: { agentGoal: fullGoal() } });
    expect(ok).toMatchObject({ valid: true, missing: [], problems: [], completeness: 1 });

    const empty = await as(api, user.token, c.validateSourcingAgentGoal, { body: { agentGoal: {} } });
    expect(empty.valid).toBe(false);
    expect(empty.missing).toEqual(["productDescription", "quantity", "targetUnitPrice", "targetDate", "destinationCountryCode"]);
    expect(empty.questions.map((q) => q.field)).toEqual(empty.missing);
    expect(empty.completeness).toBe(0);
    expect(empty.suggestions.some((s) => /inside and outside|both inside/i.test(s))).toBe(true);

    const budgetInstead = await as(api, user.token, c.validateSourcingAgentGoal, { body: { agentGoal: { ...fullGoal(), targetUnitPrice: undefined, budget: 4000 } } });
    expect(budgetInstead.valid).toBe(true);
  });

  it("flags unusable values: a past or too-near date, a vague description, a budget below quantity × price, an unknown country", async () => {
    const user = await registerUser(api);
    const r = await as(api, user.token, c.validateSourcingAgentGoal, {
      body: { agentGoal: { ...fullGoal(), productDescription: "shirts", targetDate: "2020-01-01", budget: 100, destinationCountryCode: "ZZ" } },
    });
    expect(r.valid).toBe(false);
    expect(r.missing).toEqual([]);
    expect(r.problems.map((p) => p.field).sort()).toEqual(["budget", "destinationCountryCode", "productDescription", "targetDate"]);
    const soon = await as(api, user.token, c.validateSourcingAgentGoal, { body: { agentGoal: { ...fullGoal(), targetDate: future(3) } } });
    expect(soon.problems).toEqual([{ field: "targetDate", reason: expect.stringMatching(/at least 14 days/) }]);
  });

  it("asks each variant for what it needs: origin and price for tariffs, packaging for packaging", async () => {
    const user = await registerUser(api);
    const tariff = await as(api, user.token, c.validateSourcingAgentGoal, { body: { agentType: "tariff", agentGoal: { productDescription: "ceramic coffee mugs, 12 oz" } } });
    expect(tariff.missing).toEqual(["originCountryCode", "destinationCountryCode", "targetUnitPrice", "quantity"]);
    const packaging = await as(api, user.token, c.validateSourcingAgentGoal, { body: { agentType: "packaging", agentGoal: { ...fullGoal(), packagingNeeds: undefined } } });
    expect(packaging.missing).toEqual(["packagingNeeds"]);
  });
});

const techPackBody = () => ({
  productName: "Organic heavyweight tee",
  category: "Apparel / T-shirts",
  description: "Boxy fit t-shirt, ribbed collar",
  materials: ["organic cotton 220gsm"],
  colors: "Navy|#1f2a44|main; Sand|#D8C8A8|",
  sizes: ["S", "M", "L"],
  quantities: [
    { size: "S", quantity: 100 },
    { size: "M", quantity: 200 },
    { size: "L", quantity: 100 },
  ],
  packaging: "Polybag with size sticker",
  printDetails: "Screen print, 1 colour, front",
  targetUnitPrice: 6.5,
  targetDate: future(90),
  attachments: ["https://example.com/techpack.pdf"],
});

describe("tech packs", () => {
  it("takes files uploaded through /upload as attachments, and refuses other relative paths", async () => {
    const user = await registerUser(api);
    const upload = "/rest/main/upload/files/8a3c2a54-2f7e-4a39-9d6f-0d1a0b3f2c11/sketch.png";
    const pack = await as(api, user.token, c.createTechPack, { body: { ...techPackBody(), attachments: [upload, "https://example.com/techpack.pdf"] } });
    expect(pack.attachments).toEqual([upload, "https://example.com/techpack.pdf"]);
    const err = await as(api, user.token, c.createTechPack, { body: { ...techPackBody(), attachments: ["/etc/passwd"] } }).catch((e: { status: number; details: { field: string }[] }) => e);
    expect(err).toMatchObject({ status: 400 });
    expect((err as { details: { field: string }[] }).details.map((d) => d.field)).toContain("body.attachments.0");
  });

  it("creates a tech pack and keeps every version on update", async () => {
    const user = await registerUser(api);
    const created = await as(api, user.token, c.createTechPack, { body: techPackBody() });
    expect(created).toMatchObject({ version: 1, latestVersion: 1, totalQuantity: 400, colorList: [{ name: "Navy", hex: "#1F2A44", variant: "main" }, { name: "Sand", hex: "#D8C8A8", variant: "" }] });
    const v2 = await as(api, user.token, c.updateTechPack, { params: { id: created.id }, body: { targetUnitPrice: 5.9, packaging: null } });
    expect(v2).toMatchObject({ version: 2, targetUnitPrice: 5.9, packaging: null, productName: "Organic heavyweight tee", sizes: ["S", "M", "L"] });
    const v3 = await as(api, user.token, c.updateTechPack, { params: { id: created.id }, body: { productName: "Organic tee v3" } });
    expect(v3.version).toBe(3);

    const versions = await as(api, user.token, c.listTechPackHistory, { query: { techPackId: created.id } });
    expect(versions.total).toBe(3);
    expect(versions.list.map((v) => [v.version, v.productName, v.targetUnitPrice, v.packaging])).toEqual([
      [3, "Organic tee v3", 5.9, null],
      [2, "Organic heavyweight tee", 5.9, null],
      [1, "Organic heavyweight tee", 6.5, "Polybag with size sticker"],
    ]);
    expect(versions.list.every((v) => v.latestVersion === 3)).toBe(true);

    const packs = await as(api, user.token, c.listTechPackHistory, { query: { size: 10 } });
    expect(packs.list.map((p) => [p.id, p.version])).toEqual([[created.id, 3]]);
    const searched = await as(api, user.token, c.listTechPackHistory, { query: { search: "nothing like it" } });
    expect(searched.total).toBe(0);
    await expect(as(api, user.token, c.getTechPack, { params: { id: created.id } })).resolves.toMatchObject({ version: 3, productName: "Organic tee v3" });
  });

  it("validates colours, quantities and the rest with the field named", async () => {
    const user = await registerUser(api);
    const res = await api.raw("POST", "/web/ai-sourcing-agents-tech-pack", {
      token: user.token,
      body: { ...techPackBody(), colors: "Navy|blue|main;|#FFF", quantities: [{ quantity: 0 }], targetDate: "soon" },
    });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.details.map((d: { field: string; reason: string }) => [d.field, d.reason]));
    expect(byField["body.colors"]).toMatch(/not a hex colour|no colour name/);
    expect(byField["body.quantities.0.quantity"]).toBeDefined();
    expect(byField["body.targetDate"]).toBeDefined();
    const noName = await api.raw("POST", "/web/ai-sourcing-agents-tech-pack", { token: user.token, body: { category: "x" } });
    expect(noName.body.details[0].field).toBe("body.productName");
    const emptyUpdate = await api.raw("PUT", `/web/ai-sourcing-agents-tech-pack/${crypto.randomUUID()}`, { token: user.token, body: {} });
    expect(emptyUpdate.status).toBe(400);
    const badId = await api.raw("PUT", "/web/ai-sourcing-agents-tech-pack/not-a-uuid", { token: user.token, body: { productName: "x" } });
    expect(badId.body.details[0].field).toBe("params.id");
  });

  it("hides one store's tech packs from another (404 on read, update, history and send)", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    const pack = await as(api, a.token, c.createTechPack, { body: techPackBody() });
    await expect(as(api, b.token, c.getTechPack, { params: { id: pack.id } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, b.token, c.updateTechPack, { params: { id: pack.id }, body: { productName: "mine now" } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, b.token, c.listTechPackHistory, { query: { techPackId: pack.id } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, b.token, c.matchFactories, { body: { techPackId: pack.id } })).rejects.toMatchObject({ status: 404 });
    const supplier = await insertSupplier({ capabilities: ["cut and sew"] });
    await expect(as(api, b.token, c.sendMessagesInNetwork, { body: { techPackId: pack.id, companyIds: [supplier] } })).rejects.toMatchObject({ status: 404 });
    expect((await as(api, b.token, c.listTechPackHistory, { query: {} })).total).toBe(0);
    await expect(as(api, a.token, c.getTechPack, { params: { id: pack.id } })).resolves.toMatchObject({ version: 1 });
  });

  it("blocks preview accounts and CX members from writing tech packs", async () => {
    const user = await registerUser(api);
    await expect(as(api, await previewToken(user), c.createTechPack, { body: techPackBody() })).rejects.toMatchObject({ status: 403, code: "PREVIEW_MODE" });
    await expect(as(api, await cxToken(user), c.createTechPack, { body: techPackBody() })).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect((await api.raw("POST", "/web/ai-sourcing-agents-tech-pack", { body: techPackBody() })).status).toBe(401);
  });
});

describe("matching factories", () => {
  it("ranks the supplier whose capabilities match first, in and outside the network", async () => {
    const user = await registerUser(api);
    const word = uniqueWord();
    const match = await insertSupplier({ capabilities: [`${word} organic cotton tees`, "screen printing", "cut and sew"] });
    const decoy = await insertSupplier({ capabilities: ["ceramic mugs", "glazing", "kiln firing"] });
    const expanded = await insertSupplier({ capabilities: [`${word} organic cotton tees`, "embroidery"], expanded: true });
    const r = await as(api, user.token, c.matchFactories, { body: { query: `${word} organic cotton tees with screen printing`, limit: 5 } });
    expect(r.inNetworkIds[0]).toBe(match);
    expect(r.inNetworkIds).not.toContain(expanded);
    expect(r.inNetwork[0]!.similarity).toBeGreaterThan(0.5);
    expect(r.expandedIds[0]).toBe(expanded);
    expect(r.expandedNetwork[0]).toMatchObject({ id: expanded, website: expect.stringContaining("https://"), contactEmail: expect.stringContaining("@") });
    expect(r.inNetworkIds.indexOf(decoy)).not.toBe(0);
  });

  it("matches from a tech pack's text", async () => {
    const user = await registerUser(api);
    const word = uniqueWord();
    const match = await insertSupplier({ capabilities: [`${word} ceramic mugs`, "glazing"] });
    const pack = await as(api, user.token, c.createTechPack, { body: { productName: `${word} ceramic mug`, materials: ["stoneware"], description: "12 oz glazed mug" } });
    const r = await as(api, user.token, c.matchFactories, { body: { techPackId: pack.id } });
    expect(r.queryText).toContain(word);
    // The HNSW index is approximate and the run's database holds every test's suppliers (many of
    // them mug makers): the match is asked near the top, not first. Its margin over the decoys is
    // wide (offline embedder, 20,000 random words: ≥ 0.075 cosine), so a miss here is the index's recall.
    expect(r.inNetworkIds.slice(0, 3)).toContain(match);
  });

  it("honours each filter: country, region, MOQ, sample price and production time", async () => {
    const user = await registerUser(api);
    const word = uniqueWord();
    const target = await insertSupplier({ capabilities: [`${word} leather wallets`], countryCode: "VN", region: "AS", moq: 300, samplePriceCents: 2500, productionDaysMax: 30 });
    const query = `${word} leather wallets`;
    const run = (filters: object) => as(api, user.token, c.matchFactories, { body: { query, filters, limit: 50 } });
    const rows = (await api.deps.pool.query("SELECT id, country_code, region, moq, sample_price_min_cents, production_days_max FROM suppliers")).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));

    expect((await run({ countryCodes: ["vn"] })).inNetworkIds[0]).toBe(target);
    const cn = await run({ countryCodes: ["CN"] });
    expect(cn.inNetworkIds).not.toContain(target);
    expect(cn.inNetworkIds.every((id) => byId.get(id)?.country_code === "CN")).toBe(true);

    expect((await run({ regions: ["AS"] })).inNetworkIds[0]).toBe(target);
    const eu = await run({ regions: ["EU"] });
    expect(eu.inNetworkIds).not.toContain(target);
    expect(eu.inNetworkIds.every((id) => byId.get(id)?.region === "EU")).toBe(true);

    expect((await run({ moqMax: 300 })).inNetworkIds[0]).toBe(target);
    const lowMoq = await run({ moqMax: 299 });
    expect(lowMoq.inNetworkIds).not.toContain(target);
    expect(lowMoq.inNetwork.every((s) => s.moq !== null && s.moq <= 299)).toBe(true);

    expect((await run({ samplePriceMax: 25 })).inNetworkIds[0]).toBe(target);
    const cheap = await run({ samplePriceMax: 24.99 });
    expect(cheap.inNetworkIds).not.toContain(target);
    expect(cheap.inNetwork.every((s) => s.samplePriceMin !== null && s.samplePriceMin <= 24.99)).toBe(true);

    expect((await run({ productionDaysMax: 30 })).inNetworkIds[0]).toBe(target);
    const fast = await run({ productionDaysMax: 29 });
    expect(fast.inNetworkIds).not.toContain(target);
    expect(fast.inNetwork.every((s) => s.productionDaysMax <= 29)).toBe(true);
  });

  it("needs a tech pack or a query, and checks the filters", async () => {
    const user = await registerUser(api);
    const none = await api.raw("POST", "/web/ai-sourcing-agents/-/match-factories", { token: user.token, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.details[0].field).toBe("body.query");
    const bad = await api.raw("POST", "/web/ai-sourcing-agents/-/match-factories", { token: user.token, body: { query: "tees", filters: { regions: ["MARS"], moqMax: -1 }, limit: 500 } });
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(["body.filters.regions.0", "body.filters.moqMax", "body.limit"]));
    await expect(as(api, user.token, c.matchFactories, { body: { techPackId: crypto.randomUUID() } })).rejects.toMatchObject({ status: 404 });
  });

  it("pages through expanded-network records with search and filters", async () => {
    const user = await registerUser(api);
    const word = uniqueWord();
    const name = `${word} Knitwear Collective`;
    const id = await insertSupplier({ name, capabilities: ["knitting"], expanded: true, countryCode: "IT", region: "EU" });
    await insertSupplier({ name: `${word} In Network`, capabilities: ["knitting"] });
    const found = await as(api, user.token, c.listExpandedNetworkRecords, { query: { search: word } });
    expect(found.list.map((r) => r.id)).toEqual([id]);
    expect(found.list[0]).toMatchObject({ name, countryCode: "IT", similarity: null });
    expect((await as(api, user.token, c.listExpandedNetworkRecords, { query: { search: word, countryCode: "CN" } })).total).toBe(0);
    expect((await as(api, user.token, c.listExpandedNetworkRecords, { query: { search: word, region: "EU" } })).total).toBe(1);
    const page = await as(api, user.token, c.listExpandedNetworkRecords, { query: { size: 2, page: 0 } });
    expect(page.list.length).toBeLessThanOrEqual(2);
    expect((await api.raw("GET", "/web/ai-sourcing-agents/-/expanded-network-records?size=0", { token: user.token })).status).toBe(400);
  });
});

describe("contacting factories", () => {
  it("records in-network outreach once per tech pack version, and again for a new version", async () => {
    const user = await registerUser(api);
    const supplier = await insertSupplier({ capabilities: ["cut and sew"] });
    const pack = await as(api, user.token, c.createTechPack, { body: techPackBody() });
    const first = await as(api, user.token, c.sendMessagesInNetwork, { body: { techPackId: pack.id, companyIds: [supplier, supplier] } });
    expect(first.sent).toHaveLength(1);
    expect(first.sent[0]).toMatchObject({ supplierId: supplier, network: "IN_NETWORK", status: "SENT", techPackVersion: 1, subject: "Request for quote: Organic heavyweight tee (400 units)" });
    expect(first.sent[0]!.message).toContain("Navy #1F2A44 (main)");
    expect(first.sent[0]!.message).toContain("Test store");
    const again = await as(api, user.token, c.sendMessagesInNetwork, { body: { techPackId: pack.id, companyIds: [supplier] } });
    expect(again.sent).toEqual([]);
    expect(again.alreadySent.map((o) => o.id)).toEqual([first.sent[0]!.id]);
    await as(api, user.token, c.updateTechPack, { params: { id: pack.id }, body: { targetUnitPrice: 5 } });
    const v2 = await as(api, user.token, c.sendMessagesInNetwork, { body: { techPackId: pack.id, companyIds: [supplier] } });
    expect(v2.sent).toHaveLength(1);
    expect(v2.techPackVersion).toBe(2);
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n FROM sourcing_outreach WHERE store_id = $1", [user.store.id]);
    expect(rows[0].n).toBe(2);
    expect(await outbox(user.store.id)).toEqual([]);
  });

  it("replays the first answer for a repeated Idempotency-Key", async () => {
    const user = await registerUser(api);
    const supplier = await insertSupplier({ capabilities: ["embroidery"], expanded: true });
    const pack = await as(api, user.token, c.createTechPack, { body: techPackBody() });
    const key = `key-${uid()}`;
    const one = await as(api, user.token, c.sendMessagesExpandedNetwork, { body: { techPackId: pack.id, companyIds: [supplier] } }, key);
    const two = await as(api, user.token, c.sendMessagesExpandedNetwork, { body: { techPackId: pack.id, companyIds: [supplier] } }, key);
    expect(two).toEqual(one);
    expect(two.sent).toHaveLength(1);
    expect(await outbox(user.store.id, "sourcing.rfq.expanded-network")).toHaveLength(1);
  });

  it("emails expanded-network suppliers with the store owner as reply-to", async () => {
    const user = await registerUser(api);
    const email = `quotes-${uid()}@expanded.example`;
    const supplier = await insertSupplier({ capabilities: ["knitting"], expanded: true, contactEmail: email });
    const pack = await as(api, user.token, c.createTechPack, { body: techPackBody() });
    const r = await as(api, user.token, c.sendMessagesExpandedNetwork, { body: { techPackId: pack.id, companyIds: [supplier] } });
    expect(r.sent[0]).toMatchObject({ network: "EXPANDED_NETWORK", toEmail: email });
    const mail = await outbox(user.store.id, "sourcing.rfq.expanded-network");
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: email, subject: r.sent[0]!.subject, payload: { replyTo: user.email, techPackId: pack.id } });
    expect(mail[0]!.body).toContain("Screen print, 1 colour, front");
  });

  it("refuses suppliers of the other network, unknown suppliers and suppliers without email", async () => {
    const user = await registerUser(api);
    const inNet = await insertSupplier({ capabilities: ["sewing"] });
    const outNet = await insertSupplier({ capabilities: ["sewing"], expanded: true });
    const noEmail = await insertSupplier({ capabilities: ["sewing"], expanded: true, contactEmail: null });
    const pack = await as(api, user.token, c.createTechPack, { body: techPackBody() });
    const wrongIn = await api.raw("POST", "/web/ai-sourcing-agents/-/send-messages-in-network", { token: user.token, body: { techPackId: pack.id, companyIds: [inNet, outNet] } });
    expect(wrongIn.status).toBe(400);
    expect(wrongIn.body.details[0].field).toBe("body.companyIds.1");
    const wrongOut = await api.raw("POST", "/web/ai-sourcing-agents/-/send-messages-expanded-network", { token: user.token, body: { techPackId: pack.id, companyIds: [inNet] } });
    expect(wrongOut.body.details[0].field).toBe("body.companyIds.0");
    const missingEmail = await api.raw("POST", "/web/ai-sourcing-agents/-/send-messages-expanded-network", { token: user.token, body: { techPackId: pack.id, companyIds: [noEmail] } });
    expect(missingEmail.status).toBe(400);
    await expect(as(api, user.token, c.sendMessagesInNetwork, { body: { techPackId: pack.id, companyIds: [crypto.randomUUID()] } })).rejects.toMatchObject({ status: 404 });
    const empty = await api.raw("POST", "/web/ai-sourcing-agents/-/send-messages-in-network", { token: user.token, body: { techPackId: pack.id, companyIds: [] } });
    expect(empty.body.details[0].field).toBe("body.companyIds");
    // Nothing was half-sent by the refused calls.
    expect((await api.deps.pool.query("SELECT count(*)::int AS n FROM sourcing_outreach WHERE store_id = $1", [user.store.id])).rows[0].n).toBe(0);
  });

  it("blocks preview accounts and CX members from contacting factories", async () => {
    const user = await registerUser(api);
    const supplier = await insertSupplier({ capabilities: ["sewing"] });
    const pack = await as(api, user.token, c.createTechPack, { body: techPackBody() });
    const body = { techPackId: pack.id, companyIds: [supplier] };
    await expect(as(api, await previewToken(user), c.sendMessagesInNetwork, { body })).rejects.toMatchObject({ status: 403, code: "PREVIEW_MODE" });
    await expect(as(api, await cxToken(user), c.sendMessagesInNetwork, { body })).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    await expect(as(api, await previewToken(user), c.sendFactoriesContactInfo, { body: { userEmail: user.email, companyIds: [supplier] } })).rejects.toMatchObject({ status: 403 });
  });

  it("emails the user the chosen factories' contact details", async () => {
    const user = await registerUser(api);
    const email = `hello-${uid()}@factory.example`;
    const a = await insertSupplier({ name: `Contact Co ${uid()}`, capabilities: ["sewing"], contactEmail: email, countryCode: "IT", region: "EU" });
    const b = await insertSupplier({ capabilities: ["knitting"], expanded: true, moq: null });
    const r = await as(api, user.token, c.sendFactoriesContactInfo, { body: { userEmail: "Me@Example.com", companyIds: [a, b] } });
    expect(r).toMatchObject({ to: "me@example.com", factoryCount: 2 });
    const [mail] = await outbox(user.store.id, "sourcing.factories-contact-info");
    expect(mail).toMatchObject({ to_address: "me@example.com" });
    expect(mail!.body).toContain(email);
    expect(mail!.body).toContain("Italy");
    expect(mail!.body).toContain("MOQ: custom quote");
    const bad = await api.raw("POST", "/web/ai-sourcing-agents/-/send-factories-contact-info", { token: user.token, body: { userEmail: "nope", companyIds: [a] } });
    expect(bad.body.details[0].field).toBe("body.userEmail");
    await expect(as(api, user.token, c.sendFactoriesContactInfo, { body: { userEmail: user.email, companyIds: [crypto.randomUUID()] } })).rejects.toMatchObject({ status: 404 });
  });

  it("sends emails from the owner's own address to suppliers they list, once per supplier", async () => {
    const user = await registerUser(api);
    const pack = await as(api, user.token, c.createTechPack, { body: techPackBody() });
    const body = {
      uploadSuppliers: [
        { name: "Mill One", email: "one@mill.example" },
        { name: "Mill Two", email: "TWO@mill.example" },
      ],
      emailSubject: "Quote request: organic tees",
      emailBody: "Hi, could you quote the attached tech pack?",
      techPackId: pack.id,
    };
    const r = await as(api, user.token, c.sendEmailsByOwnEmail, { body });
    expect(r.replyTo).toBe(user.email);
    expect(r.sent.map((o) => o.toEmail)).toEqual(["one@mill.example", "two@mill.example"]);
    const mails = await outbox(user.store.id, "sourcing.own-email");
    expect(mails.map((m) => [m.to_address, m.subject, m.payload.replyTo])).toEqual([
      ["one@mill.example", body.emailSubject, user.email],
      ["two@mill.example", body.emailSubject, user.email],
    ]);
    expect(mails[0]!.body).toMatch(/^Hi, could you quote the attached tech pack\?[\s\S]*Organic heavyweight tee/);
    const again = await as(api, user.token, c.sendEmailsByOwnEmail, { body });
    expect(again.sent).toEqual([]);
    expect(again.alreadySent).toHaveLength(2);
    const other = await registerUser(api);
    await expect(as(api, other.token, c.sendEmailsByOwnEmail, { body })).rejects.toMatchObject({ status: 404 });
    const bad = await api.raw("POST", "/web/ai-sourcing-agents/-/send-emails-by-own-email", { token: user.token, body: { ...body, uploadSuppliers: [{ name: "", email: "x" }] } });
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(["body.uploadSuppliers.0.name", "body.uploadSuppliers.0.email"]));
  });
});

describe("analyze supplier info", () => {
  it("extracts name, capabilities, MOQ, country and contacts from the page text", async () => {
    const user = await registerUser(api);
    const page = `<html><head><title>Saigon Knit Works | Custom knitwear</title></head><body>
      <h1>Saigon Knit Works</h1><p>Family factory based in Vietnam since 1998. We offer knitting, garment dyeing, embroidery and screen printing for private label brands.</p>
      <p>MOQ: 1,200 pieces per style.</p><p>Contact: sales@saigonknit.example, +84 28 3822 1234</p></body></html>`;
    const r = await as(api, user.token, c.analyzeSuppliersInfo, { body: { supplierUrl: "https://www.saigonknit.example/about", pageText: page } });
    expect(r).toMatchObject({ name: "Saigon Knit Works", website: "saigonknit.example", moq: 1200, countryCode: "VN", emails: ["sales@saigonknit.example"], knownSupplierId: null });
    expect(r.capabilities).toEqual(expect.arrayContaining(["knitting", "garment dyeing", "embroidery", "screen printing", "private label"]));
    expect(r.phoneNumbers).toEqual(["+84 28 3822 1234"]);
  });

  it("recognises a supplier we already list by its web domain", async () => {
    const user = await registerUser(api);
    const host = `known-${uid()}.example`;
    const id = await insertSupplier({ capabilities: ["sewing"], website: `https://www.${host}` });
    const r = await as(api, user.token, c.analyzeSuppliersInfo, { body: { supplierUrl: `https://${host}/contact`, pageText: "Known Factory\nMinimum order quantity of 2k units." } });
    expect(r).toMatchObject({ knownSupplierId: id, moq: 2000, name: "Known Factory" });
  });

  it("answers 502 asking for the page text when none is given, and 400 for a bad URL", async () => {
    const user = await registerUser(api);
    const res = await api.raw("POST", "/web/ai-sourcing-agents/-/analyze-suppliers-info", { token: user.token, body: { supplierUrl: "https://factory.example" } });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: "BAD_GATEWAY", details: [{ field: "body.pageText" }] });
    expect(res.body.message).toMatch(/paste the text/i);
    const bad = await api.raw("POST", "/web/ai-sourcing-agents/-/analyze-suppliers-info", { token: user.token, body: { supplierUrl: "mailto:a@b.c" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("body.supplierUrl");
  });
});

describe("supplier invites and my suppliers", () => {
  it("stores an invite and notifies the internal addresses with the creator and the supplier", async () => {
    const user = await registerUser(api, { storeName: `Invite Shop ${uid()}` });
    const email = `owner-${uid()}@mill.example`;
    const invite = await as(api, user.token, c.createSupplierInvite, { body: { name: "Blue Mill", website: "https://bluemill.example", email, phoneNumber: "+1 415 555 0100" } });
    expect(invite).toMatchObject({ name: "Blue Mill", email });
    const mails = await outbox(user.store.id, "internal.supplier-invite");
    expect(mails.map((m) => m.to_address)).toEqual(INTERNAL_NOTIFY_ADDRESSES);
    expect(mails[0]!.body).toContain(user.store.title);
    expect(mails[0]!.body).toContain(user.store.id);
    expect(mails[0]!.body).toContain(email);
    expect(mails[0]!.body).toContain("+1 415 555 0100");
    expect(mails[0]!.payload).toMatchObject({ creatorTitle: user.store.title, creatorId: user.store.id, supplier: { name: "Blue Mill", website: "https://bluemill.example" } });
    await expect(as(api, user.token, c.createSupplierInvite, { body: { name: "Blue Mill again", website: "https://bluemill.example", email, phoneNumber: "+1 415 555 0100" } })).rejects.toMatchObject({ status: 409 });
    const bad = await api.raw("POST", "/web/supplier-invites", { token: user.token, body: { name: "X", website: "not a link", email: "x", phoneNumber: "12" } });
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(["body.website", "body.email", "body.phoneNumber"]));
    await expect(as(api, await previewToken(user), c.createSupplierInvite, { body: { name: "P", website: "https://p.example", email: "p@p.example", phoneNumber: "+1 415 555 0101" } })).rejects.toMatchObject({ status: 403 });
  });

  it("lists the suppliers the store invited, contacted or bought from, one row each, and only its own", async () => {
    const user = await registerUser(api);
    const other = await registerUser(api);
    const word = uniqueWord();
    const contacted = await insertSupplier({ name: `${word} Contacted`, capabilities: ["sewing"] });
    const bought = await insertSupplier({ name: `${word} Bought`, capabilities: ["sewing"] });
    const pack = await as(api, user.token, c.createTechPack, { body: techPackBody() });
    await as(api, user.token, c.sendMessagesInNetwork, { body: { techPackId: pack.id, companyIds: [contacted] } });
    await api.deps.pool.query(
      "INSERT INTO creator_order_items (store_id, supplier_id, kind, status, title, quantity, unit_price_cents) VALUES ($1, $2, 'SAMPLE', 'SHIPPED', 'Sample tee', 1, 2500), ($1, $3, 'SAMPLE', 'SHIPPED', 'Sample tee', 1, 2500)",
      [user.store.id, bought, contacted],
    );
    await as(api, user.token, c.createSupplierInvite, { body: { name: `${word} Invited`, website: "https://invited.example", email: `inv-${uid()}@x.example`, phoneNumber: "+1 415 555 0102" } });
    await as(api, user.token, c.sendEmailsByOwnEmail, { body: { uploadSuppliers: [{ name: `${word} Own`, email: `own-${uid()}@x.example` }], emailSubject: "Hi", emailBody: "Quote please", techPackId: pack.id } });

    const mine = await as(api, user.token, c.listMySuppliers, { query: {} });
    expect(mine.total).toBe(4);
    const byName = Object.fromEntries(mine.list.map((s) => [s.name, s]));
    expect(byName[`${word} Contacted`]).toMatchObject({ supplierId: contacted, relations: ["CONTACTED", "PURCHASED"], countryCode: "VN" });
    expect(byName[`${word} Bought`]).toMatchObject({ supplierId: bought, relations: ["PURCHASED"] });
    expect(byName[`${word} Invited`]).toMatchObject({ supplierId: null, relations: ["INVITED"], website: "https://invited.example", phoneNumber: "+1 415 555 0102" });
    expect(byName[`${word} Own`]).toMatchObject({ supplierId: null, relations: ["CONTACTED"] });

    const searched = await as(api, user.token, c.listMySuppliers, { query: { search: "invited" } });
    expect(searched.list.map((s) => s.name)).toEqual([`${word} Invited`]);
    const paged = await as(api, user.token, c.listMySuppliers, { query: { size: 3, page: 1 } });
    expect(paged).toMatchObject({ total: 4, page: 1, size: 3 });
    expect(paged.list).toHaveLength(1);
    expect((await as(api, other.token, c.listMySuppliers, { query: {} })).total).toBe(0);
    expect((await api.raw("GET", "/web/stores/me/suppliers")).status).toBe(401);
  });
});
