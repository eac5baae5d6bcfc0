import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalog } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { seedCatalog, uniq, type CatalogFixture } from "./catalog-fixtures";

let api: TestApi;
let user: TestUser;
let fx: CatalogFixture;
const DAY = 86_400_000;

// Eight suppliers spread over every filter bucket's edges, each filter checked against plain SQL.
const SUPPLIERS = [
  { name: `Alder Knit ${uniq()}`, employees: 300, moq: 0, samplePrice: 500, productionDaysMax: 30, orderVolume: 0, productionMinPrice: 100, tariff: 25, rank: 50, isOnline: true, countryCode: "CN", region: "AS" },
  { name: `Birch Print ${uniq()}`, employees: 250, moq: 99, samplePrice: 4999, productionDaysMax: 31, orderVolume: 999, productionMinPrice: 900, tariff: 0, rank: 10, countryCode: "US", region: "NA" },
  { name: `Cedar Leather ${uniq()}`, employees: 100, moq: 100, samplePrice: 5000, productionDaysMax: 60, orderVolume: 1000, productionMinPrice: null, tariff: 12, rank: 40, countryCode: "IT", region: "EU", expanded: true },
  { name: `Dogwood Ceramics ${uniq()}`, employees: 99, moq: 1000, samplePrice: 10000, productionDaysMax: 61, orderVolume: 4999, productionMinPrice: 300, tariff: 15, rank: 30, isOnline: true, countryCode: "VN", region: "AS" },
  { name: `Elm Packaging ${uniq()}`, employees: 50, moq: null, samplePrice: null, productionDaysMax: 90, orderVolume: 5000, productionMinPrice: 2000, tariff: 5, rank: 20, countryCode: "IN", region: "AS" },
  { name: `Fir Studio ${uniq()}`, employees: 49, moq: 5000, samplePrice: 499, productionDaysMax: 91, orderVolume: 20000, productionMinPrice: 50, tariff: 30, rank: 60, countryCode: "BR", region: "SA" },
  { name: `Ginkgo Works ${uniq()}`, employees: 10, moq: 1, samplePrice: 20000, productionDaysMax: 200, orderVolume: 10, productionMinPrice: 700, tariff: 8, rank: 5, countryCode: "ZA", region: "AF" },
  { name: `Hazel Goods ${uniq()}`, employees: 1000, moq: 999, samplePrice: 9999, productionDaysMax: 45, orderVolume: 3000, productionMinPrice: 1000, tariff: 18, rank: 70, countryCode: "AU", region: "OA" },
];

beforeAll(async () => {
  api = await startTestApi();
  user = await registerUser(api);
  fx = await seedCatalog(api.deps.pool, SUPPLIERS, [
    { supplier: 0, title: `Alder merino jumper ${uniq()}`, price: 2000, moq: 10, samplePrice: 900, productionDaysMax: 10, rank: 5 },
    { supplier: 0, title: `Alder cotton scarf ${uniq()}`, price: 500, moq: 500, samplePrice: null, productionDaysMax: 40, rank: 9, isSampleKit: true },
    { supplier: 3, title: `Dogwood espresso cup ${uniq()}`, price: 800, moq: null, samplePrice: 6000, productionDaysMax: 70, rank: 7, subgroup: 1 },
    { supplier: 4, title: `Elm mailer box ${uniq()}`, type: "PACKAGING", price: null, moq: 2000, samplePrice: 12000, productionDaysMax: 100, rank: 1 },
  ]);
  // Reviews drive average_review through the trigger: A=5, B=4, C=3, D=2, E=1; the rest none.
  for (const [i, rating] of [5, 4, 3, 2, 1].entries()) {
    await api.deps.pool.query("INSERT INTO supplier_reviews (supplier_id, author_name, rating, body) VALUES ($1, 'Seed', $2, 'seeded')", [fx.supplierIds[i], rating]);
  }
});
afterAll(() => api.close());

const group = () => fx.groupKey;
const search = (query: Record<string, unknown>) => as(api, user.token, catalog.searchSuppliers, { query: { group: group(), size: 100, ...query } as never });

/** The same fixture through plain SQL: the ids a condition selects, in an order. */
async function sqlIds(where: string, order = "rank DESC, id"): Promise<string[]> {
  const { rows } = await api.deps.pool.query(`SELECT id FROM suppliers WHERE category_ids @> ARRAY[$1::int] AND enabled_at IS NOT NULL AND (${where}) ORDER BY ${order}`, [fx.groupId]);
  return rows.map((r) => r.id);
}

describe("supplier filters and sorts match plain SQL", () => {
  const FILTERS: [Record<string, unknown>, string][] = [
    [{ samplePrice: "5_50" }, "sample_price_min_cents >= 500 AND sample_price_min_cents < 5000"],
    [{ samplePrice: "50_100" }, "sample_price_min_cents >= 5000 AND sample_price_min_cents < 10000"],
    [{ samplePrice: "100_PLUS" }, "sample_price_min_cents >= 10000"],
    [{ samplePrice: "CUSTOM_QUOTE" }, "sample_price_min_cents IS NULL"],
    [{ samplePrice: "ALL" }, "true"],
    [{ moq: "0_100" }, "moq >= 0 AND moq < 100"],
    [{ moq: "100_1000" }, "moq >= 100 AND moq < 1000"],
    [{ moq: "1000_PLUS" }, "moq >= 1000"],
    [{ moq: "CUSTOM_QUOTE" }, "moq IS NULL"],
    [{ orderVolume: "0_1000" }, "order_volume_units < 1000"],
    [{ orderVolume: "1000_5000" }, "order_volume_units >= 1000 AND order_volume_units < 5000"],
    [{ orderVolume: "5000_PLUS" }, "order_volume_units >= 5000"],
    [{ review: "4" }, "average_review >= 4"],
    [{ review: "3" }, "average_review >= 3"],
    [{ review: "2" }, "average_review >= 2"],
    [{ review: "1" }, "average_review >= 1"],
    [{ productionTime: "UNDER_1_MONTH" }, "production_days_max <= 30"],
    [{ productionTime: "1_2_MONTHS" }, "production_days_max BETWEEN 31 AND 60"],
    [{ productionTime: "2_3_MONTHS" }, "production_days_max BETWEEN 61 AND 90"],
    [{ productionTime: "3_PLUS_MONTHS" }, "production_days_max > 90"],
    [{ supplierSize: "250_PLUS" }, "employee_count >= 250"],
    [{ supplierSize: "100_PLUS" }, "employee_count >= 100"],
    [{ supplierSize: "50_PLUS" }, "employee_count >= 50"],
    [{ supplierSize: "UNDER_50" }, "employee_count < 50"],
    [{ regions: "AS" }, "region = 'AS'"],
    [{ regions: "EU,SA" }, "region IN ('EU', 'SA')"],
    [{ regions: "AF,NA,OA" }, "region IN ('AF', 'NA', 'OA')"],
    [{ countryCodes: "cn,it" }, "country_code IN ('CN', 'IT')"],
    [{ onlineOnly: "true" }, "is_online"],
    [{ viewType: "SUPPLIERS" }, "NOT is_expanded_network"],
    [{ viewType: "EXPANDED_NETWORK" }, "is_expanded_network"],
    [{ viewType: "RFP" }, "true"],
    [{ subgroup: "SUB" }, "category_ids @> ARRAY[(SELECT id FROM catalog_categories WHERE key = '$GROUP/alpha')]"],
    [{ review: "3", supplierSize: "100_PLUS", regions: "AS,EU" }, "average_review >= 3 AND employee_count >= 100 AND region IN ('AS','EU')"],
  ];
  it.each(FILTERS.map(([q, sql]) => [JSON.stringify(q), q, sql] as const))("filter %s", async (_n, query, sql) => {
    const q = query.subgroup ? { subgroup: `${group()}/alpha` } : query;
    const res = await search(q);
    const expected = await sqlIds(sql.replace("$GROUP", group()));
    expect(res.list.map((s) => s.id)).toEqual(expected);
    expect(res.total).toBe(expected.length);
    expect((await as(api, user.token, catalog.countSuppliers, { query: { group: group(), ...q } as never })).count).toBe(expected.length);
  });

  const SORTS: [string, string][] = [
    ["-rank", "rank DESC, id"],
    ["-enabledAt", "enabled_at DESC NULLS LAST, id"],
    ["productionMinPrice", "production_min_price_cents ASC NULLS LAST, id"],
    ["-productionMinPrice", "production_min_price_cents DESC NULLS LAST, id"],
    ["-isOnline", "is_online DESC, last_online_at DESC NULLS LAST, rank DESC, id"],
    ["-firstEnabledAt", "first_enabled_at DESC NULLS LAST, id"],
    ["tariffRatePercent", "tariff_rate_percent ASC, rank DESC, id"],
  ];
  it.each(SORTS)("sort %s", async (sort, order) => {
    const res = await search({ sort });
    expect(res.list.map((s) => s.id)).toEqual(await sqlIds("true", order));
  });

  it("Featured is the default sort and pages without overlap", async () => {
    const all = await sqlIds("true");
    const p0 = await search({ size: 3, page: 0 });
    const p1 = await search({ size: 3, page: 1 });
    const p3 = await search({ size: 3, page: 3 });
    expect([...p0.list, ...p1.list].map((s) => s.id)).toEqual(all.slice(0, 6));
    expect(p0.total).toBe(8);
    expect(p3).toMatchObject({ list: [], total: 8, page: 3, size: 3 });
  });

  it("type narrows suppliers to the verticals that make it", async () => {
    const res = await search({ type: "PACKAGING" });
    expect(res.list).toEqual([]);
    expect((await search({ type: "SUPPLIER" })).total).toBe(8);
  });

  it("refuses bad filter values with the field", async () => {
    for (const [query, field] of [
      [{ samplePrice: "cheap" }, "query.samplePrice"],
      [{ regions: "XX" }, "query.regions.0"],
      [{ sort: "-price" }, "query.sort"],
      [{ size: "101" }, "query.size"],
      [{ group: "products/no-such-group" }, "query.group"],
      [{ viewType: "CATALOG_PRODUCTS" }, "query.viewType"],
      [{ unknownKey: "1" }, "query.unknownKey"],
    ] as const) {
      const qs = new URLSearchParams(query as Record<string, string>).toString();
      const res = await api.raw("GET", `/web/catalog-companies?${qs}`, { token: user.token });
      expect(res.status, qs).toBe(400);
      expect(res.body.details[0].field, qs).toBe(field);
    }
  });

  it("needs a login", async () => {
    expect((await api.raw("GET", "/web/catalog-companies")).status).toBe(401);
  });
});

describe("item filters and sorts match plain SQL", () => {
  const items = (query: Record<string, unknown>) => as(api, user.token, catalog.searchCatalogItems, { query: { group: group(), size: 100, ...query } as never });
  async function itemSql(where: string, order = "i.rank DESC, i.id"): Promise<string[]> {
    const { rows } = await api.deps.pool.query(
      `SELECT i.id FROM catalog_items i JOIN suppliers s ON s.id = i.supplier_id WHERE i.group_id = $1 AND (${where}) ORDER BY ${order}`,
      [fx.groupId],
    );
    return rows.map((r) => r.id);
  }
  it.each([
    [{ samplePrice: "5_50" }, "i.sample_price_cents >= 500 AND i.sample_price_cents < 5000"],
    [{ samplePrice: "CUSTOM_QUOTE" }, "i.sample_price_cents IS NULL"],
    [{ samplePrice: "100_PLUS" }, "i.sample_price_cents >= 10000"],
    [{ moq: "CUSTOM_QUOTE" }, "i.moq IS NULL"],
    [{ moq: "1000_PLUS" }, "i.moq >= 1000"],
    [{ productionTime: "2_3_MONTHS" }, "i.production_days_max BETWEEN 61 AND 90"],
    [{ review: "4" }, "s.average_review >= 4"],
    [{ type: "PACKAGING" }, "i.type = 'PACKAGING'"],
    [{ subgroup: "beta" }, "i.subgroup_id = (SELECT id FROM catalog_categories WHERE key = '$GROUP/beta')"],
    [{ isSampleKit: "true" }, "i.is_sample_kit"],
    [{ regions: "AS", supplierSize: "250_PLUS" }, "s.region = 'AS' AND s.employee_count >= 250"],
  ] as const)("filter %j", async (query, sql) => {
    const q = "subgroup" in query ? { subgroup: `${group()}/beta` } : query;
    const res = await items(q);
    const expected = await itemSql(sql.replace("$GROUP", group()));
    expect(res.list.map((i) => i.id)).toEqual(expected);
    expect((await as(api, user.token, catalog.countCatalogItems, { query: { group: group(), ...q } as never })).count).toBe(expected.length);
  });
  it.each([
    ["-rank", "i.rank DESC, i.id"],
    ["productionMinPrice", "i.price_min_cents ASC NULLS LAST, i.id"],
    ["-productionMinPrice", "i.price_min_cents DESC NULLS LAST, i.id"],
    ["tariffRatePercent", "s.tariff_rate_percent ASC, i.rank DESC, i.id"],
    ["-enabledAt", "i.enabled_at DESC NULLS LAST, i.id"],
  ])("sort %s", async (sort, order) => {
    expect((await items({ sort })).list.map((i) => i.id)).toEqual(await itemSql("true", order));
  });
  it("parses colour entries and draws a card picture for items without photos", async () => {
    const res = await items({});
    expect(res.list[0]!.colors).toEqual([{ name: "Red", hex: "#ff0000", variant: "matte" }]);
    expect(res.list[0]!.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  });
  it("product listings default to page 0, size 100, -rankedAt, no sample kits", async () => {
    const res = await as(api, user.token, catalog.listProductListings, { query: { supplierId: fx.supplierIds[0] } });
    expect(res).toMatchObject({ page: 0, size: 100, total: 1 });
    expect(res.list.map((i) => i.id)).toEqual([fx.itemIds[0]]);
    const kits = await as(api, user.token, catalog.listProductListings, { query: { supplierId: fx.supplierIds[0], isSampleKit: "true" } });
    expect(kits.list.map((i) => i.id)).toEqual([fx.itemIds[1]]);
    expect((await api.raw("GET", "/web/catalog-items/-/product-listings?sort=price", { token: user.token })).status).toBe(400);
  });
  it("counts items per category group", async () => {
    const res = await as(api, user.token, catalog.countCatalogItemsByCategoryGroup, { query: { group: group() } });
    expect(res.list).toEqual([{ categoryId: fx.groupId, key: group(), title: expect.any(String), vertical: "products", count: 4 }]);
  });
});

describe("categories", () => {
  it("returns the tree and the children paged up to 9999", async () => {
    const tree = await as(api, user.token, catalog.listCatalogCategories, { query: { vertical: "products" } });
    const mine = tree.list[0]!.children.find((c) => c.id === fx.groupId)!;
    expect(mine.children.map((c) => c.slug)).toEqual(["alpha", "beta"]);
    const subs = await as(api, user.token, catalog.listCatalogSubCategories, { query: { parentId: fx.groupId, page: 0, size: 9999 } });
    expect(subs).toMatchObject({ total: 2, page: 0, size: 9999 });
    expect(subs.list.map((c) => c.id)).toEqual(fx.subgroupIds);
    const page1 = await as(api, user.token, catalog.listCatalogSubCategories, { query: { parentId: fx.groupId, page: 1, size: 1 } });
    expect(page1.list.map((c) => c.id)).toEqual([fx.subgroupIds[1]]);
    const groups = await as(api, user.token, catalog.listCatalogSubCategories, { query: { vertical: "products", size: 9999 } });
    expect(groups.list.some((c) => c.id === fx.groupId)).toBe(true);
    expect((await api.raw("GET", "/web/catalog-categories/-/sub-categories?size=10000", { token: user.token })).status).toBe(400);
    expect((await api.raw("GET", "/web/catalog-categories?vertical=shoes", { token: user.token })).body.details[0].field).toBe("query.vertical");
  });
});

describe("suppliers by id, profile, tracking, recommendations", () => {
  it("returns suppliers by ids in the order asked, leaving unknown ids out", async () => {
    const ids = [fx.supplierIds[2]!, "00000000-0000-4000-8000-000000000000", fx.supplierIds[0]!];
    const res = await as(api, user.token, catalog.getSuppliersByIds, { params: { ids: ids.join(",") as never } });
    expect(res.list.map((s) => s.id)).toEqual([fx.supplierIds[2], fx.supplierIds[0]]);
    const bad = await api.raw("GET", "/web/catalog-companies/not-a-uuid,also-bad", { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("params.ids.0");
  });

  it("returns the profile tabs and 404 for an unknown supplier", async () => {
    const p = await as(api, user.token, catalog.getSupplierProfile, { params: { id: fx.supplierIds[0]! } });
    expect(p.supplier.id).toBe(fx.supplierIds[0]);
    expect(p.tabs.BASE_PRODUCTS.list.map((i) => i.id).sort()).toEqual([fx.itemIds[0], fx.itemIds[1]].sort());
    expect(p.tabs.REVIEWS.summary).toMatchObject({ count: 1, average: 5 });
    expect(p.tabs.CAPABILITIES.categories.map((c) => c.id)).toContain(fx.groupId);
    expect(p.tabs.PROFILE_INFO.countryName).toBe("China");
    const missing = await api.raw("GET", "/web/catalog-companies/00000000-0000-4000-8000-000000000000/profile", { token: user.token });
    expect(missing.status).toBe(404);
  });

  it("tracks detail views with 202, even for an unknown supplier, and 400s a malformed body", async () => {
    const ok = await api.raw("POST", "/web/catalog-companies/action/detail-view", { token: user.token, body: { supplierId: fx.supplierIds[3] } });
    expect(ok).toMatchObject({ status: 202, body: { accepted: true, recorded: true } });
    const unknown = await api.raw("POST", "/web/catalog-companies/action/detail-view", { token: user.token, body: { supplierId: "00000000-0000-4000-8000-000000000000" } });
    expect(unknown).toMatchObject({ status: 202, body: { accepted: true, recorded: false } });
    expect((await api.raw("POST", "/web/catalog-companies/action/detail-view", { token: user.token, body: { supplierId: "x" } })).status).toBe(400);
    const { rows } = await api.deps.pool.query("SELECT supplier_id FROM supplier_detail_views WHERE store_id = $1", [user.store.id]);
    expect(rows).toEqual([{ supplier_id: fx.supplierIds[3] }]);
    const { token: preview } = await api.deps.tokens.sign({ userId: user.user.id, storeId: user.store.id, role: "OWNER", isPreview: true }, "v1");
    expect((await api.raw("POST", "/web/catalog-companies/action/detail-view", { token: preview, body: { supplierId: fx.supplierIds[3] } })).status).toBe(202);
  });

  it("recommends items from history, else featured", async () => {
    const fresh = await registerUser(api);
    const featured = await as(api, fresh.token, catalog.recommendItemsToUser, { body: { size: 5 } });
    expect(featured.basedOn).toBe("FEATURED");
    const viewed = await as(api, user.token, catalog.recommendItemsToUser, { body: { size: 5 } });
    expect(viewed.basedOn).toBe("HISTORY");
    expect(viewed.list.every((i) => i.supplierId !== fx.supplierIds[3])).toBe(true);
  });

  it("recommends next items from other suppliers, and 404s unknown ones", async () => {
    const res = await as(api, user.token, catalog.recommendNextItems, { query: { supplierId: fx.supplierIds[0] } });
    expect(res.list.every((i) => i.supplierId !== fx.supplierIds[0])).toBe(true);
    expect((await api.raw("GET", "/web/catalog-companies/action/recommend-next-items", { token: user.token })).status).toBe(400);
    expect((await api.raw("GET", "/web/catalog-companies/action/recommend-next-items?itemId=00000000-0000-4000-8000-000000000000", { token: user.token })).status).toBe(404);
  });

  it("serves the homepage groups, a sourcing tab, country info and for-you", async () => {
    const home = await as(api, user.token, catalog.listHomepageGroupSuppliers, { query: { tab: "products", size: 50 } });
    expect(home.groups.map((g) => g.vertical)).toEqual(["products"]);
    const tab = await as(api, user.token, catalog.listSourcingTabSuppliers, { query: { tab: "products", size: 100 } });
    expect(tab.list.length).toBeGreaterThan(0);
    expect(tab.list.every((s) => s.categoryIds.includes(fx.verticalId))).toBe(true);
    const countries = await as(api, user.token, catalog.getSupplierCountryInfo, {});
    expect(countries.list.find((c) => c.countryCode === "IT")).toMatchObject({ countryName: "Italy", region: "EU" });
    const forYou = await as(api, user.token, catalog.searchSuppliersForYou, {});
    expect(forYou.size).toBe(50);
    expect((await api.raw("GET", "/web/catalog-companies/sourcing-tab/suppliers?tab=shoes", { token: user.token })).status).toBe(400);
  });

  it("returns one item with its sections and 404 for an unknown one", async () => {
    const d = await as(api, user.token, catalog.getCatalogItem, { params: { id: fx.itemIds[2]! } });
    expect(d.item.id).toBe(fx.itemIds[2]);
    expect(d.supplier.id).toBe(fx.supplierIds[3]);
    expect(d.reviews.summary).toMatchObject({ count: 1, average: 2 });
    expect(d.similarProducts.every((i) => i.id !== fx.itemIds[2])).toBe(true);
    expect((await api.raw("GET", "/web/catalog-items/00000000-0000-4000-8000-000000000000", { token: user.token })).status).toBe(404);
    const recs = await as(api, user.token, catalog.listCatalogItemRecommendations, { params: { id: fx.itemIds[2]! }, query: { size: 3 } });
    expect(recs.list.length).toBeLessThanOrEqual(3);
    expect((await api.raw("GET", "/web/catalog-items/00000000-0000-4000-8000-000000000000/recommendations", { token: user.token })).status).toBe(404);
  });
});

describe("reviews", () => {
  it("creates one review per store, edits only its own, and summarises", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    const supplierId = fx.supplierIds[6]!;
    const created = await as(api, a.token, catalog.createSupplierReview, { body: { supplierId, rating: 4, body: "Good samples" } });
    expect(created).toMatchObject({ rating: 4, isMine: true, authorName: "Test store" });
    await expect(as(api, a.token, catalog.createSupplierReview, { body: { supplierId, rating: 5, body: "again" } })).rejects.toMatchObject({ status: 409 });
    await expect(as(api, b.token, catalog.updateSupplierReview, { params: { id: created.id }, body: { rating: 1 } })).rejects.toMatchObject({ status: 404 });
    const edited = await as(api, a.token, catalog.updateSupplierReview, { params: { id: created.id }, body: { rating: 2 } });
    expect(edited).toMatchObject({ rating: 2, body: "Good samples" });
    await as(api, b.token, catalog.createSupplierReview, { body: { supplierId, rating: 5, body: "Great" } });
    const summary = await as(api, b.token, catalog.getSupplierReviewSummary, { params: { id: supplierId } });
    expect(summary).toEqual({ supplierId, average: 3.5, count: 2, histogram: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 } });
    const list = await as(api, b.token, catalog.listSupplierReviews, { query: { supplierId } });
    expect(list.total).toBe(2);
    expect(list.list.map((r) => r.isMine).sort()).toEqual([false, true]);
    const { rows } = await api.deps.pool.query("SELECT average_review, review_count FROM suppliers WHERE id = $1", [supplierId]);
    expect(rows[0]).toEqual({ average_review: 3.5, review_count: 2 });
  });

  it("refuses bad reviews: 400 rating, 404 supplier, 403 preview and CX role, 401", async () => {
    const a = await registerUser(api);
    const bad = await api.raw("POST", "/web/catalog-company-reviews", { token: a.token, body: { supplierId: fx.supplierIds[0], rating: 6, body: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("body.rating");
    await expect(as(api, a.token, catalog.createSupplierReview, { body: { supplierId: "00000000-0000-4000-8000-000000000000", rating: 3, body: "x" } })).rejects.toMatchObject({ status: 404 });
    const { token: preview } = await api.deps.tokens.sign({ userId: a.user.id, storeId: a.store.id, role: "OWNER", isPreview: true }, "v1");
    expect((await api.raw("POST", "/web/catalog-company-reviews", { token: preview, body: { supplierId: fx.supplierIds[0], rating: 3, body: "x" } })).status).toBe(403);
    const { token: cx } = await api.deps.tokens.sign({ userId: a.user.id, storeId: a.store.id, role: "CX", isPreview: false }, "v1");
    expect((await api.raw("POST", "/web/catalog-company-reviews", { token: cx, body: { supplierId: fx.supplierIds[0], rating: 3, body: "x" } })).status).toBe(403);
    expect((await api.raw("POST", "/web/catalog-company-reviews", { body: { supplierId: fx.supplierIds[0], rating: 3, body: "x" } })).status).toBe(401);
    expect((await api.raw("PUT", `/web/catalog-company-reviews/00000000-0000-4000-8000-000000000000`, { token: a.token, body: {} })).status).toBe(400);
    expect((await api.raw("GET", `/web/catalog-company-reviews/-/summary/00000000-0000-4000-8000-000000000000`, { token: a.token })).status).toBe(404);
    expect((await api.raw("GET", `/web/catalog-company-reviews?supplierId=00000000-0000-4000-8000-000000000000`, { token: a.token })).status).toBe(404);
  });

  it("takes public reviews without login: one per e-mail and supplier, five a day", async () => {
    const email = `reviewer-${uniq()}@example.com`;
    const path = (id: string) => `/app/supplier-profile/${id}/post-review`;
    const first = await api.raw("POST", path(fx.supplierIds[7]!), { body: { authorName: "Ana", email, rating: 5, body: "Lovely" } });
    expect(first).toMatchObject({ status: 201, body: { authorName: "Ana", isMine: false } });
    expect((await api.raw("POST", path(fx.supplierIds[7]!), { body: { authorName: "Ana", email: email.toUpperCase(), rating: 1, body: "x" } })).status).toBe(409);
    expect((await api.raw("POST", path(fx.supplierIds[7]!), { body: { authorName: "Ana", email: "not-an-email", rating: 1, body: "x" } })).body.details[0].field).toBe("body.email");
    expect((await api.raw("POST", path("00000000-0000-4000-8000-000000000000"), { body: { authorName: "Ana", email, rating: 1, body: "x" } })).status).toBe(404);
    for (const i of [0, 1, 2, 3]) expect((await api.raw("POST", path(fx.supplierIds[i]!), { body: { authorName: "Ana", email, rating: 3, body: "ok" } })).status).toBe(201);
    expect((await api.raw("POST", path(fx.supplierIds[4]!), { body: { authorName: "Ana", email, rating: 3, body: "ok" } })).status).toBe(429);
  });
});

describe("favourites", () => {
  it("adds, lists, removes; another store sees none and cannot remove them", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    const fav = await as(api, a.token, catalog.addFavorite, { body: { kind: "SUPPLIER", targetId: fx.supplierIds[1]! } });
    expect(fav.supplier?.id).toBe(fx.supplierIds[1]);
    const again = await as(api, a.token, catalog.addFavorite, { body: { kind: "SUPPLIER", targetId: fx.supplierIds[1]! } });
    expect(again.id).toBe(fav.id);
    const itemFav = await as(api, a.token, catalog.addFavorite, { body: { kind: "CATALOG_ITEM", targetId: fx.itemIds[0]! } });
    expect(itemFav.item?.id).toBe(fx.itemIds[0]);
    const list = await as(api, a.token, catalog.listFavorites, {});
    expect(list.total).toBe(2);
    expect((await as(api, a.token, catalog.listFavorites, { query: { kind: "CATALOG_ITEM" } })).list.map((f) => f.id)).toEqual([itemFav.id]);
    expect((await as(api, b.token, catalog.listFavorites, {})).total).toBe(0);
    await expect(as(api, b.token, catalog.removeFavorite, { params: { id: fav.id } })).rejects.toMatchObject({ status: 404 });
    const detail = await as(api, a.token, catalog.getSupplierProfile, { params: { id: fx.supplierIds[1]! } });
    expect(detail.favoriteId).toBe(fav.id);
    expect((await as(api, b.token, catalog.getSupplierProfile, { params: { id: fx.supplierIds[1]! } })).favoriteId).toBeNull();
    await as(api, a.token, catalog.removeFavorite, { params: { id: fav.id } });
    await expect(as(api, a.token, catalog.removeFavorite, { params: { id: fav.id } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, a.token, catalog.addFavorite, { body: { kind: "CATALOG_ITEM", targetId: fx.supplierIds[1]! } })).rejects.toMatchObject({ status: 404 });
    expect((await api.raw("POST", "/web/favorites", { token: a.token, body: { kind: "STORE", targetId: fx.supplierIds[1] } })).body.details[0].field).toBe("body.kind");
    const { token: preview } = await api.deps.tokens.sign({ userId: a.user.id, storeId: a.store.id, role: "OWNER", isPreview: true }, "v1");
    expect((await api.raw("POST", "/web/favorites", { token: preview, body: { kind: "SUPPLIER", targetId: fx.supplierIds[1] } })).status).toBe(403);
  });
});

describe("public previews", () => {
  it("serve an item and a supplier without login and without store data", async () => {
    const item = await api.raw("GET", `/app/catalog-items/${fx.itemIds[0]}`);
    expect(item.status).toBe(200);
    expect(item.body.item.id).toBe(fx.itemIds[0]);
    expect(item.body).not.toHaveProperty("favoriteId");
    const supplier = await api.raw("GET", `/app/catalog-companies/${fx.supplierIds[0]}`, { token: user.token });
    expect(supplier.status).toBe(200);
    expect(supplier.body).not.toHaveProperty("favoriteId");
    expect(supplier.body.tabs.REVIEWS.list.every((r: { isMine: boolean }) => !r.isMine)).toBe(true);
    expect((await api.raw("GET", "/app/catalog-items/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await api.raw("GET", "/app/catalog-companies/not-a-uuid")).status).toBe(400);
  });
});

describe("autocomplete", () => {
  it("completes item titles and supplier names, typo tolerant", async () => {
    const name = SUPPLIERS[3]!.name;
    const res = await as(api, user.token, catalog.suggestCatalogAutoComplete, { query: { keyword: name.replace("Ceramics", "Ceramiks") } });
    expect(res.list.some((s) => s.kind === "SUPPLIER" && s.id === fx.supplierIds[3])).toBe(true);
    expect((await api.raw("GET", "/web/catalog-items/action/suggest-auto-complete?keyword=", { token: user.token })).status).toBe(400);
  });
});

void DAY;
