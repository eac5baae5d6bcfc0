import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import {
  activeFilterCount, clearFilters, effectiveSort, parseMarketplaceState, serializeMarketplaceState, sortOptions, toSearchQuery, updateMarketplaceState,
} from "../src/features/marketplace/marketplace-state";
import { BrowseSuppliersPage } from "../src/features/marketplace/browse-suppliers-page";

describe("marketplace state in the URL", () => {
  it("preloads every query key of 000 §2.7 and reads them back the same", () => {
    const search = "?viewType=CATALOG_PRODUCTS&type=PACKAGING&vertical=ecommerce-packaging&group=ecommerce-packaging/mailer-boxes&subgroup=ecommerce-packaging/mailer-boxes/kraft&categoryIds=12,7";
    const state = parseMarketplaceState(search);
    expect(state).toMatchObject({
      viewType: "CATALOG_PRODUCTS", type: "PACKAGING", vertical: "ecommerce-packaging", group: "ecommerce-packaging/mailer-boxes",
      subgroup: "ecommerce-packaging/mailer-boxes/kraft", categoryIds: [12, 7],
    });
    expect(parseMarketplaceState(serializeMarketplaceState(state))).toEqual(state);
  });

  it("keeps every filter and sort of 000 §9 through a round trip, in a stable order", () => {
    const search =
      "?onlineOnly=true&searchKey=tote+bag&sort=-productionMinPrice&samplePrice=50_100&moq=1000_PLUS&orderVolume=5000_PLUS&review=3&productionTime=2_3_MONTHS&supplierSize=UNDER_50&regions=EU,as&countryCodes=it,VN";
    const state = parseMarketplaceState(search);
    expect(state).toMatchObject({
      searchKey: "tote bag", sort: "-productionMinPrice", samplePrice: "50_100", moq: "1000_PLUS", orderVolume: "5000_PLUS", review: "3",
      productionTime: "2_3_MONTHS", supplierSize: "UNDER_50", regions: ["EU", "AS"], countryCodes: ["IT", "VN"], onlineOnly: true, viewType: "SUPPLIERS",
    });
    expect(serializeMarketplaceState(state)).toBe(
      "?searchKey=tote+bag&sort=-productionMinPrice&samplePrice=50_100&moq=1000_PLUS&orderVolume=5000_PLUS&review=3&productionTime=2_3_MONTHS&supplierSize=UNDER_50&regions=EU%2CAS&countryCodes=IT%2CVN&onlineOnly=true",
    );
  });

  it("drops values the API would refuse instead of sending them", () => {
    const state = parseMarketplaceState("?viewType=ALL&sort=cheapest&review=6&regions=XX,EU&countryCodes=USA,us&categoryIds=-1,abc,4&group=DROP TABLE&samplePrice=ALL");
    expect(state).toMatchObject({ viewType: "SUPPLIERS", sort: undefined, review: undefined, regions: ["EU"], countryCodes: ["US"], categoryIds: [4], group: undefined, samplePrice: undefined });
    expect(serializeMarketplaceState(parseMarketplaceState(""))).toBe("");
  });

  it("clears the group and subgroup when the vertical changes, and the subgroup when the group does", () => {
    const state = parseMarketplaceState("?vertical=products&group=products/apparel&subgroup=products/apparel/tees&moq=0_100");
    expect(updateMarketplaceState(state, { vertical: "ecommerce-packaging" })).toMatchObject({ vertical: "ecommerce-packaging", group: undefined, subgroup: undefined, moq: "0_100" });
    expect(updateMarketplaceState(state, { group: "products/bags" })).toMatchObject({ group: "products/bags", subgroup: undefined });
    expect(updateMarketplaceState(state, { moq: undefined })).toMatchObject({ group: "products/apparel", subgroup: "products/apparel/tees" });
  });

  it("counts and clears filters but keeps the keyword, view and sort", () => {
    const state = parseMarketplaceState("?searchKey=mug&viewType=RFP&sort=-enabledAt&review=4&regions=EU&onlineOnly=true");
    expect(activeFilterCount(state)).toBe(3);
    const cleared = clearFilters(state);
    expect(activeFilterCount(cleared)).toBe(0);
    expect(serializeMarketplaceState(cleared)).toBe("?searchKey=mug&viewType=RFP&sort=-enabledAt");
  });

  it("offers Best match only with a keyword and defaults like the API", () => {
    const plain = parseMarketplaceState("");
    expect(sortOptions(plain).map((o) => o.label)).toEqual(["Featured", "Newest", "Price: low to high", "Price: high to low", "Online now", "Newly added", "Lowest tariffs"]);
    expect(effectiveSort(plain)).toBe("-rank");
    const keyed = parseMarketplaceState("?searchKey=candle");
    expect(sortOptions(keyed).at(-1)?.label).toBe("Best match");
    expect(effectiveSort(keyed)).toBe("relevance");
  });

  it("sends the state as the search query keys", () => {
    const q = toSearchQuery(parseMarketplaceState("?searchKey=%20mug%20&categoryIds=3,4&regions=EU&onlineOnly=true"));
    expect(q).toMatchObject({ keyword: "mug", categoryIds: "3,4", regions: "EU", onlineOnly: "true", viewType: "SUPPLIERS", sort: undefined });
  });
});

const page = (list: unknown[] = []) => ({ list, total: list.length, page: 0, size: 24 });
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = String(url);
      calls.push(u);
      const body = u.includes("/catalog-categories")
        ? { list: [] }
        : u.includes("/country-info")
          ? { list: [] }
          : u.includes("/seen-state")
            ? { seenSourcingMarketplaceTour: true }
            : page();
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBrowse(path: string) {
  const router = createMemoryRouter([{ path: "/browse-suppliers", element: <BrowseSuppliersPage /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}
const searches = () => calls.filter((u) => /\/rest\/main\/web\/(catalog-companies|catalog-items)\?/.test(u)).map((u) => new URL(u, "http://x"));

describe("the marketplace screen and its URL", () => {
  it("searches with the filters preloaded from the link, and in the view it names", async () => {
    renderBrowse("/browse-suppliers?viewType=CATALOG_PRODUCTS&vertical=products&moq=0_100&sort=-enabledAt");
    await screen.findByText("0 products");
    const last = searches().at(-1)!;
    expect(last.pathname).toBe("/rest/main/web/catalog-items");
    expect(Object.fromEntries(last.searchParams)).toMatchObject({ viewType: "CATALOG_PRODUCTS", vertical: "products", moq: "0_100", sort: "-enabledAt", page: "0" });
    expect((screen.getByLabelText("Sort") as HTMLSelectElement).value).toBe("-enabledAt");
    expect((screen.getByRole("radio", { name: "0-100" }) as HTMLInputElement).checked).toBe(true);
  });

  it("writes a chosen filter and sort into the URL and searches again with them", async () => {
    const router = renderBrowse("/browse-suppliers?searchKey=tote");
    await screen.findByText("0 suppliers");
    await act(async () => fireEvent.click(screen.getByRole("radio", { name: "4 & up" })));
    expect(router.state.location.search).toBe("?searchKey=tote&review=4");
    await act(async () => fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "tariffRatePercent" } }));
    expect(router.state.location.search).toBe("?searchKey=tote&sort=tariffRatePercent&review=4");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Expanded network" })));
    expect(router.state.location.search).toBe("?searchKey=tote&viewType=EXPANDED_NETWORK&sort=tariffRatePercent&review=4");
    await screen.findByText("0 suppliers");
    const last = searches().at(-1)!;
    expect(last.pathname).toBe("/rest/main/web/catalog-companies");
    expect(Object.fromEntries(last.searchParams)).toMatchObject({ keyword: "tote", viewType: "EXPANDED_NETWORK", sort: "tariffRatePercent", review: "4" });
  });

  it("clears the filters from the URL", async () => {
    const router = renderBrowse("/browse-suppliers?searchKey=mug&regions=EU&supplierSize=250_PLUS");
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Clear filters (2)" })));
    expect(router.state.location.search).toBe("?searchKey=mug");
  });
});
