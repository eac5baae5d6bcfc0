import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { auth, inbox, stores, storeStats, supplierScorecards } from "@atelier/contracts";
import { DEMO_SUPPLIER_HISTORIES } from "../src/services/supplier-scorecards/seed-demo-history";
import { DEMO_SUPPLIER_PASSWORD, demoSupplierEmail } from "../src/services/inbox/seed-demo-inbox";
import { startEmbeddedPostgres, type EmbeddedServer } from "../src/db/embedded";
import { migrate } from "../src/db/migrate";
import { startApi } from "../src/server";
import { embedText, toVectorLiteral } from "../src/embeddings";
import { DEMO_ACCOUNTS, generateDemoData, seedDemoData, seedDemoDataIfEmpty, type SeedReport } from "../src/demo/seed";
import { CATALOG_BASE } from "../src/demo/generate-catalog";
import { CAPABILITIES, COUNTRIES, NAME_WORDS } from "../src/demo/words";
import { COMMERCE_BASE } from "../src/demo/generate-commerce";
import { createApiClient } from "@atelier/contracts";
import { testConfig } from "./harness";

const ANCHOR = new Date("2025-06-01T00:00:00Z");

describe("demo data generation (in memory)", () => {
  it("is deterministic: the same seed gives the same rows, another seed other rows", () => {
    const a = generateDemoData({ scale: 0.02, seed: 7, anchor: ANCHOR });
    const b = generateDemoData({ scale: 0.02, seed: 7, anchor: ANCHOR });
    const c = generateDemoData({ scale: 0.02, seed: 8, anchor: ANCHOR });
    expect(b).toEqual(a);
    expect(c.catalog.suppliers[0]!.id).not.toBe(a.catalog.suppliers[0]!.id);
    expect(c.commerce.demo.orders.map((o) => o.totalCents)).not.toEqual(a.commerce.demo.orders.map((o) => o.totalCents));
  });

  it("keeps each supplier to one group: its name, speciality and every item it sells agree", () => {
    const { catalog } = generateDemoData({ scale: 0.2, seed: 7, anchor: ANCHOR });
    const supplierById = new Map(catalog.suppliers.map((s) => [s.id, s]));
    for (const s of catalog.suppliers) {
      const groups = s.categoryKeys.filter((k) => k.split("/").length === 2);
      expect(groups, s.name).toHaveLength(1);
    }
    const strays = catalog.items.filter((i) => !supplierById.get(i.supplierId)!.categoryKeys.includes(i.groupKey));
    expect(strays.map((i) => `${i.title} by ${supplierById.get(i.supplierId)!.name}`)).toEqual([]);
    // Service providers (design studios, web agencies) sell services only, never physical products.
    for (const i of catalog.items) {
      const s = supplierById.get(i.supplierId)!;
      if (s.primaryVertical === "business-creative-services" || s.primaryVertical === "website-development") expect(i.type, i.title).toBe("SERVICES");
    }
  });

  it("names suppliers in their country's language and form, and lists what their goods allow", () => {
    const { catalog } = generateDemoData({ scale: 0.2, seed: 7, anchor: ANCHOR });
    const countries = new Map(COUNTRIES.map((c) => [c.code, c]));
    const groupTitle = new Map(catalog.categories.map((c) => [c.key, c.title]));
    const subgroups = new Map(catalog.categories.map((c) => [c.key, c]));
    for (const s of catalog.suppliers) {
      const country = countries.get(s.countryCode)!;
      // "Ege Pet Supply A.Ş." is Turkish: it is never in Morocco.
      expect(NAME_WORDS[country.style].some((w) => s.name.includes(w)), `${s.name} (${s.countryCode})`).toBe(true);
      expect(country.suffixes.some((f) => s.name.endsWith(f)), `${s.name} (${s.countryCode})`).toBe(true);
      const group = groupTitle.get(s.categoryKeys.find((k) => k.split("/").length === 2)!)!;
      const allowed = CAPABILITIES[group] ?? CAPABILITIES[s.primaryVertical]!;
      expect(s.capabilities.filter((c) => !allowed.includes(c)), s.name).toEqual([]);
    }
    expect(new Set(catalog.suppliers.map((s) => s.name)).size).toBe(catalog.suppliers.length);
    // Every item is made of its own subgroup's materials: no "Organic Cotton Paper" mailer boxes.
    const odd = catalog.items.filter((i) => i.materials.some((m) => !subgroups.get(i.subgroupKey)!.materials.includes(m)));
    expect(odd.map((i) => i.title)).toEqual([]);
    expect(catalog.items.filter((i) => /organic cotton paper|tempered glass smart plug|steel dog treat|oversized .*(bar|candle|mug)|compostable .*compostable|recycled .*recycled/i.test(i.title)).map((i) => i.title)).toEqual([]);
  });

  it("scales counts linearly", () => {
    for (const scale of [0.02, 0.05]) {
      const { catalog, commerce } = generateDemoData({ scale, anchor: ANCHOR });
      expect(catalog.suppliers).toHaveLength(Math.round(CATALOG_BASE.suppliers * scale));
      expect(catalog.items.length).toBeGreaterThanOrEqual(catalog.suppliers.length * CATALOG_BASE.itemsPerSupplier[0]);
      expect(catalog.items.length).toBeLessThanOrEqual(catalog.suppliers.length * CATALOG_BASE.itemsPerSupplier[1]);
      expect(commerce.demo.orders).toHaveLength(Math.round(COMMERCE_BASE.orders * scale));
      expect(commerce.demo.customers).toHaveLength(Math.round(COMMERCE_BASE.customers * scale));
    }
  });

  it("at full scale has the promised volume and variety", () => {
    const { catalog, commerce } = generateDemoData({ scale: 1, anchor: ANCHOR });
    expect(catalog.suppliers.length).toBeGreaterThanOrEqual(1200);
    expect(catalog.items.length).toBeGreaterThanOrEqual(20_000);
    const orders = commerce.demo.orders;
    expect(commerce.demo.customers.length).toBeGreaterThanOrEqual(2000);
    expect(orders.length).toBeGreaterThanOrEqual(5000);

    const countries = new Set(catalog.suppliers.map((s) => s.countryCode));
    for (const code of ["CN", "US", "IT", "VN", "IN"]) expect(countries).toContain(code);
    expect(new Set(catalog.suppliers.map((s) => s.region))).toEqual(new Set(["AF", "NA", "SA", "AS", "EU", "OA"]));
    expect(new Set(catalog.items.map((i) => i.type))).toEqual(new Set(["PRODUCT", "PACKAGING", "SERVICES"]));
    expect(new Set(catalog.items.map((i) => i.subgroupKey)).size).toBe(catalog.categories.filter((c) => c.level === "SUBGROUP").length);
    expect(catalog.suppliers.some((s) => s.moq === null) && catalog.suppliers.some((s) => s.samplePriceMinCents === null)).toBe(true);
    expect(new Set(catalog.suppliers.map((s) => s.slug)).size).toBe(catalog.suppliers.length);
    // No title says a word twice ("Organic Organic Cotton T-Shirt"), and organic and recycled
    // materials are still named.
    expect(catalog.items.filter((i) => /\b(\w+) \1\b/i.test(i.title)).map((i) => i.title)).toEqual([]);
    expect(catalog.items.some((i) => /^\w+ Organic Cotton /.test(i.title)) && catalog.items.some((i) => /^\w+ Recycled /.test(i.title))).toBe(true);

    // Two years of history, the holiday peak above the January lull, repeat buyers.
    const first = Date.parse(orders[0]!.placedAt);
    const last = Date.parse(orders[orders.length - 1]!.placedAt);
    expect((ANCHOR.getTime() - first) / 86_400_000).toBeGreaterThan(700);
    expect((ANCHOR.getTime() - last) / 86_400_000).toBeLessThan(2);
    const byMonth = (m: number) => orders.filter((o) => new Date(o.placedAt).getUTCMonth() === m && o.placedAt >= "2024-06").length;
    expect(byMonth(11)).toBeGreaterThan(byMonth(0) * 1.5);
    const perCustomer = new Map<string, number>();
    for (const o of orders) perCustomer.set(o.customerId, (perCustomer.get(o.customerId) ?? 0) + 1);
    expect([...perCustomer.values()].filter((n) => n > 1).length).toBeGreaterThan(300);
    for (const o of orders) expect(o.totalCents).toBe(o.subtotalCents - o.discountCents + o.shippingCents + o.taxCents);
    const totals = orders.map((o) => o.totalCents).sort((x, y) => x - y);
    expect(totals[Math.floor(totals.length * 0.9)]! / totals[Math.floor(totals.length * 0.1)]!).toBeGreaterThan(3);
  });
});

describe("demo data in a database", () => {
  let server: EmbeddedServer;
  let pool: pg.Pool;
  let report: SeedReport;
  const logs: string[] = [];

  beforeAll(async () => {
    // Its own database: the demo accounts and marketplace are global rows other test files must not see.
    server = await startEmbeddedPostgres({ dataDir: null });
    pool = new pg.Pool({ connectionString: server.url, max: 4 });
    await migrate(pool);
    report = (await seedDemoDataIfEmpty(pool, { scale: 0.02, seed: 11, log: (m) => logs.push(m) }))!;
  });
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  const count = async (sql: string, params: unknown[] = []) => (await pool.query<{ n: number }>(sql, params)).rows[0]!.n;

  it("writes every generated row", async () => {
    const expected = generateDemoData({ scale: 0.02, seed: 11 });
    expect(report.suppliers).toBe(expected.catalog.suppliers.length);
    expect(await count("SELECT count(*)::int AS n FROM catalog_categories")).toBe(expected.catalog.categories.length);
    expect(await count("SELECT count(*)::int AS n FROM suppliers")).toBe(expected.catalog.suppliers.length);
    expect(await count("SELECT count(*)::int AS n FROM catalog_items")).toBe(expected.catalog.items.length);
    expect(await count("SELECT count(*)::int AS n FROM supplier_reviews")).toBe(expected.catalog.reviews.length);
    const demo = report.stores.find((s) => s.email === DEMO_ACCOUNTS.demo.email)!;
    expect(await count("SELECT count(*)::int AS n FROM orders WHERE store_id = $1", [demo.storeId])).toBe(expected.commerce.demo.orders.length);
    expect(await count("SELECT count(*)::int AS n FROM customers WHERE store_id = $1", [demo.storeId])).toBe(expected.commerce.demo.customers.length);
    expect(await count("SELECT count(*)::int AS n FROM order_line_items WHERE store_id = $1", [demo.storeId])).toBe(expected.commerce.demo.lineItems.length);
    // Every order on hold says why: one open hold with a reason, and the status it returns to.
    const onHold = expected.commerce.demo.orders.filter((o) => o.processingStatus === "ON_HOLD").length;
    expect(await count("SELECT count(*)::int AS n FROM order_holds h JOIN orders o ON o.id = h.order_id WHERE o.store_id = $1 AND h.released_at IS NULL AND o.processing_status = 'ON_HOLD' AND o.held_from_status = 'PROCESSING'", [demo.storeId])).toBe(onHold);
    // The demo store stocks every SKU its orders sell, some low or out of stock, each count in the ledger.
    const skus = new Set(expected.commerce.demo.lineItems.map((l) => l.sku)).size;
    // Beside them, the demo gift set: a kit SKU and its two components.
    const kitSkus = ["MUG-STONE", "COASTER-CORK", "GIFT-SET"];
    expect(await count("SELECT count(*)::int AS n FROM inventory_items WHERE store_id = $1 AND sku <> ALL($2::text[])", [demo.storeId, kitSkus])).toBe(skus);
    expect(await count("SELECT count(*)::int AS n FROM inventory_items WHERE store_id = $1 AND sku = ANY($2::text[])", [demo.storeId, kitSkus])).toBe(3);
    expect(await count("SELECT count(*)::int AS n FROM inventory_levels WHERE store_id = $1 AND on_hand = 0", [demo.storeId])).toBeGreaterThan(0);
    expect(await count("SELECT count(*)::int AS n FROM inventory_movements WHERE store_id = $1", [demo.storeId])).toBe(await count("SELECT count(*)::int AS n FROM inventory_levels WHERE store_id = $1 AND on_hand > 0", [demo.storeId]));
    // Same seed, same ids: the first generated supplier is in the table under its generated id and name.
    const s = expected.catalog.suppliers[0]!;
    const { rows } = await pool.query("SELECT name, capabilities, category_ids FROM suppliers WHERE id = $1", [s.id]);
    expect(rows[0]).toMatchObject({ name: s.name, capabilities: s.capabilities });
    expect(rows[0].category_ids).toHaveLength(s.categoryKeys.length);
    expect(logs.some((l) => l.includes("timings"))).toBe(true);
  });

  it("keeps review aggregates right and builds the search indexes back", async () => {
    const mismatched = await count(
      `SELECT count(*)::int AS n FROM suppliers s
         LEFT JOIN (SELECT supplier_id, count(*) AS c, round(avg(rating), 2) AS a FROM supplier_reviews GROUP BY supplier_id) r ON r.supplier_id = s.id
        WHERE s.review_count <> COALESCE(r.c, 0) OR s.average_review <> COALESCE(r.a, 0)`,
    );
    expect(mismatched).toBe(0);
    const indexes = (await pool.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename IN ('suppliers', 'catalog_items')")).rows.map((r) => r.indexname);
    expect(indexes).toEqual(expect.arrayContaining(["suppliers_embedding_idx", "suppliers_search_idx", "suppliers_name_trgm_idx", "catalog_items_embedding_idx", "catalog_items_search_idx", "catalog_items_title_trgm_idx"]));
  });

  it("answers semantic and full-text searches", async () => {
    const { rows: nearest } = await pool.query<{ title: string }>(
      "SELECT title FROM catalog_items ORDER BY embedding <=> $1::vector LIMIT 5",
      [toVectorLiteral(embedText("tote bag"))],
    );
    expect(nearest.some((r) => /tote|bag/i.test(r.title))).toBe(true);
    expect(await count("SELECT count(*)::int AS n FROM catalog_items WHERE search_document @@ websearch_to_tsquery('english', 'mailer')")).toBeGreaterThan(0);
  });

  it("does nothing the second time", async () => {
    expect(await seedDemoDataIfEmpty(pool, { scale: 0.02, seed: 11 })).toBeNull();
    const again = await seedDemoData(pool, { scale: 0.02, seed: 12 });
    expect(again).toMatchObject({ suppliers: 0, items: 0, stores: [] });
    expect(await count("SELECT count(*)::int AS n FROM users WHERE email = $1", [DEMO_ACCOUNTS.demo.email])).toBe(1);
  });

  it("logs the demo and preview accounts in through POST /rest/main/login", async () => {
    const api = await startApi({ config: testConfig(), database: { pool, url: server.url, embedded: null, close: async () => {} }, migrate: false });
    try {
      const client = createApiClient({ baseUrl: api.url });
      const demo = await client.call(auth.login, { body: { email: DEMO_ACCOUNTS.demo.email, password: DEMO_ACCOUNTS.demo.password } });
      const me = await client.call(stores.getMyStore, {}, { token: demo.token });
      expect(me).toMatchObject({ planType: "TIER_2_5", blueprintSubscriptionStatus: "ACTIVE", isPreviewAccount: false, title: DEMO_ACCOUNTS.demo.storeTitle });
      const stats = await client.call(storeStats.getStoreSalesStats, {}, { token: demo.token });
      expect(stats.orderCount).toBeGreaterThan(0);
      expect(stats.milestone.level).not.toBe("DEFAULT");
      expect(await client.call(storeStats.getStoreHasPurchasedSamples, {}, { token: demo.token })).toEqual({ hasPurchasedSamples: true });

      const preview = await client.call(auth.login, { body: { email: DEMO_ACCOUNTS.preview.email, password: DEMO_ACCOUNTS.preview.password } });
      expect(preview.store.isPreviewAccount).toBe(true);
      const wrong = await fetch(`${api.url}/rest/main/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: DEMO_ACCOUNTS.demo.email, password: "not-the-password" }) });
      expect(wrong.status).toBe(401);

      // The demo's supplier logins: the first answers the demo store in an unread conversation.
      const rep = await client.call(inbox.createSupplierSession, { body: { email: demoSupplierEmail(1), password: DEMO_SUPPLIER_PASSWORD } });
      const theirs = await client.call(inbox.listConversations, { query: {} }, { token: rep.token });
      expect(theirs.list.map((c) => c.storeName)).toEqual([DEMO_ACCOUNTS.demo.storeTitle]);
      const ours = await client.call(inbox.countUnreadMessages, {}, { token: demo.token });
      // The first supplier's answer, the three demo suppliers' quotes for the tote bag project and
      // two suppliers' open meeting requests.
      // Two of the scorecards' reply histories end on the supplier's answer, read but owed a reply.
      expect(ours).toEqual({ unread: 6, conversations: 3, needsReply: 5 });
      await client.call(inbox.createSupplierSession, { body: { email: demoSupplierEmail(3), password: DEMO_SUPPLIER_PASSWORD } });

      // Scorecards with real figures: the four seeded histories' suppliers (12 deliveries, 7 inspections), three scored, one too thin.
      const histories = DEMO_SUPPLIER_HISTORIES.flatMap((h) => h.deliveries).length;
      expect(await count("SELECT count(*)::int AS n FROM receivings WHERE store_id = $1", [demo.store.id])).toBe(6 + histories);
      expect(await count("SELECT count(*)::int AS n FROM qc_inspections WHERE store_id = $1 AND verdict IS NOT NULL", [demo.store.id])).toBe(2 + DEMO_SUPPLIER_HISTORIES.flatMap((h) => h.checks).length);
      const cards = await client.call(supplierScorecards.listSupplierScorecards, { query: { sort: "MOST_RELIABLE", size: 100 } }, { token: demo.token });
      const seeded = cards.list.filter((c) => c.onTimeReceivings.total >= 1 && c.supplierId);
      const names = (await pool.query<{ name: string }>("SELECT name FROM suppliers WHERE enabled_at IS NOT NULL ORDER BY rank DESC, id OFFSET 3 LIMIT 4")).rows.map((r) => r.name);
      const card = (i: number) => seeded.find((c) => c.name === names[i])!;
      const [reliable, late, middling, thin] = [card(0), card(1), card(2), card(3)];
      expect(reliable).toMatchObject({ onTimeReceivings: { good: 4, total: 4 }, qcPass: { good: 3, total: 3, rate: 1 }, replyTime: { medianMinutes: 150, answered: 4 } });
      expect(late).toMatchObject({ onTimeReceivings: { good: 1, total: 4 }, qcPass: { good: 1, total: 3 }, damage: { good: 18 }, replyTime: { answered: 3, asked: 4, medianMinutes: 31 * 60 } });
      expect(middling).toMatchObject({ onTimeReceivings: { good: 2, total: 3 }, qcPass: { rate: null, words: "Not enough data yet: 1 inspection so far" } });
      for (const c of [reliable, late, middling]) expect(c.reliability, c.name).not.toBeNull();
      expect(reliable.reliability!).toBeGreaterThan(late.reliability!);
      expect(thin).toMatchObject({ hasDealings: true, reliability: null });
      expect(thin.summary).toMatch(/^Not enough data yet to score/);
    } finally {
      await api.close();
    }
  });
});
