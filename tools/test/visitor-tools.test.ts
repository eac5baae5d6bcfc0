import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, startTestApi, type TestApi } from "../../api/test/harness";
import { seedCatalog, uniq } from "../../api/test/marketplace-fixtures";
import { argsSchemaOf, runContextOf, specByName, toolFromContract } from "../src/index";

// Public catalogue search for the storefront chatbot's anonymous visitors, and the packaging
// agent's searches with the listing type fixed: the tools over HTTP, and the endpoints' edges.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

/** Runs a tool as an anonymous visitor (no token, only the anonymous creator id), or as a user. */
const run = async (name: string, args: Record<string, unknown>, token?: string) =>
  JSON.parse(String(await toolFromContract(specByName(name), { apiBaseUrl: api.url }).invoke(args, { context: runContextOf(token ? { apiToken: token, apiBaseUrl: api.url } : { apiBaseUrl: api.url, anonymousId: "visitor-12345678" }) })));

async function catalog() {
  const word = `zq${uniq().replace(/[0-9]/g, "")}`;
  const products = await seedCatalog(api.deps.pool, [{ name: `Saddlecraft ${word}`, countryCode: "IT", region: "EU", capabilities: ["leather bags"] }], [{ supplier: 0, title: `Leather ${word} tote`, type: "PRODUCT" }]);
  const packaging = await seedCatalog(api.deps.pool, [{ name: `Boxwell ${word}`, capabilities: ["mailer boxes"] }], [{ supplier: 0, title: `Kraft ${word} mailer box`, type: "PACKAGING" }], "ecommerce-packaging");
  return { word, productSupplier: products.supplierIds[0]!, productItem: products.itemIds[0]!, packagingSupplier: packaging.supplierIds[0]!, packagingItem: packaging.itemIds[0]! };
}

describe("public catalogue search (storefront chatbot tools)", () => {
  it("finds suppliers and items without a token, where the logged-in search answers 401", async () => {
    const c = await catalog();
    const suppliers = await run("search_public_suppliers", { keyword: c.word });
    expect(suppliers.list.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([c.productSupplier, c.packagingSupplier]));
    expect(suppliers.size).toBe(8);
    const items = await run("search_public_catalog_items", { keyword: c.word, type: "PACKAGING" });
    expect(items.list.map((i: { id: string }) => i.id)).toContain(c.packagingItem);
    expect(items.list.map((i: { id: string }) => i.id)).not.toContain(c.productItem);
    expect((await run("search_suppliers", { keyword: c.word })).error).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    // A signed-in visitor's token does not get in the way.
    const user = await registerUser(api);
    expect((await run("search_public_suppliers", { keyword: c.word }, user.token)).list.length).toBeGreaterThan(0);
  });

  it("caps the page at 20, refuses unknown keys and bad filters with 400 naming the field", async () => {
    const ok = await api.raw("GET", "/app/catalog-companies/-/search?keyword=bags&size=20");
    expect(ok.status).toBe(200);
    const big = await api.raw("GET", "/app/catalog-companies/-/search?size=21");
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ code: "VALIDATION_FAILED", details: [expect.objectContaining({ field: "query.size" })] });
    const unknown = await api.raw("GET", "/app/catalog-items/-/search?storeId=1");
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("VALIDATION_FAILED");
    const badGroup = await api.raw("GET", "/app/catalog-items/-/search?group=products/no-such-group");
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.details[0].field).toBe("query.group");
    expect(argsSchemaOf(specByName("search_public_catalog_items").contract).safeParse({ size: 21 }).success).toBe(false);
    // The public preview of one item still answers on the neighbouring path.
    expect((await api.raw("GET", "/app/catalog-items/-")).status).toBe(400);
  });
});

describe("packaging agent searches", () => {
  it("return packaging items and packaging suppliers only, and the model cannot change the type", async () => {
    const c = await catalog();
    const user = await registerUser(api);
    const items = await run("search_packaging_items", { keyword: c.word }, user.token);
    expect(items.list.map((i: { id: string }) => i.id)).toContain(c.packagingItem);
    expect(items.list.every((i: { type: string }) => i.type === "PACKAGING")).toBe(true);
    const suppliers = await run("search_packaging_suppliers", { keyword: c.word }, user.token);
    expect(suppliers.list.map((s: { id: string }) => s.id)).toContain(c.packagingSupplier);
    expect(suppliers.list.map((s: { id: string }) => s.id)).not.toContain(c.productSupplier);
    expect(suppliers.list.every((s: { primaryVertical: string }) => s.primaryVertical === "ecommerce-packaging")).toBe(true);
    for (const name of ["search_packaging_items", "search_packaging_suppliers"]) {
      const schema = argsSchemaOf(specByName(name).contract, specByName(name));
      expect(schema.safeParse({ keyword: "box", type: "PRODUCT" }).success, name).toBe(false);
      expect(Object.keys(schema.shape)).not.toContain("vertical");
    }
  });
});
