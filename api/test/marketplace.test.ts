import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "@atelier/contracts";
import { as, registerUser, startTestApi, testConfig, type TestApi, type TestUser } from "./harness";
import { seedCatalog, seedMarketScope, uniq, VERTICAL_KEYS, type CatalogFixture, type MarketScope } from "./marketplace-fixtures";
import { itemImageSvg } from "../src/images/item-image";
import { paidOrderFrom } from "../../test/factories/purchases";
import { pictureKindOf } from "../src/images/picture-kinds";

/** What a keyword search for goods keeps: suppliers (and their items) outside the service verticals. */
const GOODS_ONLY = "s.primary_vertical NOT IN ('business-creative-services', 'website-development')";

let api: TestApi;
let user: TestUser;
let fx: CatalogFixture;
let mx: MarketScope;
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
  mx = await seedMarketScope(api.deps.pool);
});
afterAll(() => api.close());

const group = () => fx.groupKey;
const search = (query: Record<string, unknown>) => as(api, user.token, marketplace.searchSuppliers, { query: { group: group(), size: 100, ...query } as never });

/** The same fixture through plain SQL: the ids a condition selects, in an order. */
async function sqlIds(where: string, order = "rank DESC, id"): Promise<string[]> {
  const { rows } = await api.deps.pool.query(`SELECT id FROM suppliers WHERE category_ids @> ARRAY[$1::int] AND enabled_at IS NOT NULL AND (${where}) ORDER BY ${order}`, [fx.groupId]);
  return rows.map((r) => r.id);
}

// --- Every filter and sort of 000 §9 against plain SQL, over a scope of demo-generated rows plus
// bucket-edge rows in fresh groups of all four verticals (seedMarketScope). Each filter's SQL is
// written from the bucket table in docs/decisions.md, not from the query builder; each bucket must
// select some of the scope and leave some out, so a filter that ignored its value would fail.

const V = (v: keyof MarketScope["verticals"]) => () => mx.verticals[v];
const RFP_SQL = String.raw`s.contact_email IS NOT NULL AND (s.primary_vertical IN ('business-creative-services', 'website-development')
  OR EXISTS (SELECT 1 FROM unnest(s.capabilities) c WHERE lower(c) ~ '(^|[^a-z0-9])(custom|bespoke|private label|white label|oem|odm|prototyp|small batch|structural design|made to order)'))`;

/** Filters on supplier columns, shared by both targets (items read their supplier's columns). */
const SUPPLIER_COLUMN_FILTERS: [Record<string, string>, string][] = [
  [{ orderVolume: "0_1000" }, "s.order_volume_units >= 0 AND s.order_volume_units < 1000"],
  [{ orderVolume: "1000_5000" }, "s.order_volume_units >= 1000 AND s.order_volume_units < 5000"],
  [{ orderVolume: "5000_PLUS" }, "s.order_volume_units >= 5000"],
  [{ review: "4" }, "s.average_review >= 4"],
  [{ review: "3" }, "s.average_review >= 3"],
  [{ review: "2" }, "s.average_review >= 2"],
  [{ review: "1" }, "s.average_review >= 1"],
  [{ supplierSize: "250_PLUS" }, "s.employee_count >= 250"],
  [{ supplierSize: "100_PLUS" }, "s.employee_count >= 100"],
  [{ supplierSize: "50_PLUS" }, "s.employee_count >= 50"],
  [{ supplierSize: "UNDER_50" }, "s.employee_count < 50"],
  ...(["AF", "NA", "SA", "AS", "EU", "OA"] as const).map((r): [Record<string, string>, string] => [{ regions: r }, `s.region = '${r}'`]),
  [{ regions: "EU,SA,OA" }, "s.region IN ('EU', 'SA', 'OA')"],
  ...(["CN", "US", "IT", "VN", "IN"] as const).map((c): [Record<string, string>, string] => [{ countryCodes: c }, `s.country_code = '${c}'`]),
  [{ countryCodes: "cn,it,za" }, "s.country_code IN ('CN', 'IT', 'ZA')"],
  [{ onlineOnly: "true" }, "s.is_online"],
  [{ viewType: "SUPPLIERS" }, "NOT s.is_expanded_network"],
  [{ viewType: "EXPANDED_NETWORK" }, "s.is_expanded_network"],
  [{ viewType: "RFP" }, RFP_SQL],
];
/** Filters whose value selects everything (All, Online now off): they must not narrow. */
const NO_OP_FILTERS: Record<string, string>[] = [{ samplePrice: "ALL" }, { onlineOnly: "false" }];

type ScopedFilter = [Record<string, string> | (() => Record<string, string>), string | (() => string)];
const resolve = <T,>(x: T | (() => T)) => (typeof x === "function" ? (x as () => T)() : x);

describe("supplier filters and sorts match plain SQL over a demo-generated scope", () => {
  const scoped = (query: Record<string, unknown>) => ({ categoryIds: mx.scopeIds.join(","), ...query });
  async function allPages(query: Record<string, unknown>) {
    const first = await as(api, user.token, marketplace.searchSuppliers, { query: { ...scoped(query), size: 100 } as never });
    const list = [...first.list];
    for (let page = 1; list.length < first.total; page++) list.push(...(await as(api, user.token, marketplace.searchSuppliers, { query: { ...scoped(query), size: 100, page } as never })).list);
    return { list, total: first.total };
  }
  async function supplierSql(where: string, order = "s.rank DESC, s.id", scope: number[] = mx.scopeIds): Promise<string[]> {
    const { rows } = await api.deps.pool.query(`SELECT s.id FROM suppliers s WHERE s.category_ids && $1::int[] AND s.enabled_at IS NOT NULL AND (${where}) ORDER BY ${order}`, [scope]);
    return rows.map((r) => r.id);
  }

  it("the scope mixes enabled and disabled suppliers of all four verticals", async () => {
    const { rows } = await api.deps.pool.query("SELECT primary_vertical, enabled_at IS NOT NULL AS enabled FROM suppliers WHERE id = ANY($1::uuid[])", [mx.supplierIds]);
    expect(new Set(rows.map((r) => r.primary_vertical))).toEqual(new Set(VERTICAL_KEYS));
    expect(rows.some((r) => !r.enabled)).toBe(true);
  });

  const FILTERS: ScopedFilter[] = [
    [{ samplePrice: "5_50" }, "s.sample_price_min_cents >= 500 AND s.sample_price_min_cents < 5000"],
    [{ samplePrice: "50_100" }, "s.sample_price_min_cents >= 5000 AND s.sample_price_min_cents < 10000"],
    [{ samplePrice: "100_PLUS" }, "s.sample_price_min_cents >= 10000"],
    [{ samplePrice: "CUSTOM_QUOTE" }, "s.sample_price_min_cents IS NULL"],
    [{ moq: "0_100" }, "s.moq >= 0 AND s.moq < 100"],
    [{ moq: "100_1000" }, "s.moq >= 100 AND s.moq < 1000"],
    [{ moq: "1000_PLUS" }, "s.moq >= 1000"],
    [{ moq: "CUSTOM_QUOTE" }, "s.moq IS NULL"],
    [{ productionTime: "UNDER_1_MONTH" }, "s.production_days_max <= 30"],
    [{ productionTime: "1_2_MONTHS" }, "s.production_days_max BETWEEN 31 AND 60"],
    [{ productionTime: "2_3_MONTHS" }, "s.production_days_max BETWEEN 61 AND 90"],
    [{ productionTime: "3_PLUS_MONTHS" }, "s.production_days_max > 90"],
    ...SUPPLIER_COLUMN_FILTERS,
    ...VERTICAL_KEYS.map((v): ScopedFilter => [{ vertical: v }, () => `${V(v)().verticalId} = ANY(s.category_ids)`]),
    [() => ({ group: mx.verticals.products.groupKey }), () => `${mx.verticals.products.groupId} = ANY(s.category_ids)`],
    [() => ({ subgroup: `${mx.verticals.products.groupKey}/two` }), () => `${mx.verticals.products.subgroupIds[1]} = ANY(s.category_ids)`],
    [{ type: "PRODUCT" }, "s.primary_vertical = 'products'"],
    [{ type: "RFP_PACKAGING" }, "s.primary_vertical = 'ecommerce-packaging'"],
    [{ type: "SERVICES" }, "s.primary_vertical IN ('business-creative-services', 'website-development')"],
    [() => ({ vertical: "products", review: "3", regions: "AS,EU", supplierSize: "100_PLUS" }), () => `${mx.verticals.products.verticalId} = ANY(s.category_ids) AND s.average_review >= 3 AND s.region IN ('AS', 'EU') AND s.employee_count >= 100`],
    [{ viewType: "RFP", type: "PRODUCT", moq: "0_100" }, `(${RFP_SQL}) AND s.primary_vertical = 'products' AND s.moq < 100`],
  ];
  it.each(FILTERS.map(([q, sql]) => [typeof q === "function" ? "(scope keys)" : JSON.stringify(q), q, sql] as const))("filter %s", async (_name, q, sql) => {
    const query = resolve(q);
    const expected = await supplierSql(resolve(sql));
    const everything = await supplierSql("true");
    expect(expected.length, "the bucket has members in the scope").toBeGreaterThan(0);
    expect(expected.length, "the bucket leaves some of the scope out").toBeLessThan(everything.length);
    const res = await allPages(query);
    expect(res.list.map((s) => s.id)).toEqual(expected);
    expect(res.total).toBe(expected.length);
    expect((await as(api, user.token, marketplace.countSuppliers, { query: scoped(query) as never })).count).toBe(expected.length);
  });

  it.each(NO_OP_FILTERS.map((q) => [JSON.stringify(q), q] as const))("filter %s selects everything", async (_name, query) => {
    expect((await allPages(query)).list.map((s) => s.id)).toEqual(await supplierSql("true"));
  });

  it("categoryIds selects suppliers serving any of the categories", async () => {
    const ids = [mx.verticals.products.subgroupIds[0]!, mx.verticals["ecommerce-packaging"].groupId];
    const expected = await supplierSql("true", undefined, ids);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan((await supplierSql("true")).length);
    const res = await as(api, user.token, marketplace.searchSuppliers, { query: { categoryIds: ids.join(","), size: 100 } as never });
    expect(res.list.map((s) => s.id)).toEqual(expected);
  });

  it("RFP lists the suppliers that take custom projects: a contact address and made-to-order work", async () => {
    const edge = mx.supplierIds.slice(-8);
    const rfp = new Set((await allPages({ viewType: "RFP" })).list.map((s) => s.id));
    // Alder (private label), Cedar (custom tooling, expanded network) and Fir (a services studio) take
    // them; Birch (drop shipping only), Elm (flexo printing), Hazel (inspection) do no custom work;
    // Dogwood (OEM) and Ginkgo (web development) have no address a project could be sent to.
    expect(edge.map((id) => rfp.has(id))).toEqual([true, false, true, false, false, true, false, false]);
  });

  const SORTS: [string | undefined, string][] = [
    [undefined, "s.rank DESC, s.id"],
    ["-rank", "s.rank DESC, s.id"],
    ["-enabledAt", "s.enabled_at DESC NULLS LAST, s.id"],
    ["productionMinPrice", "s.production_min_price_cents ASC NULLS LAST, s.id"],
    ["-productionMinPrice", "s.production_min_price_cents DESC NULLS LAST, s.id"],
    ["-isOnline", "s.is_online DESC, s.last_online_at DESC NULLS LAST, s.rank DESC, s.id"],
    ["-firstEnabledAt", "s.first_enabled_at DESC NULLS LAST, s.id"],
    ["tariffRatePercent", "s.tariff_rate_percent ASC, s.rank DESC, s.id"],
  ];
  it.each(SORTS)("sort %s", async (sort, order) => {
    const res = await allPages(sort ? { sort } : {});
    expect(res.list.map((s) => s.id)).toEqual(await supplierSql("true", order));
  });

  it("Newly added and Newest are different orders (first enabling vs the latest)", async () => {
    expect(await supplierSql("true", "s.first_enabled_at DESC, s.id")).not.toEqual(await supplierSql("true", "s.enabled_at DESC, s.id"));
  });

  it("combines a keyword with filters and sorts: the keyword's matches, narrowed and ordered", async () => {
    const named = `s.name ~ '${mx.word}'`;
    for (const [query, sql] of [
      [{}, "true"],
      [{ moq: "100_1000" }, "s.moq >= 100 AND s.moq < 1000"],
      [{ vertical: "products", supplierSize: "50_PLUS" }, `${mx.verticals.products.verticalId} = ANY(s.category_ids) AND s.employee_count >= 50`],
      [{ viewType: "RFP" }, RFP_SQL],
    ] as const) {
      // A keyword without a service word searches for goods: service providers are left out unless a vertical or type is chosen.
      const goods = "vertical" in query ? "true" : GOODS_ONLY;
      const expected = await supplierSql(`${named} AND ${sql} AND ${goods}`, "s.tariff_rate_percent ASC, s.rank DESC, s.id");
      const sorted = await allPages({ keyword: mx.word, sort: "tariffRatePercent", ...query });
      expect(sorted.list.map((s) => s.id), JSON.stringify(query)).toEqual(expected);
      // Best match (the default with a keyword) ranks the same set by score.
      const best = await allPages({ keyword: mx.word, ...query });
      expect(best.list.map((s) => s.id).sort(), JSON.stringify(query)).toEqual([...expected].sort());
      expect(best.list.every((s) => s.score !== null)).toBe(true);
    }
    expect((await supplierSql(named)).length).toBeGreaterThan(3);
  });
});

describe("item filters and sorts match plain SQL over a demo-generated scope", () => {
  const scoped = (query: Record<string, unknown>) => ({ categoryIds: mx.scopeIds.join(","), ...query });
  async function allPages(query: Record<string, unknown>) {
    const first = await as(api, user.token, marketplace.searchCatalogItems, { query: { ...scoped(query), size: 100 } as never });
    const list = [...first.list];
    for (let page = 1; list.length < first.total; page++) list.push(...(await as(api, user.token, marketplace.searchCatalogItems, { query: { ...scoped(query), size: 100, page } as never })).list);
    return { list, total: first.total };
  }
  async function itemSql(where: string, order = "i.rank DESC, i.id"): Promise<string[]> {
    const { rows } = await api.deps.pool.query(
      `SELECT i.id FROM catalog_items i JOIN suppliers s ON s.id = i.supplier_id
        WHERE i.group_id = ANY($1::int[]) AND i.enabled_at IS NOT NULL AND s.enabled_at IS NOT NULL AND (${where}) ORDER BY ${order}`,
      [mx.scopeIds],
    );
    return rows.map((r) => r.id);
  }

  const FILTERS: ScopedFilter[] = [
    [{ samplePrice: "5_50" }, "i.sample_price_cents >= 500 AND i.sample_price_cents < 5000"],
    [{ samplePrice: "50_100" }, "i.sample_price_cents >= 5000 AND i.sample_price_cents < 10000"],
    [{ samplePrice: "100_PLUS" }, "i.sample_price_cents >= 10000"],
    [{ samplePrice: "CUSTOM_QUOTE" }, "i.sample_price_cents IS NULL"],
    [{ moq: "0_100" }, "i.moq >= 0 AND i.moq < 100"],
    [{ moq: "100_1000" }, "i.moq >= 100 AND i.moq < 1000"],
    [{ moq: "1000_PLUS" }, "i.moq >= 1000"],
    [{ moq: "CUSTOM_QUOTE" }, "i.moq IS NULL"],
    [{ productionTime: "UNDER_1_MONTH" }, "i.production_days_max <= 30"],
    [{ productionTime: "1_2_MONTHS" }, "i.production_days_max BETWEEN 31 AND 60"],
    [{ productionTime: "2_3_MONTHS" }, "i.production_days_max BETWEEN 61 AND 90"],
    [{ productionTime: "3_PLUS_MONTHS" }, "i.production_days_max > 90"],
    ...SUPPLIER_COLUMN_FILTERS,
    ...VERTICAL_KEYS.map((v): ScopedFilter => [{ vertical: v }, () => `i.vertical_id = ${V(v)().verticalId}`]),
    [() => ({ group: mx.verticals["ecommerce-packaging"].groupKey }), () => `i.group_id = ${mx.verticals["ecommerce-packaging"].groupId}`],
    [() => ({ subgroup: `${mx.verticals.products.groupKey}/one` }), () => `i.subgroup_id = ${mx.verticals.products.subgroupIds[0]}`],
    [{ type: "PRODUCT" }, "i.type = 'PRODUCT'"],
    [{ type: "PACKAGING" }, "i.type = 'PACKAGING'"],
    [{ type: "RFP_SERVICES" }, "i.type = 'SERVICES'"],
    [{ isSampleKit: "true" }, "i.is_sample_kit"],
    [{ isSampleKit: "false" }, "NOT i.is_sample_kit"],
    [{ viewType: "CATALOG_PRODUCTS", samplePrice: "5_50" }, "i.sample_price_cents >= 500 AND i.sample_price_cents < 5000"],
    [{ moq: "100_1000", regions: "AS,EU", onlineOnly: "true" }, "i.moq >= 100 AND i.moq < 1000 AND s.region IN ('AS', 'EU') AND s.is_online"],
  ];
  it.each(FILTERS.map(([q, sql]) => [typeof q === "function" ? "(scope keys)" : JSON.stringify(q), q, sql] as const))("filter %s", async (_name, q, sql) => {
    const query = resolve(q);
    const expected = await itemSql(resolve(sql));
    expect(expected.length, "the bucket has members in the scope").toBeGreaterThan(0);
    expect(expected.length, "the bucket leaves some of the scope out").toBeLessThan((await itemSql("true")).length);
    const res = await allPages(query);
    expect(res.list.map((i) => i.id)).toEqual(expected);
    expect(res.total).toBe(expected.length);
    expect((await as(api, user.token, marketplace.countCatalogItems, { query: scoped(query) as never })).count).toBe(expected.length);
  });

  it.each([...NO_OP_FILTERS, { viewType: "CATALOG_PRODUCTS" }].map((q) => [JSON.stringify(q), q] as const))("filter %s selects everything", async (_name, query) => {
    expect((await allPages(query)).list.map((i) => i.id)).toEqual(await itemSql("true"));
  });

  it("categoryIds selects items under any of the categories, at any level", async () => {
    const ids = [mx.verticals.products.subgroupIds[1]!, mx.verticals["website-development"].groupId];
    const expected = await itemSql(`i.subgroup_id = ${ids[0]} OR i.group_id = ${ids[1]}`);
    expect(expected.length).toBeGreaterThan(0);
    expect((await as(api, user.token, marketplace.countCatalogItems, { query: { categoryIds: ids.join(",") } as never })).count).toBe(expected.length);
  });

  const SORTS: [string | undefined, string][] = [
    [undefined, "i.rank DESC, i.id"],
    ["-rank", "i.rank DESC, i.id"],
    ["-enabledAt", "i.enabled_at DESC NULLS LAST, i.id"],
    ["productionMinPrice", "i.price_min_cents ASC NULLS LAST, i.id"],
    ["-productionMinPrice", "i.price_min_cents DESC NULLS LAST, i.id"],
    ["-isOnline", "s.is_online DESC, s.last_online_at DESC NULLS LAST, i.rank DESC, i.id"],
    ["-firstEnabledAt", "i.first_enabled_at DESC NULLS LAST, i.id"],
    ["tariffRatePercent", "s.tariff_rate_percent ASC, i.rank DESC, i.id"],
  ];
  it.each(SORTS)("sort %s", async (sort, order) => {
    const res = await allPages(sort ? { sort } : {});
    expect(res.list.map((i) => i.id)).toEqual(await itemSql("true", order));
  });

  it("Newly added is the first enabling: neither the latest enabling nor the creation time", async () => {
    const newlyAdded = await itemSql("true", "i.first_enabled_at DESC, i.id");
    expect(newlyAdded).not.toEqual(await itemSql("true", "i.enabled_at DESC, i.id"));
    expect(newlyAdded).not.toEqual(await itemSql("true", "i.created_at DESC, i.id"));
    // The database keeps it: set at the first enabling, kept when an item is switched off and on.
    const id = mx.itemIds[0]!;
    await api.deps.pool.query("UPDATE catalog_items SET enabled_at = NULL, first_enabled_at = NULL WHERE id = $1", [id]);
    await api.deps.pool.query("UPDATE catalog_items SET enabled_at = now() - interval '2 days' WHERE id = $1", [id]);
    await api.deps.pool.query("UPDATE catalog_items SET enabled_at = NULL WHERE id = $1", [id]);
    await api.deps.pool.query("UPDATE catalog_items SET enabled_at = now() WHERE id = $1", [id]);
    const { rows: after } = await api.deps.pool.query("SELECT first_enabled_at < enabled_at - interval '1 day' AS kept, first_enabled_at FROM catalog_items WHERE id = $1", [id]);
    expect(after[0].kept).toBe(true);
    // And the item says so.
    const { item } = await as(api, user.token, marketplace.getCatalogItem, { params: { id } });
    expect(item.firstEnabledAt).toBe((after[0].first_enabled_at as Date).toISOString());
    expect(Date.parse(item.enabledAt!)).toBeGreaterThan(Date.parse(item.firstEnabledAt!));
  });

  it("combines a keyword with item filters: the keyword's matches, narrowed and ordered", async () => {
    const named = `i.title ~ '${mx.word}'`;
    for (const [query, sql] of [
      [{}, "true"],
      [{ samplePrice: "5_50", type: "PRODUCT" }, "i.sample_price_cents >= 500 AND i.sample_price_cents < 5000 AND i.type = 'PRODUCT'"],
      [{ productionTime: "1_2_MONTHS", review: "4" }, "i.production_days_max BETWEEN 31 AND 60 AND s.average_review >= 4"],
    ] as const) {
      const goods = "type" in query ? "true" : GOODS_ONLY;
      const expected = await itemSql(`${named} AND ${sql} AND ${goods}`, "i.price_min_cents ASC NULLS LAST, i.id");
      const sorted = await allPages({ keyword: mx.word, sort: "productionMinPrice", ...query });
      expect(sorted.list.map((i) => i.id), JSON.stringify(query)).toEqual(expected);
      const best = await allPages({ keyword: mx.word, ...query });
      expect(best.list.map((i) => i.id).sort(), JSON.stringify(query)).toEqual([...expected].sort());
    }
  });

  it("counts the scope's items per category group, as SQL does", async () => {
    const res = await as(api, user.token, marketplace.countCatalogItemsByCategoryGroup, { query: { categoryIds: mx.scopeIds.join(","), moq: "0_100" } as never });
    const { rows } = await api.deps.pool.query(
      `SELECT i.group_id AS "categoryId", count(*)::int AS count FROM catalog_items i JOIN suppliers s ON s.id = i.supplier_id
        WHERE i.group_id = ANY($1::int[]) AND i.enabled_at IS NOT NULL AND s.enabled_at IS NOT NULL AND i.moq < 100 GROUP BY i.group_id ORDER BY count DESC, i.group_id`,
      [mx.scopeIds],
    );
    expect(res.list.map(({ categoryId, count }) => ({ categoryId, count }))).toEqual(rows);
  });
});

describe("keyword counts", () => {
  it("count a keyword's matches from its kept scoring as a count that scores afresh does, and as the search's total", async () => {
    const off = await startTestApi({ config: testConfig({ searchCache: false }) });
    try {
      const offUser = await registerUser(off);
      const scoped = { keyword: mx.word, categoryIds: mx.scopeIds.join(",") };
      const withMoq = { ...scoped, moq: "0_100" };
      for (const query of [scoped, withMoq]) {
        const kept = await as(api, user.token, marketplace.countCatalogItems, { query: query as never });
        expect(kept.count).toBeGreaterThan(0);
        expect(kept).toEqual(await as(off, offUser.token, marketplace.countCatalogItems, { query: query as never }));
        expect(kept.count).toBe((await as(api, user.token, marketplace.searchCatalogItems, { query: query as never })).total);
        const groups = await as(api, user.token, marketplace.countCatalogItemsByCategoryGroup, { query: query as never });
        expect(groups).toEqual(await as(off, offUser.token, marketplace.countCatalogItemsByCategoryGroup, { query: query as never }));
        expect(groups.list.reduce((sum, g) => sum + g.count, 0)).toBe(kept.count);
        const suppliers = { keyword: mx.word, categoryIds: scoped.categoryIds };
        const keptSuppliers = await as(api, user.token, marketplace.countSuppliers, { query: suppliers as never });
        expect(keptSuppliers.count).toBeGreaterThan(0);
        expect(keptSuppliers).toEqual(await as(off, offUser.token, marketplace.countSuppliers, { query: suppliers as never }));
      }
    } finally {
      await off.close();
    }
  });
});

describe("supplier search over the edge fixture", () => {
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

describe("items over the edge fixture", () => {
  const items = (query: Record<string, unknown>) => as(api, user.token, marketplace.searchCatalogItems, { query: { group: group(), size: 100, ...query } as never });
  it("parses colour entries and draws a card picture for items without photos", async () => {
    const res = await items({});
    expect(res.list[0]!.colors).toEqual([{ name: "Red", hex: "#ff0000", variant: "matte" }]);
    const link = res.list[0]!.imageUrl;
    // The link names the drawing: its kind (from the item's title), seed and colour.
    expect(link).toMatch(/^\/rest\/main\/app\/card-pictures\/[a-z]+--?\d+-[0-9a-f]{6}\.svg$/);
    // Public, immutable, and the same drawing image search describes for the item.
    const picture = await fetch(`${api.url}${link}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(picture.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(picture.headers.get("content-security-policy")).toContain("sandbox");
    const { rows } = await api.deps.pool.query("SELECT title, image_seed, image_color FROM catalog_items WHERE id = $1", [res.list[0]!.id]);
    expect(await picture.text()).toBe(itemImageSvg({ imageSeed: rows[0].image_seed, imageColor: rows[0].image_color, kind: pictureKindOf(rows[0].title) }));
  });
  it("draws each kind its own way and keeps links made before kinds drawing what they drew", async () => {
    const mug = await fetch(`${api.url}/rest/main/app/card-pictures/mug-42-c8643b.svg`);
    expect(mug.status).toBe(200);
    expect(await mug.text()).toBe(itemImageSvg({ kind: "mug", imageSeed: 42, imageColor: "#c8643b" }));
    const tshirt = await (await fetch(`${api.url}/rest/main/app/card-pictures/tshirt-42-c8643b.svg`)).text();
    expect(tshirt).not.toBe(await (await fetch(`${api.url}/rest/main/app/card-pictures/mug-42-c8643b.svg`)).text());
    const old = await fetch(`${api.url}/rest/main/app/card-pictures/42-c8643b.svg`);
    expect(old.status).toBe(200);
    expect(await old.text()).toBe(itemImageSvg({ imageSeed: 42, imageColor: "#c8643b" }));
  });
  it("refuses a card picture name that names no drawing with 400 and the field", async () => {
    for (const name of ["12.svg", "12-FF0000.svg", "12-ff0000.png", "99999999999-ff0000.svg", "x-ff0000.svg", "spaceship-12-ff0000.svg", "Mug-12-ff0000.svg"]) {
      const res = await api.raw("GET", `/app/card-pictures/${name}`);
      expect(res.status, name).toBe(400);
      expect(res.body.details[0], name).toEqual({ field: "params.name", reason: expect.stringContaining("<seed>-<rrggbb>.svg") });
    }
  });
  it("product listings default to page 0, size 100, -rankedAt, no sample kits", async () => {
    const res = await as(api, user.token, marketplace.listProductListings, { query: { supplierId: fx.supplierIds[0] } });
    expect(res).toMatchObject({ page: 0, size: 100, total: 1 });
    expect(res.list.map((i) => i.id)).toEqual([fx.itemIds[0]]);
    const kits = await as(api, user.token, marketplace.listProductListings, { query: { supplierId: fx.supplierIds[0], isSampleKit: "true" } });
    expect(kits.list.map((i) => i.id)).toEqual([fx.itemIds[1]]);
    expect((await api.raw("GET", "/web/catalog-items/-/product-listings?sort=price", { token: user.token })).status).toBe(400);
  });
  it("counts items per category group", async () => {
    const res = await as(api, user.token, marketplace.countCatalogItemsByCategoryGroup, { query: { group: group() } });
    expect(res.list).toEqual([{ categoryId: fx.groupId, key: group(), title: expect.any(String), vertical: "products", count: 4 }]);
  });
});

describe("categories", () => {
  it("returns the tree and the children paged up to 9999", async () => {
    const tree = await as(api, user.token, marketplace.listCatalogCategories, { query: { vertical: "products" } });
    const mine = tree.list[0]!.children.find((c) => c.id === fx.groupId)!;
    expect(mine.children.map((c) => c.slug)).toEqual(["alpha", "beta"]);
    const subs = await as(api, user.token, marketplace.listCatalogSubCategories, { query: { parentId: fx.groupId, page: 0, size: 9999 } });
    expect(subs).toMatchObject({ total: 2, page: 0, size: 9999 });
    expect(subs.list.map((c) => c.id)).toEqual(fx.subgroupIds);
    const page1 = await as(api, user.token, marketplace.listCatalogSubCategories, { query: { parentId: fx.groupId, page: 1, size: 1 } });
    expect(page1.list.map((c) => c.id)).toEqual([fx.subgroupIds[1]]);
    const groups = await as(api, user.token, marketplace.listCatalogSubCategories, { query: { vertical: "products", size: 9999 } });
    expect(groups.list.some((c) => c.id === fx.groupId)).toBe(true);
    expect((await api.raw("GET", "/web/catalog-categories/-/sub-categories?size=10000", { token: user.token })).status).toBe(400);
    expect((await api.raw("GET", "/web/catalog-categories?vertical=shoes", { token: user.token })).body.details[0].field).toBe("query.vertical");
  });
});

describe("suppliers by id, profile, tracking, recommendations", () => {
  it("returns suppliers by ids in the order asked, leaving unknown ids out", async () => {
    const ids = [fx.supplierIds[2]!, "00000000-0000-4000-8000-000000000000", fx.supplierIds[0]!];
    const res = await as(api, user.token, marketplace.getSuppliersByIds, { params: { ids: ids.join(",") as never } });
    expect(res.list.map((s) => s.id)).toEqual([fx.supplierIds[2], fx.supplierIds[0]]);
    const bad = await api.raw("GET", "/web/catalog-companies/not-a-uuid,also-bad", { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("params.ids.0");
  });

  it("returns the profile tabs and 404 for an unknown supplier", async () => {
    const p = await as(api, user.token, marketplace.getSupplierProfile, { params: { id: fx.supplierIds[0]! } });
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
    const featured = await as(api, fresh.token, marketplace.recommendItemsToUser, { body: { size: 5 } });
    expect(featured.basedOn).toBe("FEATURED");
    const viewed = await as(api, user.token, marketplace.recommendItemsToUser, { body: { size: 5 } });
    expect(viewed.basedOn).toBe("HISTORY");
    expect(viewed.list.every((i) => i.supplierId !== fx.supplierIds[3])).toBe(true);
  });

  it("recommends next items from other suppliers, and 404s unknown ones", async () => {
    const res = await as(api, user.token, marketplace.recommendNextItems, { query: { supplierId: fx.supplierIds[0] } });
    expect(res.list.every((i) => i.supplierId !== fx.supplierIds[0])).toBe(true);
    expect((await api.raw("GET", "/web/catalog-companies/action/recommend-next-items", { token: user.token })).status).toBe(400);
    expect((await api.raw("GET", "/web/catalog-companies/action/recommend-next-items?itemId=00000000-0000-4000-8000-000000000000", { token: user.token })).status).toBe(404);
  });

  it("serves the homepage groups, a sourcing tab, country info and for-you", async () => {
    const home = await as(api, user.token, marketplace.listHomepageGroupSuppliers, { query: { tab: "products", size: 50 } });
    expect(home.groups.map((g) => g.vertical)).toEqual(["products"]);
    const tab = await as(api, user.token, marketplace.listSourcingTabSuppliers, { query: { tab: "products", size: 100 } });
    expect(tab.list.length).toBeGreaterThan(0);
    expect(tab.list.every((s) => s.categoryIds.includes(fx.verticalId))).toBe(true);
    const countries = await as(api, user.token, marketplace.getSupplierCountryInfo, {});
    expect(countries.list.find((c) => c.countryCode === "IT")).toMatchObject({ countryName: "Italy", region: "EU" });
    const forYou = await as(api, user.token, marketplace.searchSuppliersForYou, {});
    expect(forYou.size).toBe(50);
    expect((await api.raw("GET", "/web/catalog-companies/sourcing-tab/suppliers?tab=shoes", { token: user.token })).status).toBe(400);
  });

  it("returns one item with its sections and 404 for an unknown one", async () => {
    const d = await as(api, user.token, marketplace.getCatalogItem, { params: { id: fx.itemIds[2]! } });
    expect(d.item.id).toBe(fx.itemIds[2]);
    expect(d.supplier.id).toBe(fx.supplierIds[3]);
    expect(d.reviews.summary).toMatchObject({ count: 1, average: 2 });
    expect(d.similarProducts.every((i) => i.id !== fx.itemIds[2])).toBe(true);
    expect((await api.raw("GET", "/web/catalog-items/00000000-0000-4000-8000-000000000000", { token: user.token })).status).toBe(404);
    const recs = await as(api, user.token, marketplace.listCatalogItemRecommendations, { params: { id: fx.itemIds[2]! }, query: { size: 3 } });
    expect(recs.list.length).toBeLessThanOrEqual(3);
    expect((await api.raw("GET", "/web/catalog-items/00000000-0000-4000-8000-000000000000/recommendations", { token: user.token })).status).toBe(404);
  });
});

describe("reviews", () => {
  it("creates one review per store, edits only its own, and summarises", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    const supplierId = fx.supplierIds[6]!;
    await paidOrderFrom(api.deps.pool, a.store.id, supplierId);
    await paidOrderFrom(api.deps.pool, b.store.id, supplierId);
    const created = await as(api, a.token, marketplace.createSupplierReview, { body: { supplierId, rating: 4, body: "Good samples" } });
    expect(created).toMatchObject({ rating: 4, isMine: true, authorName: "Test store" });
    await expect(as(api, a.token, marketplace.createSupplierReview, { body: { supplierId, rating: 5, body: "again" } })).rejects.toMatchObject({ status: 409 });
    await expect(as(api, b.token, marketplace.updateSupplierReview, { params: { id: created.id }, body: { rating: 1 } })).rejects.toMatchObject({ status: 404 });
    const edited = await as(api, a.token, marketplace.updateSupplierReview, { params: { id: created.id }, body: { rating: 2 } });
    expect(edited).toMatchObject({ rating: 2, body: "Good samples" });
    await as(api, b.token, marketplace.createSupplierReview, { body: { supplierId, rating: 5, body: "Great" } });
    const summary = await as(api, b.token, marketplace.getSupplierReviewSummary, { params: { id: supplierId } });
    expect(summary).toEqual({ supplierId, average: 3.5, count: 2, histogram: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 } });
    const list = await as(api, b.token, marketplace.listSupplierReviews, { query: { supplierId } });
    expect(list.total).toBe(2);
    expect(list.list.map((r) => r.isMine).sort()).toEqual([false, true]);
    // mine=true: only the calling store's own review; none for a store that has not reviewed; 404 for an unknown supplier.
    const mine = await as(api, a.token, marketplace.listSupplierReviews, { query: { supplierId, mine: "true" } });
    expect(mine).toMatchObject({ total: 1, list: [{ id: created.id, isMine: true, rating: 2 }] });
    const none = await registerUser(api);
    expect((await as(api, none.token, marketplace.listSupplierReviews, { query: { supplierId, mine: "true" } })).list).toEqual([]);
    expect((await api.raw("GET", "/web/catalog-company-reviews?supplierId=00000000-0000-4000-8000-000000000000&mine=true", { token: a.token })).status).toBe(404);
    expect((await api.raw("GET", `/web/catalog-company-reviews?supplierId=${supplierId}&mine=yes`, { token: a.token })).body.details[0].field).toBe("query.mine");
    const { rows } = await api.deps.pool.query("SELECT average_review, review_count FROM suppliers WHERE id = $1", [supplierId]);
    expect(rows[0]).toEqual({ average_review: 3.5, review_count: 2 });
  });

  it("refuses bad reviews: 400 rating, 404 supplier, 403 preview and CX role, 401", async () => {
    const a = await registerUser(api);
    const bad = await api.raw("POST", "/web/catalog-company-reviews", { token: a.token, body: { supplierId: fx.supplierIds[0], rating: 6, body: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("body.rating");
    await expect(as(api, a.token, marketplace.createSupplierReview, { body: { supplierId: "00000000-0000-4000-8000-000000000000", rating: 3, body: "x" } })).rejects.toMatchObject({ status: 404 });
    const { token: preview } = await api.deps.tokens.sign({ userId: a.user.id, storeId: a.store.id, role: "OWNER", isPreview: true }, "v1");
    expect((await api.raw("POST", "/web/catalog-company-reviews", { token: preview, body: { supplierId: fx.supplierIds[0], rating: 3, body: "x" } })).status).toBe(403);
    // A real CX member: the role is read from the membership, not the token.
    const member = await registerUser(api);
    await api.deps.pool.query("INSERT INTO store_members (store_id, user_id, role) VALUES ($1, $2, 'CX')", [a.store.id, member.user.id]);
    const { token: cx } = await api.deps.tokens.sign({ userId: member.user.id, storeId: a.store.id, role: "CX", isPreview: false }, "v1");
    expect((await api.raw("POST", "/web/catalog-company-reviews", { token: cx, body: { supplierId: fx.supplierIds[0], rating: 3, body: "x" } })).status).toBe(403);
    expect((await api.raw("POST", "/web/catalog-company-reviews", { body: { supplierId: fx.supplierIds[0], rating: 3, body: "x" } })).status).toBe(401);
    expect((await api.raw("PUT", `/web/catalog-company-reviews/00000000-0000-4000-8000-000000000000`, { token: a.token, body: {} })).status).toBe(400);
    expect((await api.raw("GET", `/web/catalog-company-reviews/-/summary/00000000-0000-4000-8000-000000000000`, { token: a.token })).status).toBe(404);
    expect((await api.raw("GET", `/web/catalog-company-reviews?supplierId=00000000-0000-4000-8000-000000000000`, { token: a.token })).status).toBe(404);
  });

  it("refuses a public review without a store's review link, saying what works instead (docs/security.md, item 6)", async () => {
    const email = `reviewer-${uniq()}@example.com`;
    const path = (id: string) => `/app/supplier-profile/${id}/post-review`;
    const refused = await api.raw("POST", path(fx.supplierIds[7]!), { body: { authorName: "Ana", email, rating: 5, body: "Lovely" } });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: "body.reviewToken", reason: expect.stringContaining("log in and review it from the order") }]);
    expect((await api.raw("POST", path(fx.supplierIds[7]!), { body: { authorName: "Ana", email: "not-an-email", rating: 1, body: "x" } })).body.details[0].field).toBe("body.email");
    expect((await api.raw("POST", path("00000000-0000-4000-8000-000000000000"), { body: { authorName: "Ana", email, rating: 1, body: "x" } })).status).toBe(404);
    const { rows } = await api.deps.pool.query("SELECT 1 FROM supplier_reviews WHERE author_email = $1", [email]);
    expect(rows).toEqual([]);
  });
});

describe("favourites", () => {
  it("adds, lists, removes; another store sees none and cannot remove them", async () => {
    const a = await registerUser(api);
    const b = await registerUser(api);
    const fav = await as(api, a.token, marketplace.addFavorite, { body: { kind: "SUPPLIER", targetId: fx.supplierIds[1]! } });
    expect(fav.supplier?.id).toBe(fx.supplierIds[1]);
    const again = await as(api, a.token, marketplace.addFavorite, { body: { kind: "SUPPLIER", targetId: fx.supplierIds[1]! } });
    expect(again.id).toBe(fav.id);
    const itemFav = await as(api, a.token, marketplace.addFavorite, { body: { kind: "CATALOG_ITEM", targetId: fx.itemIds[0]! } });
    expect(itemFav.item?.id).toBe(fx.itemIds[0]);
    const list = await as(api, a.token, marketplace.listFavorites, {});
    expect(list.total).toBe(2);
    expect((await as(api, a.token, marketplace.listFavorites, { query: { kind: "CATALOG_ITEM" } })).list.map((f) => f.id)).toEqual([itemFav.id]);
    expect((await as(api, b.token, marketplace.listFavorites, {})).total).toBe(0);
    await expect(as(api, b.token, marketplace.removeFavorite, { params: { id: fav.id } })).rejects.toMatchObject({ status: 404 });
    const detail = await as(api, a.token, marketplace.getSupplierProfile, { params: { id: fx.supplierIds[1]! } });
    expect(detail.favoriteId).toBe(fav.id);
    expect((await as(api, b.token, marketplace.getSupplierProfile, { params: { id: fx.supplierIds[1]! } })).favoriteId).toBeNull();
    await as(api, a.token, marketplace.removeFavorite, { params: { id: fav.id } });
    await expect(as(api, a.token, marketplace.removeFavorite, { params: { id: fav.id } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, a.token, marketplace.addFavorite, { body: { kind: "CATALOG_ITEM", targetId: fx.supplierIds[1]! } })).rejects.toMatchObject({ status: 404 });
    expect((await api.raw("POST", "/web/favorites", { token: a.token, body: { kind: "STORE", targetId: fx.supplierIds[1] } })).body.details[0].field).toBe("body.kind");
    const { token: preview } = await api.deps.tokens.sign({ userId: a.user.id, storeId: a.store.id, role: "OWNER", isPreview: true }, "v1");
    expect((await api.raw("POST", "/web/favorites", { token: preview, body: { kind: "SUPPLIER", targetId: fx.supplierIds[1] } })).status).toBe(403);
  });
});

describe("public previews", () => {
  it("serve an item, a supplier, its reviews and their summary without a token and without store data", async () => {
    const item = await api.raw("GET", `/app/catalog-items/${fx.itemIds[0]}`);
    expect(item.status).toBe(200);
    expect(item.body.item.id).toBe(fx.itemIds[0]);
    expect(item.body).not.toHaveProperty("favoriteId");
    const supplier = await api.raw("GET", `/app/catalog-companies/${fx.supplierIds[0]}`);
    expect(supplier.status).toBe(200);
    expect(supplier.body.supplier.id).toBe(fx.supplierIds[0]);
    expect(supplier.body).not.toHaveProperty("favoriteId");
    expect(supplier.body.tabs.REVIEWS.list.every((r: { isMine: boolean }) => !r.isMine)).toBe(true);

    // A store's own review is not "mine" on the public page, even when the store's owner opens it with a token.
    const author = await registerUser(api);
    const supplierId = fx.supplierIds[5]!;
    await paidOrderFrom(api.deps.pool, author.store.id, supplierId);
    const mine = await as(api, author.token, marketplace.createSupplierReview, { body: { supplierId, rating: 4, body: "Quick samples" } });
    await api.deps.pool.query("INSERT INTO supplier_reviews (supplier_id, author_name, rating, body, created_at) VALUES ($1, 'Older', 2, 'slow', now() - interval '1 day')", [supplierId]);
    const page0 = await api.raw("GET", `/app/catalog-company-reviews?supplierId=${supplierId}&size=1`);
    expect(page0.status).toBe(200);
    expect(page0.body).toMatchObject({ total: 2, page: 0, size: 1 });
    expect(page0.body.list.map((r: { id: string; isMine: boolean }) => [r.id, r.isMine])).toEqual([[mine.id, false]]);
    const page1 = await api.raw("GET", `/app/catalog-company-reviews?supplierId=${supplierId}&size=1&page=1`, { token: author.token });
    expect(page1.body.list.map((r: { authorName: string; isMine: boolean }) => [r.authorName, r.isMine])).toEqual([["Older", false]]);
    const summary = await api.raw("GET", `/app/catalog-company-reviews/-/summary/${supplierId}`);
    expect(summary).toMatchObject({ status: 200, body: { supplierId, average: 3, count: 2, histogram: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 } } });
  });

  it("answer 404 for an unknown supplier or item and 400 for malformed ids, without a token", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const path of [`/app/catalog-items/${unknown}`, `/app/catalog-companies/${unknown}`, `/app/catalog-company-reviews?supplierId=${unknown}`, `/app/catalog-company-reviews/-/summary/${unknown}`]) {
      const res = await api.raw("GET", path);
      expect(res.status, path).toBe(404);
      expect(res.body.code, path).toBe("NOT_FOUND");
    }
    // A disabled supplier is not public either.
    const { rows } = await api.deps.pool.query("SELECT id FROM suppliers WHERE id = ANY($1::uuid[]) AND enabled_at IS NULL LIMIT 1", [mx.supplierIds]);
    expect((await api.raw("GET", `/app/catalog-companies/${rows[0].id}`)).status).toBe(404);
    for (const [path, field] of [
      ["/app/catalog-companies/not-a-uuid", "params.id"],
      ["/app/catalog-company-reviews", "query.supplierId"],
      [`/app/catalog-company-reviews?supplierId=${fx.supplierIds[0]}&size=101`, "query.size"],
      ["/app/catalog-company-reviews/-/summary/nope", "params.id"],
    ]) {
      const res = await api.raw("GET", path!);
      expect(res.status, path).toBe(400);
      expect(res.body.details[0].field, path).toBe(field);
    }
  });

  it("search suppliers and items without a token, as the signed-in search does, in small pages", async () => {
    const max = marketplace.PUBLIC_SEARCH_MAX_SIZE;
    const suppliers = await api.raw("GET", `/app/catalog-companies/-/search?group=${group()}&sort=-rank&size=${max}`);
    expect(suppliers.status).toBe(200);
    const signedIn = await as(api, user.token, marketplace.searchSuppliers, { query: { group: group(), sort: "-rank", size: max } as never });
    expect(suppliers.body.list.map((s: { id: string }) => s.id)).toEqual(signedIn.list.map((s) => s.id));
    expect(suppliers.body).toMatchObject({ total: signedIn.total, page: 0, size: max });
    const kits = await api.raw("GET", `/app/catalog-items/-/search?supplierId=${fx.supplierIds[0]}&isSampleKit=true`);
    expect(kits.status).toBe(200);
    expect(kits.body).toMatchObject({ total: 1, size: 8, list: [{ id: fx.itemIds[1] }] });
  });

  it("refuse a public search's bad input with 400 and the field, without a token", async () => {
    for (const [path, field] of [
      [`/app/catalog-companies/-/search?size=${marketplace.PUBLIC_SEARCH_MAX_SIZE + 1}`, "query.size"],
      [`/app/catalog-items/-/search?size=${marketplace.PUBLIC_SEARCH_MAX_SIZE + 1}`, "query.size"],
      ["/app/catalog-companies/-/search?viewType=CATALOG_PRODUCTS", "query.viewType"],
      ["/app/catalog-companies/-/search?supplierId=00000000-0000-4000-8000-000000000000", "query.supplierId"],
      ["/app/catalog-items/-/search?group=products/no-such-group", "query.group"],
      ["/app/catalog-items/-/search?supplierId=nope", "query.supplierId"],
      ["/app/catalog-items/-/search?isSampleKit=yes", "query.isSampleKit"],
    ]) {
      const res = await api.raw("GET", path!);
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe("VALIDATION_FAILED");
      expect(res.body.details[0].field, path).toBe(field);
    }
  });
});

describe("failure paths of the marketplace's list endpoints", () => {
  it("refuses bad input to the category-group count with the field, and needs a login", async () => {
    for (const [qs, field] of [
      ["samplePrice=cheap", "query.samplePrice"],
      ["group=products/no-such-group", "query.group"],
      ["subgroup=products", "query.subgroup"],
      ["categoryIds=abc", "query.categoryIds.0"],
      ["sort=-price", "query.sort"],
      ["page=0", "query.page"],
    ]) {
      const res = await api.raw("GET", `/web/catalog-items/action/category-group?${qs}`, { token: user.token });
      expect(res.status, qs).toBe(400);
      expect(res.body.details[0].field, qs).toBe(field);
    }
    expect((await api.raw("GET", "/web/catalog-items/action/category-group")).status).toBe(401);
  });

  it("pages for-you by at most 50 (000 §9): 51 is a 400", async () => {
    expect((await as(api, user.token, marketplace.searchSuppliersForYou, { query: { size: 50 } })).size).toBe(50);
    for (const qs of ["size=51", "size=0", "page=-1"]) {
      const res = await api.raw("GET", `/web/catalog-companies/for-you/search-suppliers?${qs}`, { token: user.token });
      expect(res.status, qs).toBe(400);
      expect(res.body.details[0].field, qs).toBe(`query.${qs.split("=")[0]}`);
    }
  });

  it("refuses a homepage group with a bad tab or size", async () => {
    for (const [qs, field] of [["tab=shoes", "query.tab"], ["tab=ALL", "query.tab"], ["size=51", "query.size"], ["vertical=products", "query.vertical"]]) {
      const res = await api.raw("GET", `/web/catalog-companies/homepage-group/suppliers?${qs}`, { token: user.token });
      expect(res.status, qs).toBe(400);
      expect(res.body.details[0].field, qs).toBe(field);
    }
  });
});

describe("autocomplete", () => {
  it("completes item titles and supplier names, typo tolerant", async () => {
    const name = SUPPLIERS[3]!.name;
    const res = await as(api, user.token, marketplace.suggestCatalogAutoComplete, { query: { keyword: name.replace("Ceramics", "Ceramiks") } });
    expect(res.list.some((s) => s.kind === "SUPPLIER" && s.id === fx.supplierIds[3])).toBe(true);
    expect((await api.raw("GET", "/web/catalog-items/action/suggest-auto-complete?keyword=", { token: user.token })).status).toBe(400);
  });
});

void DAY;
