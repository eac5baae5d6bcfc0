import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { marketplace, stores } from "@atelier/contracts";
import { as, registerUser, type TestApi, type TestUser } from "../../api/test/harness";
import { seedCatalog, type CatalogFixture } from "../../api/test/marketplace-fixtures";
import { itemImageSvg } from "../../api/src/images/item-image";
import { pictureKindOf } from "../../api/src/images/picture-kinds";
import { rasterizeSvg } from "../../api/src/images/svg";
import { encodePng } from "../../api/src/images/codec";
import { paidOrderFrom } from "../../test/factories/purchases";
import { launchBrowser, madeUpWord, poll, startWebApi, pageAs, skipSourcingTours, releaseBrowser } from "./browser";

// The issue-5 marketplace screens as a store owner (and a logged-out visitor) uses them, in
// Chromium against the real API: supplier profile tabs, catalog item sections, favourites, image
// search, the public previews, the sourcing home tabs, paging and the guided tours.

let api: TestApi;
let browser: Browser;
let shop: CatalogFixture;
let web: CatalogFixture;
let many: CatalogFixture;

const word = madeUpWord("zx");
const LOOMS = `${word} Looms`;
const KILNS = `${word} Kilns`;
const STUDIO = `${word} Web Studio`;
const THROW = `${word} jacquard throw blanket`;
const PILLOW = `${word} jacquard throw pillow`;
// Far above the demo catalogue's ranks, so these suppliers lead their sourcing home tab.
const TOP_RANK = 1_500_000_000 + crypto.randomInt(1_000_000);
// The throw's picture, drawn from a seed and colour no other row uses (image search finds it by look).
const PICTURE = { imageSeed: 40_000 + crypto.randomInt(10_000), imageColor: `#${crypto.randomInt(0x40, 0xc0).toString(16)}1f${crypto.randomInt(0x10, 0x99).toString(16)}` };

beforeAll(async () => {
  api = await startWebApi();
  browser = await launchBrowser();
  shop = await seedCatalog(
    api.deps.pool,
    [
      { name: LOOMS, countryCode: "IT", region: "EU", employees: 140, capabilities: ["jacquard weaving", "natural dyes"], description: `${word} weaves jacquard throws in Prato.`, rank: TOP_RANK },
      { name: KILNS, countryCode: "VN", region: "AS", capabilities: ["stoneware"], description: `${word} fires stoneware mugs.` },
    ],
    [
      { supplier: 0, title: THROW, description: "A heavy cotton jacquard throw with fringed ends.", keywords: "jacquard throw blanket", imageSeed: PICTURE.imageSeed, imageColor: PICTURE.imageColor, samplePrice: 3500 },
      { supplier: 0, title: PILLOW, description: "A jacquard throw pillow cover to match the blanket.", keywords: "jacquard throw pillow" },
      { supplier: 1, title: `${word} stoneware mug`, description: "A speckled stoneware mug." },
    ],
  );
  web = await seedCatalog(api.deps.pool, [{ name: STUDIO, countryCode: "US", region: "NA", capabilities: ["storefront design"], rank: TOP_RANK, vertical: "website-development" }], [], "website-development");
  // 30 suppliers in a group of their own: one marketplace page of 24, then 6 more.
  many = await seedCatalog(api.deps.pool, Array.from({ length: 30 }, (_, n) => ({ name: `${word} Mill ${String(n).padStart(2, "0")}` })));
  await api.deps.pool.query(
    "INSERT INTO supplier_reviews (supplier_id, author_name, rating, title, body) VALUES ($1, 'Rhea', 5, $2, 'Even weave, fast samples.'), ($1, 'Ilse', 4, 'Good', 'Colours as promised.')",
    [shop.supplierIds[0], `${word} great weave`],
  );
});

afterAll(async () => {
  await releaseBrowser(browser);
  await api?.close();
});

/** A new store, with the sourcing tours already seen unless `tours` (they would sit over the buttons). */
async function newStore({ tours = false } = {}): Promise<TestUser> {
  const user = await registerUser(api, { storeName: `${word} store` });
  if (!tours) await skipSourcingTours(api, user);
  return user;
}

/** The value of a fact (a dt/dd pair) in a facts list. */
const fact = async (scope: Locator, name: string) => (await scope.locator(".facts > div").filter({ has: scope.page().locator("dt", { hasText: new RegExp(`^${name}$`) }) }).locator("dd").textContent()) ?? "";
const ids = (page: Page | Locator, testId: string, attribute: string) => page.getByTestId(testId).evaluateAll((els, a) => els.map((e) => e.getAttribute(a)), attribute);

describe("a supplier's profile and its products", () => {
  it("shows each profile tab's content, and the catalog item's four sections", async () => {
    const page = await pageAs(browser, await newStore());
    await page.goto(`${api.url}/browse-suppliers/supplier-profile/${shop.supplierIds[0]}`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(LOOMS);

    // PROFILE_INFO is the first tab: the description and the facts.
    const panel = page.getByRole("tabpanel");
    expect(await page.getByRole("tab", { name: "Profile" }).getAttribute("aria-selected")).toBe("true");
    await poll(() => panel.textContent()).toContain(`${word} weaves jacquard throws in Prato.`);
    expect(await fact(panel, "Employees")).toBe("140");
    expect(await fact(panel, "Location")).toMatch(/, Italy$/);

    // BASE_PRODUCTS: the supplier's two items (and not the other supplier's mug); the tab is in the URL.
    await page.getByRole("tab", { name: "Base products" }).click();
    await page.waitForURL((url) => url.searchParams.get("activeTabKey") === "BASE_PRODUCTS");
    await poll(async () => (await ids(page, "item-card", "data-item-id")).sort()).toEqual([shop.itemIds[0], shop.itemIds[1]].sort());

    // CAPABILITIES: the capability chips and the production facts.
    await page.getByRole("tab", { name: "Capabilities" }).click();
    await poll(() => panel.locator(".chip").allTextContents()).toEqual(["jacquard weaving", "natural dyes"]);
    expect(await fact(panel, "MOQ")).toBe("100");
    expect(await fact(panel, "Sample price")).toBe("$20.00");

    // REVIEWS: the summary and the reviews, and the store's own review form.
    await page.getByRole("tab", { name: "Reviews" }).click();
    await poll(() => panel.getByTestId("review-summary").textContent()).toContain("★ 4.5");
    await poll(() => panel.textContent()).toContain(`${word} great weave`);
    expect(await panel.getByRole("form", { name: "Your review" }).count()).toBe(1);

    // A reload keeps the tab the URL names.
    await page.reload();
    await poll(() => page.getByRole("tab", { name: "Reviews" }).getAttribute("aria-selected")).toBe("true");

    // The catalog item: description, supplier capabilities, similar products (the matching pillow), reviews.
    await page.goto(`${api.url}/browse-suppliers/catalog-item/${shop.itemIds[0]}`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(THROW);
    const section = (name: string) => page.getByRole("heading", { name }).locator("xpath=..");
    expect(await section("Description").textContent()).toContain("A heavy cotton jacquard throw with fringed ends.");
    expect(await section("Supplier capabilities").textContent()).toContain(LOOMS);
    expect(await section("Supplier capabilities").locator(".chip").allTextContents()).toEqual(["jacquard weaving", "natural dyes"]);
    await poll(() => ids(page, "item-card", "data-item-id")).toContain(shop.itemIds[1]);
    expect(await ids(page, "item-card", "data-item-id")).not.toContain(shop.itemIds[0]);
    expect(await section(`Reviews of ${LOOMS}`).textContent()).toContain(`${word} great weave`);
    await page.context().close();
  });

  it("a store's review of a supplier shows in the list and in the supplier's rating at once", async () => {
    const reviewer = await newStore();
    // A store reviews a supplier it has a paid order from (issue 14, item 6).
    await paidOrderFrom(api.deps.pool, reviewer.store.id, shop.supplierIds[1]!);
    const page = await pageAs(browser, reviewer);
    await page.goto(`${api.url}/browse-suppliers/supplier-profile/${shop.supplierIds[1]}?activeTabKey=REVIEWS`);
    const panel = page.getByRole("tabpanel");
    await poll(() => panel.getByTestId("review-summary").textContent()).toBe("No reviews yet0 reviews");
    expect(await page.getByText("No reviews yet", { exact: true }).count()).toBe(2);

    const form = panel.getByRole("form", { name: "Your review" });
    await form.getByLabel("Rating").selectOption("4");
    await form.getByLabel("Title").fill(`${word} sturdy mugs`);
    await form.getByLabel("Review").fill("Glaze even, packed well.");
    await form.getByRole("button", { name: "Post review" }).click();
    await poll(() => panel.locator(".review-list").textContent()).toContain(`${word} sturdy mugs`);
    expect(await panel.locator(".review-list").textContent()).toContain("(you)");
    // The rating above the tabs and the tab's summary count the new review, without a reload.
    await poll(() => panel.getByTestId("review-summary").textContent()).toContain("★ 4.01 review");
    await poll(() => page.locator(".supplier-head").textContent()).toMatch(/★ 4\.0 from 1 review$/);
    // The form now edits that review.
    await poll(() => panel.getByRole("button", { name: "Save review" }).count()).toBe(1);
    await page.context().close();
  });

  it("favourites a supplier from its profile; /favorites lists it; unfavouriting removes it", async () => {
    const user = await newStore();
    const page = await pageAs(browser, user);
    await page.goto(`${api.url}/supplier-profile/${shop.supplierIds[0]}`);
    const save = page.getByTestId("favorite-button");
    await poll(() => save.textContent()).toBe("☆ Save to favorites");
    await save.click();
    await poll(() => save.textContent()).toBe("★ Saved to favorites");
    expect(await save.getAttribute("aria-pressed")).toBe("true");

    await page.goto(`${api.url}/favorites`);
    await poll(() => ids(page, "supplier-card", "data-supplier-id")).toEqual([shop.supplierIds[0]]);
    // The Products filter does not list a supplier.
    await page.getByRole("link", { name: "Products", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("filter") === "CATALOG_ITEM");
    await poll(() => page.getByText("Nothing saved yet.").count()).toBe(1);
    expect(await page.getByTestId("supplier-card").count()).toBe(0);

    // Unfavourite on the profile (the saved state came from the API): gone from /favorites.
    await page.goto(`${api.url}/supplier-profile/${shop.supplierIds[0]}`);
    await poll(() => save.textContent()).toBe("★ Saved to favorites");
    await save.click();
    await poll(() => save.textContent()).toBe("☆ Save to favorites");
    await page.goto(`${api.url}/favorites`);
    await poll(() => page.getByText("Nothing saved yet.").count()).toBe(1);
    expect(await page.getByTestId("supplier-card").count()).toBe(0);

    // Save again, then Remove on /favorites.
    await page.goto(`${api.url}/supplier-profile/${shop.supplierIds[0]}`);
    await save.click();
    await poll(() => save.textContent()).toBe("★ Saved to favorites");
    await page.goto(`${api.url}/favorites`);
    await poll(() => page.getByTestId("supplier-card").count()).toBe(1);
    await page.getByRole("button", { name: "Remove" }).click();
    await poll(() => page.getByText("Nothing saved yet.").count()).toBe(1);
    expect((await as(api, user.token, marketplace.listFavorites, { query: {} })).total).toBe(0);
    await page.context().close();
  });

  it("opening a similar product shows that product's own saved state, not the previous one's", async () => {
    const user = await newStore();
    const page = await pageAs(browser, user);
    await page.goto(`${api.url}/browse-suppliers/catalog-item/${shop.itemIds[0]}`);
    const save = page.getByTestId("favorite-button");
    await poll(() => save.textContent()).toBe("☆ Save to favorites");
    await save.click();
    await poll(() => save.textContent()).toBe("★ Saved to favorites");

    // The pillow is among the similar products; it is not saved.
    await page.getByRole("link", { name: PILLOW }).last().click();
    await page.waitForURL(`${api.url}/browse-suppliers/catalog-item/${shop.itemIds[1]}`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(PILLOW);
    await poll(() => save.textContent()).toBe("☆ Save to favorites");
    // Saving the pillow adds it and leaves the throw saved.
    await save.click();
    await poll(() => save.textContent()).toBe("★ Saved to favorites");
    const favorites = await as(api, user.token, marketplace.listFavorites, { query: { kind: "CATALOG_ITEM" } });
    expect(favorites.list.map((f) => f.item?.id).sort()).toEqual([shop.itemIds[0], shop.itemIds[1]].sort());
    await page.context().close();
  });
});

describe("search by image", () => {
  it("finds the item whose picture was uploaded as a PNG, first", async () => {
    const page = await pageAs(browser, await newStore());
    await page.goto(`${api.url}/browse-suppliers-with-uploaded-image`);
    const png = await encodePng(rasterizeSvg(itemImageSvg({ ...PICTURE, kind: pictureKindOf(THROW) }), 200));
    await page.getByLabel("Upload a picture (PNG, JPEG, GIF or SVG)").setInputFiles({ name: "throw.png", mimeType: "image/png", buffer: png });
    const results = page.getByRole("region", { name: "Similar products" });
    await poll(() => results.getByTestId("item-card").count()).toBeGreaterThan(0);
    expect(await results.getByTestId("item-card").first().getAttribute("data-item-id")).toBe(shop.itemIds[0]);
    expect(await results.getByTestId("item-card").first().textContent()).toContain(THROW);
    expect(await page.getByRole("img", { name: "Your picture" }).getAttribute("src")).toMatch(/^data:image\/png;base64,/);

    // A file that is not a picture: the API's reason, said about the picture (not about a request field).
    await page.getByLabel(/^Upload a picture/).setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some notes, not a picture") });
    const alert = page.getByRole("alert").filter({ hasText: "picture" });
    await poll(() => alert.textContent()).toMatch(/^The picture is not a PNG.* picture$/);
    expect(await page.getByRole("region", { name: "Similar products" }).count()).toBe(0);
    await page.context().close();
  });
});

describe("the public previews, logged out", () => {
  it("shows a catalog item and a supplier profile without login, with links that stay public", async () => {
    const page = await pageAs(browser, null);
    await page.goto(`${api.url}/preview-catalog-item/${shop.itemIds[0]}`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(THROW);
    expect(page.url()).toBe(`${api.url}/preview-catalog-item/${shop.itemIds[0]}`);
    for (const name of ["Description", "Supplier capabilities", "Similar products", `Reviews of ${LOOMS}`]) expect(await page.getByRole("heading", { name }).count()).toBe(1);
    expect(await page.getByText(`${word} great weave`).count()).toBe(1);
    // The drawn card picture is a public link the browser loads (search answers carry links, not drawings).
    const picture = page.getByRole("img", { name: THROW }).first();
    expect(await picture.getAttribute("src")).toMatch(/^\/rest\/main\/app\/card-pictures\//);
    await poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // No store actions: no favourite, no order form; logging in comes back to the item.
    expect(await page.getByTestId("favorite-button").count()).toBe(0);
    expect(await page.getByRole("form", { name: "Order this item" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Log in to order a sample" }).getAttribute("href")).toBe(`/login?path=${encodeURIComponent(`/browse-suppliers/catalog-item/${shop.itemIds[0]}`)}`);
    expect(await page.getByRole("link", { name: PILLOW }).last().getAttribute("href")).toBe(`/preview-catalog-item/${shop.itemIds[1]}`);

    // The supplier link opens the public profile.
    await page.getByRole("link", { name: LOOMS }).click();
    await page.waitForURL(`${api.url}/preview-supplier-profile/${shop.supplierIds[0]}`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(LOOMS);
    await poll(() => page.getByRole("tabpanel").textContent()).toContain(`${word} weaves jacquard throws in Prato.`);
    await page.getByRole("tab", { name: "Base products" }).click();
    await poll(() => page.getByTestId("item-card").count()).toBe(2);
    expect(await page.getByRole("link", { name: THROW }).last().getAttribute("href")).toBe(`/preview-catalog-item/${shop.itemIds[0]}`);
    await page.getByRole("tab", { name: "Reviews" }).click();
    await poll(() => page.getByTestId("review-summary").textContent()).toContain("★ 4.5");
    expect(await page.getByRole("link", { name: "Write a review" }).getAttribute("href")).toBe(`/supplier-profile/${shop.supplierIds[0]}/post-review`);
    expect(await page.getByTestId("favorite-button").count()).toBe(0);
    // Nothing called a logged-in endpoint (a 401 would toast the session expiry).
    expect(await page.getByTestId("toast").count()).toBe(0);
    await page.context().close();
  });
});

describe("browsing", () => {
  it("switches the sourcing home tabs: the URL's tab value and the suppliers shown", async () => {
    const page = await pageAs(browser, await newStore());
    await page.goto(`${api.url}/home`);
    const tabList = (name: string) => page.getByRole("region", { name });
    await poll(() => ids(tabList("All suppliers"), "supplier-card", "data-supplier-id")).toContain(shop.supplierIds[0]);
    expect(await page.getByRole("link", { name: "All", exact: true }).getAttribute("aria-current")).toBe("page");

    await page.getByRole("link", { name: "Website development" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "website-development");
    await poll(() => page.getByRole("link", { name: "Website development" }).getAttribute("aria-current")).toBe("page");
    await poll(() => tabList("Website development suppliers").getByTestId("supplier-card").first().getAttribute("data-supplier-id")).toBe(web.supplierIds[0]);
    expect(await page.locator(`[data-supplier-id="${shop.supplierIds[0]}"]`).count()).toBe(0);

    await page.getByRole("link", { name: "Products", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "products");
    await poll(() => tabList("Products suppliers").getByTestId("supplier-card").first().getAttribute("data-supplier-id")).toBe(shop.supplierIds[0]);
    expect(await page.locator(`[data-supplier-id="${web.supplierIds[0]}"]`).count()).toBe(0);

    for (const [label, tab, heading] of [
      ["Ecommerce packaging", "ecommerce-packaging", "Ecommerce packaging suppliers"],
      ["Business & creative services", "business-creative-services", "Business & creative services suppliers"],
      ["All", "all", "All suppliers"],
    ] as const) {
      await page.getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("tab") === tab);
      await poll(() => tabList(heading).count()).toBe(1);
    }
    // A search from a tab keeps it as the marketplace's vertical.
    await page.getByRole("link", { name: "Website development" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "website-development");
    // The tab's list is on screen before typing, so the search box typed into is the settled page's.
    await poll(() => tabList("Website development suppliers").getByTestId("supplier-card").count()).toBeGreaterThan(0);
    const searchBox = page.getByLabel("Search suppliers and products");
    await searchBox.fill(word);
    await poll(() => searchBox.inputValue()).toBe(word);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/browse-suppliers" && url.searchParams.get("vertical") === "website-development");
    await poll(() => ids(page, "supplier-card", "data-supplier-id")).toEqual([web.supplierIds[0]]);
    await page.context().close();
  });

  it("loads the next page of /browse-suppliers when the end of the list scrolls into view", async () => {
    const page = await pageAs(browser, await newStore());
    await page.goto(`${api.url}/browse-suppliers?categoryIds=${many.groupId}`);
    await poll(() => page.getByTestId("supplier-card").count()).toBe(24);
    expect(await page.getByText("Showing 24 of 30").count()).toBe(1);
    await page.locator(".load-more").scrollIntoViewIfNeeded();
    await poll(() => page.getByTestId("supplier-card").count()).toBe(30);
    expect(await page.getByText("Showing 30 of 30").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    // Every supplier once, in the Featured order (rank descending).
    expect(await ids(page, "supplier-card", "data-supplier-id")).toEqual([...many.supplierIds].reverse());
    await page.context().close();
  });
});

describe("the guided tours", () => {
  const walk = async (page: Page, targets: string[], finish: "Done" | "Skip tour") => {
    const tour = page.getByTestId("tour");
    for (const [n, target] of targets.entries()) {
      await poll(() => tour.getAttribute("aria-label")).toBe(`Tour step ${n + 1} of ${targets.length}`);
      // Each step points at an element that is on the screen.
      await poll(() => page.locator(`#${target}`).evaluate((el) => el.classList.contains("tour-target"))).toBe(true);
      if (finish === "Skip tour" && n === 1) return void (await tour.getByRole("button", { name: "Skip tour" }).click());
      await tour.getByRole("button", { name: n === targets.length - 1 ? "Done" : "Next" }).click();
    }
  };

  it("runs the sourcing home, marketplace and supplier profile tours once each, storing the seen flags", async () => {
    const user = await newStore({ tours: true });
    const seen = () => as(api, user.token, stores.getStoreSeenState, {});
    const page = await pageAs(browser, user);

    await page.goto(`${api.url}/home`);
    await walk(page, ["sourcing-search", "sourcing-image-search", "sourcing-tabs", "sourcing-custom-project"], "Done");
    await poll(() => page.getByTestId("tour").count()).toBe(0);
    await poll(async () => (await seen()).seenSourcingHomeTour).toBe(true);
    expect((await seen()).seenSourcingMarketplaceTour).toBe(false);

    await page.goto(`${api.url}/browse-suppliers`);
    await walk(page, ["marketplace-views", "marketplace-filters", "marketplace-sort", "marketplace-share"], "Skip tour");
    await poll(() => page.getByTestId("tour").count()).toBe(0);
    await poll(async () => (await seen()).seenSourcingMarketplaceTour).toBe(true);

    await page.goto(`${api.url}/browse-suppliers/supplier-profile/${shop.supplierIds[0]}`);
    await walk(page, ["supplier-tabs", "supplier-actions", "supplier-custom-project"], "Done");
    await poll(async () => (await seen()).seenSupplierProfileTour).toBe(true);

    // Seen: it does not start again (a step would show 750 ms after the page settles).
    await page.goto(`${api.url}/home`);
    await poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId("tour").count()).toBe(0);
    await page.context().close();
  });
});

describe("layout", () => {
  // Last in the file: the rows it adds never reach the tests above.
  it("keeps the sourcing home within the window: the featured row scrolls on its own", async () => {
    await seedCatalog(api.deps.pool, [{ name: `${word} Canvas Works` }], Array.from({ length: 6 }, (_, n) => ({ supplier: 0, title: `Plain canvas tote ${n + 1}` })));
    const page = await pageAs(browser, await newStore());
    await page.goto(`${api.url}/home`);
    const featured = page.getByRole("region", { name: "Featured products" });
    await poll(() => featured.getByTestId("item-card").count()).toBe(8);
    // Eight 12rem cards are wider than the content column at 1280 px: the row scrolls, not the page.
    const widths = await page.evaluate(() => {
      const row = document.querySelector<HTMLElement>(".card-row")!;
      return { page: document.scrollingElement!.scrollWidth, window: document.scrollingElement!.clientWidth, row: row.clientWidth, rowContent: row.scrollWidth };
    });
    expect(widths.rowContent).toBeGreaterThan(widths.row);
    expect(widths.page).toBeLessThanOrEqual(widths.window);
  });
});
