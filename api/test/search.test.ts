import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { seedCatalog, uniq, type CatalogFixture } from "./marketplace-fixtures";
import { coverageQuery } from "../src/queries/marketplace/search";
import { flushSearchLogs, logSearch } from "../src/services/marketplace/search-log";
import type { RequestContext } from "../src/context";

let api: TestApi;
let user: TestUser;
let fx: CatalogFixture;
// An invented brand word keeps these rows apart from anything else in the shared database.
const BRAND = `quillmoor${uniq().replace(/\d/g, "x")}`;

beforeAll(async () => {
  api = await startTestApi();
  user = await registerUser(api);
  fx = await seedCatalog(
    api.deps.pool,
    [
      { name: `${BRAND} Ceramics Works`, capabilities: ["glazed stoneware", "wheel throwing"], description: "Small-batch pottery studio" },
      { name: `${BRAND} Apparel House`, capabilities: ["cut and sew", "screen printing"], description: "Knitwear and jersey garments" },
    ],
    [
      { supplier: 0, title: `${BRAND} speckled stoneware mug`, description: "Hand-glazed 350 ml mug with a speckled finish", keywords: "ceramic drinkware" },
      { supplier: 1, title: `${BRAND} heavyweight T-shirt`, description: "Boxy 240 gsm organic cotton tee", keywords: "apparel tops" },
      { supplier: 1, title: `${BRAND} fleece hoodie`, description: "Brushed fleece pullover", keywords: "apparel outerwear" },
    ],
  );
});
afterAll(() => api.close());

const items = (keyword: string, extra: Record<string, unknown> = {}) => as(api, user.token, marketplace.searchCatalogItems, { query: { keyword, group: fx.groupKey, ...extra } as never });

describe("keyword search", () => {
  it("takes full-text candidates holding at least half of three or more words", () => {
    expect(coverageQuery(1, 1)).toBeNull();
    expect(coverageQuery(2, 1)).toBeNull();
    expect(coverageQuery(3, 2)).toBe("(kq.g0 && kq.g1) || (kq.g0 && kq.g2) || (kq.g1 && kq.g2)");
    expect(coverageQuery(4, 2)!.split(" || ")).toHaveLength(6);
    // Too many combinations: any word, as the scoring rule still applies.
    expect(coverageQuery(10, 5)).toBeNull();
  });

  it("finds a row holding two of three words through the coverage candidates", async () => {
    const two = await items(`${BRAND} fleece zorvexal`);
    expect(two.list.map((i) => i.id)).toContain(fx.itemIds[2]);
    expect(two.list[0]!.id).toBe(fx.itemIds[2]);
  });

  it("ranks the exact full-text match first", async () => {
    const res = await items(`${BRAND} fleece hoodie`);
    expect(res.list[0]!.id).toBe(fx.itemIds[2]);
    expect(res.list[0]!.score).toBeGreaterThan(0.5);
  });

  it("finds an item by a misspelt word (trigram)", async () => {
    const res = await items("stonewear");
    expect(res.list.map((i) => i.id)).toContain(fx.itemIds[0]);
    const direct = await items("speckeld");
    expect(direct.list[0]?.id).toBe(fx.itemIds[0]);
  });

  it("finds an item by a synonym-like description (synonyms + meaning)", async () => {
    // No item says "cup" or "coffee": the synonym group (cup ~ mug) and the embedding find the mug.
    const res = await items(`${BRAND} coffee cup`);
    expect(res.list[0]!.id).toBe(fx.itemIds[0]);
    const tee = await items(`${BRAND} tee`);
    expect(tee.list[0]!.id).toBe(fx.itemIds[1]);
  });

  it("finds suppliers by a misspelt capability-free name and ranks by the blend", async () => {
    const res = await as(api, user.token, marketplace.searchSuppliers, { query: { keyword: `${BRAND} ceramiks`, group: fx.groupKey } });
    expect(res.list[0]!.id).toBe(fx.supplierIds[0]);
    expect(res.list[0]!.score).not.toBeNull();
  });

  it("an explicit sort orders keyword matches by that sort", async () => {
    const res = await items(BRAND, { sort: "-rank" });
    const { rows } = await api.deps.pool.query("SELECT id FROM catalog_items WHERE group_id = $1 ORDER BY rank DESC, id", [fx.groupId]);
    expect(res.list.map((i) => i.id)).toEqual(rows.map((r) => r.id));
  });

  it("scores a row with a zero-length embedding as no meaning match (pgvector's cosine is NaN there)", async () => {
    // A text with no words embeds to the zero vector offline; its cosine distance is NaN, which
    // Postgres orders above every number: such a row used to top, and pass, every keyword search.
    const zero = await seedCatalog(api.deps.pool, [{ name: `${BRAND} Zero Supplier` }], [{ supplier: 0, title: `${BRAND} zero tin` }, { supplier: 0, title: `${BRAND} plain tin` }]);
    await api.deps.pool.query("UPDATE catalog_items SET embedding = array_fill(0, ARRAY[384])::real[]::vector WHERE id = $1", [zero.itemIds[0]]);
    const res = await as(api, user.token, marketplace.searchCatalogItems, { query: { keyword: `${BRAND} tin`, group: zero.groupKey } });
    expect(res.list.map((i) => i.id)).toEqual([zero.itemIds[1], zero.itemIds[0]]);
    expect(res.list.every((i) => Number.isFinite(i.score))).toBe(true);
    // Every similarity read goes through one function (migration 0020): NaN and a missing embedding are 0.
    const { rows } = await api.deps.pool.query("SELECT meaning_similarity(array_fill(0, ARRAY[3])::real[]::vector, '[1,0,0]') AS zero, meaning_similarity(NULL, '[1,0,0]') AS missing, meaning_similarity('[1,0,0]', '[1,0,0]') AS same");
    expect(rows[0]).toEqual({ zero: 0, missing: 0, same: 1 });
  });

  it("returns nothing for a word no row is near", async () => {
    const res = await items("zzqxvj");
    expect(res).toMatchObject({ list: [], total: 0 });
  });

  it("logs every keyword search with its filters, result count and timing", async () => {
    const who = await registerUser(api);
    await as(api, who.token, marketplace.searchCatalogItems, { query: { keyword: `${BRAND} mug`, group: fx.groupKey, review: "1" } });
    await as(api, who.token, marketplace.searchSuppliers, { query: { keyword: `${BRAND} ceramics` } });
    await as(api, who.token, marketplace.searchSuppliers, { query: {} });
    await flushSearchLogs(api.deps.pool);
    const { rows } = await api.deps.pool.query("SELECT target, keyword, filters, result_count, elapsed_ms FROM catalog_search_logs WHERE store_id = $1 ORDER BY id", [who.store.id]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ target: "CATALOG_ITEMS", keyword: `${BRAND} mug`, filters: { group: fx.groupKey, review: "1" }, result_count: 0 });
    expect(rows[1]).toMatchObject({ target: "SUPPLIERS", keyword: `${BRAND} ceramics` });
    expect(rows[1].result_count).toBeGreaterThan(0);
    expect(rows[1].elapsed_ms).toBeGreaterThan(0);
  });

  it("writes search logs in batches that keep each search's time, lose no good row to a bad one, and are written when the API closes", async () => {
    const who = await registerUser(api);
    const ctx = (storeId: string) => ({ pool: api.deps.pool, auth: { storeId }, log: api.deps.log }) as unknown as RequestContext;
    const entry = (keyword: string) => ({ target: "SUPPLIERS" as const, keyword, filters: {}, resultCount: 1, startedAt: process.hrtime.bigint() });
    const before = new Date();
    logSearch(ctx(who.store.id), entry("batch one"));
    // A store that does not exist breaks its row's foreign key, and only its row.
    logSearch(ctx(crypto.randomUUID()), entry("batch bad"));
    logSearch(ctx(who.store.id), entry("batch two"));
    await flushSearchLogs(api.deps.pool);
    const { rows } = await api.deps.pool.query("SELECT keyword, created_at FROM catalog_search_logs WHERE keyword LIKE 'batch %' AND store_id = $1 ORDER BY id", [who.store.id]);
    expect(rows.map((r) => r.keyword)).toEqual(["batch one", "batch two"]);
    expect(rows[0].created_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const { rows: bad } = await api.deps.pool.query("SELECT count(*)::int AS n FROM catalog_search_logs WHERE keyword = 'batch bad'");
    expect(bad[0].n).toBe(0);

    // Searches logged just before the API closes are written by the close.
    const other = await startTestApi();
    const searcher = await registerUser(other);
    await as(other, searcher.token, marketplace.searchSuppliers, { query: { keyword: `${BRAND} closing` } });
    await other.close();
    const { rows: closed } = await api.deps.pool.query("SELECT count(*)::int AS n FROM catalog_search_logs WHERE store_id = $1", [searcher.store.id]);
    expect(closed[0].n).toBe(1);
  });

  it("matches design briefs to items", async () => {
    const res = await as(api, user.token, marketplace.matchDesignProducts, { body: { text: `A ${BRAND} cosy fleece pullover hoodie with a brushed inside for winter drops` } });
    expect(res.list[0]!.id).toBe(fx.itemIds[2]);
    const bad = await api.raw("POST", "/web/catalog-items/design/product-match-new", { token: user.token, body: { text: "x" } });
    expect(bad.body.details[0].field).toBe("body.text");
  });

  it("rejects an over-long keyword", async () => {
    const res = await api.raw("GET", `/web/catalog-items?keyword=${"a".repeat(201)}`, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe("query.keyword");
  });
});
