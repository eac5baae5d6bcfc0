import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "./harness";
import { seedCatalog, uniq } from "../../test/factories/catalog-scope";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

// /order-packaging/:packagingCategory lists one packaging category through the marketplace's item
// search (type PACKAGING, the category's id, a keyword, a page): this is the list that page reads.
describe("the packaging catalog of one category", () => {
  it("lists only that category's packaging items with supplier, minimum order, price and lead time, searched and paged on the server", async () => {
    const owner = await registerUser(api);
    const word = `pk${uniq()}`;
    const fixture = await seedCatalog(api.deps.pool, [{ name: `Mailer Works ${word}`, countryCode: "VN" }], [
      { supplier: 0, title: `Kraft mailer box ${word} small`, type: "PACKAGING", price: 85, moq: 500, productionDaysMax: 21 },
      { supplier: 0, title: `Kraft mailer box ${word} large`, type: "PACKAGING", price: 120, moq: 500, productionDaysMax: 21 },
      { supplier: 0, title: `White mailer box ${word}`, type: "PACKAGING", price: 95, moq: 1000, productionDaysMax: 28 },
    ], "ecommerce-packaging");

    const all = await as(api, owner.token, marketplace.searchCatalogItems, { query: { type: "PACKAGING", categoryIds: [fixture.groupId], size: 2 } });
    expect(all.total).toBe(3);
    expect(all.list).toHaveLength(2);
    expect(all.list[0]).toMatchObject({ type: "PACKAGING", supplierName: `Mailer Works ${word}`, supplierCountryCode: "VN", moq: expect.any(Number), productionDaysMax: expect.any(Number) });
    const second = await as(api, owner.token, marketplace.searchCatalogItems, { query: { type: "PACKAGING", categoryIds: [fixture.groupId], size: 2, page: 1 } });
    expect(second.list).toHaveLength(1);

    const kraft = await as(api, owner.token, marketplace.searchCatalogItems, { query: { type: "PACKAGING", categoryIds: [fixture.groupId], keyword: "kraft" } });
    // The search ranks by meaning as well as words: the kraft boxes come first, nothing from outside the category comes at all.
    expect(kraft.list.slice(0, 2).map((i) => i.title).sort()).toEqual([`Kraft mailer box ${word} large`, `Kraft mailer box ${word} small`]);
    expect(kraft.list.every((i) => i.title.includes(word))).toBe(true);

    // The page finds the category by its slug in the packaging branch of the tree.
    const tree = await as(api, owner.token, marketplace.listCatalogCategories, { query: { vertical: "ecommerce-packaging" } });
    const groups = tree.list.find((v) => v.vertical === "ecommerce-packaging")!.children;
    expect(groups.some((g) => g.id === fixture.groupId)).toBe(true);
  });
});
