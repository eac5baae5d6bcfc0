import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { stores } from "@atelier/contracts";
import { as, type TestApi } from "../../api/test/harness";
import { seedCatalog, type CatalogFixture } from "../../api/test/marketplace-fixtures";
import { launchBrowser, newPage, poll, registerThroughUi, startWebApi, uniqueEmail, releaseBrowser } from "./browser";

let api: TestApi;
let browser: Browser;
let catalog: CatalogFixture;
// A made-up word only this run's supplier carries, so the search finds it among the other tests' rows.
// Ten random letters: a short random tail left a word close enough (trigrams, meaning) to another
// test's made-up names that a third supplier matched now and then.
const brand = `Quillmere${Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => String.fromCharCode(97 + (b % 26))).join("")}`;

beforeAll(async () => {
  api = await startWebApi();
  browser = await launchBrowser();
  catalog = await seedCatalog(
    api.deps.pool,
    [
      { name: `${brand} Textiles`, countryCode: "VN", region: "AS", capabilities: ["screen printing", "organic cotton"], description: `${brand} makes tote bags.` },
      { name: `${brand} Atelier`, countryCode: "IT", region: "EU", capabilities: ["leather goods"], description: `${brand} makes leather wallets.` },
    ],
    [{ supplier: 0, title: `${brand} organic cotton tote`, description: "A heavy canvas tote bag.", samplePrice: 2500, price: 800, moq: 100 }],
  );
});

afterAll(async () => {
  await releaseBrowser(browser);
  await api?.close();
});

describe("sourcing in the browser", () => {
  it("searches, filters, opens a supplier, adds a sample to the cart, pays by card and sees the order in production", async () => {
    const page = await newPage(browser);
    await registerThroughUi(page, api.url, uniqueEmail("market"), "Tote Co");
    // The guided tours are tested as screens of their own; here they would sit over the buttons.
    const token = (await page.evaluate(() => window.localStorage.getItem("atelier.token")))!;
    await as(api, token, stores.updateStoreSeenState, { body: { seenSourcingHomeTour: true, seenSourcingMarketplaceTour: true, seenSupplierProfileTour: true } });

    // Search from the sourcing home: the keyword goes into the marketplace URL.
    await page.goto(`${api.url}/home?tab=all`);
    await page.getByLabel("Search suppliers and products").fill(brand);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/browse-suppliers" && url.searchParams.get("searchKey") === brand);
    // Search also matches by meaning, and the offline embedder compares letter triples: a row
    // another test file added with a similar made-up word can come along. Count this run's cards.
    const brandCards = page.getByTestId("supplier-card").filter({ hasText: brand });
    await poll(() => brandCards.count()).toBe(2);

    // Filter to Asia: the URL holds the filter and only the Vietnamese supplier is left of the brand's.
    await page.getByRole("checkbox", { name: "Asia" }).click();
    await page.waitForURL((url) => url.searchParams.get("regions") === "AS");
    await poll(() => brandCards.count()).toBe(1);
    expect(await brandCards.first().getAttribute("data-supplier-id")).toBe(catalog.supplierIds[0]);
    // The count says how many cards there are.
    await poll(async () => (await page.getByTestId("result-count").textContent()) === `${await page.getByTestId("supplier-card").count()} suppliers`).toBe(true);

    // The shared link reproduces the same search.
    await page.reload();
    await poll(() => brandCards.count()).toBe(1);
    expect(await page.getByRole("checkbox", { name: "Asia" }).isChecked()).toBe(true);

    // Open the supplier, its base products, then the product.
    await page.getByRole("link", { name: `${brand} Textiles` }).click();
    await page.waitForURL(`${api.url}/browse-suppliers/supplier-profile/${catalog.supplierIds[0]}`);
    await page.getByRole("tab", { name: "Base products" }).click();
    await page.getByRole("link", { name: `${brand} organic cotton tote` }).last().click();
    await page.waitForURL(`${api.url}/browse-suppliers/catalog-item/${catalog.itemIds[0]}`);
    await poll(() => page.getByRole("heading", { name: "Supplier capabilities" }).count()).toBe(1);

    // Add one sample to the cart.
    await page.getByRole("button", { name: "Add sample to cart" }).click();
    await poll(() => page.getByTestId("added-to-cart").textContent()).toContain("is in your cart ($25.00)");

    // The cart dialog shows it; checkout from there.
    await page.getByRole("link", { name: "View cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Your cart" });
    await poll(() => dialog.getByTestId("invoice-total").textContent()).toBe("$25.00");
    await dialog.getByRole("link", { name: "Checkout" }).click();
    await page.waitForURL(`${api.url}/checkout`);

    // Overview → shipping → payment (the refund policy is said before paying) → success.
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    await page.getByLabel("Full name").fill("Ada Tote");
    await page.getByLabel("Address line 1").fill("1 Market St");
    await page.getByLabel("City", { exact: true }).fill("San Francisco");
    await page.getByLabel("State / region").fill("CA");
    await page.getByLabel("Postal code").fill("94105");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL((url) => url.searchParams.get("step") === "payment");
    await poll(() => page.getByTestId("refund-policy").textContent()).toContain("can't be refunded once paid");
    // A declined test card says so (INSTRUMENT_DECLINED) and leaves the payment step open.
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay now" }).click();
    await poll(() => page.getByTestId("payment-message").textContent()).toBe("Your card was declined. Nothing was charged and your items are still in the cart; try another card.");
    expect(new URL(page.url()).searchParams.get("step")).toBe("payment");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL((url) => url.searchParams.get("step") === "purchase_success");
    await poll(() => page.getByText("Thank you — your order is placed").count()).toBe(1);

    // The order item is in production.
    await page.goto(`${api.url}/inbox/orders`);
    await poll(() => page.getByTestId("order-status").first().getAttribute("data-status")).toBe("IN_PRODUCTION");
    expect(await page.getByTestId("order-item").count()).toBe(1);
    await page.context().close();
  });
});
