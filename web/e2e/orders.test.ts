import { describe, expect, it } from "vitest";
import { orderRules, orders } from "@atelier/contracts";
import { createStore } from "../../test/factories/accounts";
import { createOrder } from "../../test/factories/orders";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { shopifyOrdersCsv } from "../../test/factories/order-exports";
import { FAKE_SHOP, FAKE_SHOP_TOKEN, shopifyOrder, startFakeShopify } from "../../test/factories/fake-shopify";
import { createShopifyShop } from "../../api/src/providers/store-platforms";
import { overflowsSideways, pageAs, shot, useWebApi } from "./browser";

// The orders screens in Chromium at a desktop (1400×900) and a phone (390×844): they fit without
// sideways scrolling, and a person can open an order from the list and release its hold.
const env = useWebApi();

async function storeWithOrders() {
  const owner = await createStore(env.api, { storeName: "Orders e2e" });
  const names = ["Ada Lovelace", "Grace Hopper", "Katherine Johnson", "Margaret Hamilton", "Radia Perlman"];
  const ids: string[] = [];
  for (let n = 0; n < 25; n++) {
    ids.push(await createOrder(env.api, owner.store.id, {
      orderNumber: 1001 + n, customerName: `${names[n % names.length]}${n >= 5 ? ` ${n}` : ""}`, email: `customer-${n}-${crypto.randomUUID().slice(0, 6)}@example.com`,
      placedAt: new Date(Date.UTC(2026, 10, 1, n)).toISOString(), processingStatus: n % 3 ? "PROCESSING" : "OUTSTANDING", totalCents: 1800 + n * 250,
    }));
  }
  await env.api.client.call(orders.holdOrder, { params: { id: "1025" }, body: { reason: "Address could not be verified by the carrier" } }, { token: owner.token });
  await env.api.client.call(orders.holdOrder, { params: { id: "1025" }, body: { reason: "Customer asked to change the size" } }, { token: owner.token });
  return { owner, ids };
}

describe("orders screens in Chromium", () => {
  it.each([
    ["desktop", { width: 1400, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)("fit the %s and lead from the list to an order whose holds can be released", async (name, viewport) => {
    const { owner } = await storeWithOrders();
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize(viewport);
    await page.goto(`${env.api.url}/orders`);
    await page.getByTestId("order-row").first().waitFor();
    expect(await page.getByTestId("order-row").count()).toBe(20);
    expect(await page.getByRole("tab", { name: "On hold (1)" }).isVisible()).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `orders-list-${name}`);

    await page.getByRole("tab", { name: "On hold (1)" }).click();
    await page.getByRole("link", { name: "#1025" }).click();
    await page.getByRole("heading", { name: "Order #1025" }).waitFor();
    await page.getByTestId("open-hold").nth(1).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `order-details-${name}`);
    await page.getByRole("button", { name: "Release hold: Customer asked to change the size" }).click();
    await page.getByTestId("open-hold").nth(1).waitFor({ state: "detached" });
    expect(await page.getByTestId("order-status").textContent()).toBe("On hold");
    await page.getByRole("button", { name: "Release hold: Address could not be verified by the carrier" }).click();
    await page.getByTestId("open-hold").waitFor({ state: "detached" });
    expect(await page.getByTestId("order-status").textContent()).toBe("Outstanding");
    await page.context().close();
  });
});

describe("an order split by stock in Chromium", () => {
  it("shows each order's sales channel in the list and both parts of a split order, on a desktop and a phone", async () => {
    const owner = await createStore(env.api, { storeName: "Split e2e" });
    const as = { token: owner.token };
    await stockSku(env.api, owner.token, "TEE-BLK-M", 5);
    await stockSku(env.api, owner.token, "MUG-01", 1);
    await env.api.client.call(orderRules.createOrderRule, { body: { name: "Split orders by stock", conditions: [{ field: "TOTAL", op: "GTE", cents: 0 }], actions: [{ type: "SPLIT_BY_STOCK" }], enabled: true } }, as);
    const order = await env.api.client.call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 2 }, { sku: "MUG-01", quantity: 3 }]) }, as);
    const page = await pageAs(env.browser, owner);
    for (const [name, viewport] of [["desktop", { width: 1400, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${env.api.url}/orders`);
      const row = page.locator(`[data-testid="order-row"][data-order-number="${order.orderNumber}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain("Manual retail");
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `orders-channel-${name}`);
      await row.getByRole("link", { name: `#${order.orderNumber}` }).click();
      await page.getByTestId("order-parts").waitFor();
      expect(await page.getByTestId("order-part-status").allTextContents()).toEqual(["Ready to ship", "Waiting for stock"]);
      expect(await overflowsSideways(page)).toBe(false);
      await page.getByTestId("order-parts").scrollIntoViewIfNeeded();
      await shot(page, `order-split-${name}`);
    }
    await page.context().close();
  });
});

describe("a manual order and its public tracking page in Chromium", () => {
  it("creates an order from the form with an inventory SKU, then the buyer finds it on /track-order; both fit a phone", async () => {
    const owner = await createStore(env.api, { storeName: "Manual orders e2e" });
    await stockSku(env.api, owner.token, "TEE-ORG-BLK", 5, { title: "Organic tee, black" });
    const email = `buyer-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.api.url}/orders`);
    await page.getByRole("button", { name: "New order" }).click();
    const form = page.getByRole("form", { name: "New order" });
    await form.getByLabel("Customer name").fill("Ada Lovelace");
    await form.getByLabel("Customer e-mail").fill(email);
    await form.getByLabel("Street and number").fill("12 Harbor Way");
    await form.getByLabel("City", { exact: true }).fill("Oakland");
    await form.getByLabel("State or region").fill("CA");
    await form.getByLabel("Postcode").fill("94607");
    await form.getByLabel("SKU 1").fill("tee-org-blk");
    await page.getByTestId("line-stock").filter({ hasText: "Organic tee, black: 5 available" }).waitFor();
    await form.getByLabel("Units").fill("2");
    await form.getByLabel("Price per unit ($)").fill("32");
    await form.getByLabel("Shipping method").selectOption("EXPEDITED");
    await form.getByLabel("Shipping charged ($)").fill("5");
    expect(await page.getByTestId("manual-order-total").textContent()).toContain("total $69.00");
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "manual-order-form-desktop");
    await form.getByRole("button", { name: "Create order" }).click();
    await page.getByTestId("order-shipping-method").filter({ hasText: "Ships Expedited" }).waitFor();
    const number = /Order #(\d+)/.exec((await page.getByRole("heading", { level: 1 }).textContent()) ?? "")?.[1];
    expect(number).toBe("1001");
    expect(await page.getByTestId("order-status").textContent()).toBe("Outstanding");

    // The buyer, logged out: the number and e-mail find the order; nothing of the store's shows.
    const buyer = await pageAs(env.browser, null);
    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.goto(`${env.api.url}/track-order`);
    await buyer.getByLabel("Order number").fill("1001");
    await buyer.getByLabel("E-mail or postcode used for the order").fill("nobody@example.com");
    await buyer.getByRole("button", { name: "Track" }).click();
    await buyer.getByRole("alert").filter({ hasText: "No order matches these details" }).waitFor();
    await buyer.getByLabel("E-mail or postcode used for the order").fill(email);
    await buyer.getByRole("button", { name: "Track" }).click();
    await buyer.getByTestId("track-result").waitFor();
    expect(await buyer.getByRole("heading", { name: "Order #1001 from Manual orders e2e" }).isVisible()).toBe(true);
    expect(await buyer.getByTestId("track-status").textContent()).toBe("The store has received your order.");
    expect(await buyer.getByTestId("track-result").textContent()).not.toContain("Ada");
    expect(await overflowsSideways(buyer)).toBe(false);
    await shot(buyer, "track-order-phone");
    await buyer.context().close();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.api.url}/orders?new=wholesale`);
    await page.getByRole("heading", { name: "New wholesale order" }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "manual-order-form-phone");
    await page.context().close();
  });
});

describe("the fulfilment home in Chromium", () => {
  it("counts what needs attention with links to the lists, and fits a phone", async () => {
    const owner = await createStore(env.api, { storeName: "Fulfilment home e2e" });
    await stockSku(env.api, owner.token, "CAP-RED", 2, { title: "Red cap", lowStockThreshold: 5 });
    await stockSku(env.api, owner.token, "MUG-01", 0, { title: "Mug" });
    // Nothing of the mug is on hand, so the order waits on the inventory's out-of-stock hold.
    await env.api.client.call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "MUG-01", quantity: 1 }]) }, { token: owner.token, idempotencyKey: crypto.randomUUID() });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.api.url}/fulfillment-services`);
    await page.getByTestId("attention-held").waitFor();
    expect(await page.getByTestId("attention-held").textContent()).toBe("1 order on hold");
    expect(await page.getByTestId("attention-low").textContent()).toBe("1 SKU low on stock");
    expect(await page.getByTestId("attention-out").textContent()).toBe("1 SKU out of stock");
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "fulfilment-home-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    // Loaded at the phone's width, as a phone opens it (no sidebar closing mid-animation).
    await page.reload();
    await page.getByTestId("attention-held").waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "fulfilment-home-phone");
    await page.getByRole("link", { name: "1 order on hold" }).click();
    await page.getByRole("tab", { name: "On hold (1)", selected: true }).waitFor();
    await page.context().close();
  });

  it("imports a Shopify export on the connect page: checked, imported with progress, its bad row reported, the order in /orders", async () => {
    const owner = await createStore(env.api, { storeName: "Import e2e" });
    const tag = Date.now().toString(36).toUpperCase();
    await stockSku(env.api, owner.token, `TEE-${tag}`, 5, { title: "Organic tee" });
    const file = shopifyOrdersCsv([
      { id: "#2001", name: "Ada Lovelace", lines: [{ sku: `TEE-${tag}`, quantity: 2, price: 25 }] },
      { id: "#2002", lines: [{ sku: `NOPE-${tag}`, quantity: 1, price: 9 }] },
    ]);
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.api.url}/fulfillment-services/connect-shopify`);
    await page.getByTestId("imports-empty").waitFor();
    await page.getByLabel(/Export file/).setInputFiles({ name: "orders_export_1.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Check the file" }).click();
    expect(await page.getByTestId("import-summary").textContent()).toBe("A Shopify export with 2 orders in 2 rows, not imported yet.");
    await page.getByRole("button", { name: "Import 2 orders" }).click();
    await page.getByTestId("import-summary").filter({ hasText: "1 order imported, 1 order could not be imported (1 problem row)." }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("import-problem").textContent()).toContain(`NOPE-${tag} is not a SKU of your inventory`);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "connect-shopify-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId("import-problem").waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "connect-shopify-phone");
    await page.goto(`${env.api.url}/orders`);
    await page.getByTestId("order-row").filter({ hasText: "Ada Lovelace" }).waitFor();
    expect(await page.getByTestId("order-row").count()).toBe(1);
    await page.context().close();
  });

  it("imports the connected Shopify shop's orders through the \"Import from your shop\" card and sees them placed, on a desktop and a phone", async () => {
    const owner = await createStore(env.api, { storeName: "Shop import e2e" });
    const tag = Date.now().toString(36).toUpperCase();
    await stockSku(env.api, owner.token, `TEE-${tag}`, 10, { title: "Organic tee" });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    // No shop connected (this API's configuration): the page is the export file's.
    await page.goto(`${env.api.url}/ecommerce-services/shopify`);
    await page.getByTestId("imports-empty").waitFor();
    expect(await page.getByRole("region", { name: "Import from your shop" }).count()).toBe(0);
    await shot(page, "shopify-not-connected-desktop");

    // The shop connected through the official adapter, answering from the local fake of Shopify's Admin API.
    const fake = await startFakeShopify(() => [3001, 3002].map((n) => shopifyOrder(n, [{ sku: `TEE-${tag}`, quantity: 1, price: "25.00" }])));
    const configured = env.api.deps.providers.shops.shopify;
    env.api.deps.providers.shops.shopify = createShopifyShop({ apiKey: "key", apiSecret: "secret", shopDomain: FAKE_SHOP, accessToken: FAKE_SHOP_TOKEN, baseUrl: fake.url });
    try {
      await page.reload();
      const card = page.getByRole("region", { name: "Import from your shop" });
      await card.waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, "shopify-connected-desktop");
      await card.getByRole("button", { name: "Read the orders to fulfil" }).click();
      await page.getByTestId("import-summary").filter({ hasText: "2 orders to fulfil read from your Shopify shop, not imported yet." }).waitFor({ timeout: 20_000 });
      await page.getByRole("button", { name: "Import 2 orders" }).click();
      await page.getByTestId("import-summary").filter({ hasText: "2 orders imported" }).waitFor({ timeout: 30_000 });
      const placed = page.getByRole("list").filter({ hasText: "Grace Hopper 3001" });
      expect(await placed.getByRole("link").count()).toBe(2);
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, "shopify-imported-desktop");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await card.waitFor();
      await page.getByTestId("import-result").waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, "shopify-connected-phone");
      await page.goto(`${env.api.url}/orders`);
      await page.getByTestId("order-row").filter({ hasText: "Grace Hopper 3002" }).waitFor();
      expect(await page.getByTestId("order-row").count()).toBe(2);
    } finally {
      env.api.deps.providers.shops.shopify = configured;
      await fake.close();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.api.url}/ecommerce-services/shopify`);
    await page.getByRole("form", { name: "Upload the export file" }).waitFor();
    await shot(page, "shopify-not-connected-phone");
    await page.context().close();
  });

  it("gives a SKU what the Google Shopping feed needs on its page, makes the feed address, and the platform's fetch carries the SKU", async () => {
    const owner = await createStore(env.api, { storeName: "Feed e2e" });
    const tag = Date.now().toString(36).toUpperCase();
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.api.url}/ecommerce-services/google-shopping`);
    await page.getByTestId("feed-empty").waitFor();
    await shot(page, "google-shopping-empty-desktop");
    await stockSku(env.api, owner.token, `MUG-${tag}`, 4, { title: "Stoneware mug" });
    await page.reload();
    expect(await page.getByTestId("feed-problem").textContent()).toBe("Add a description, a link to its page, a picture, a price and a brand.");
    await page.getByRole("button", { name: `MUG-${tag}` }).click();
    const form = page.getByTestId("feed-listing-form");
    await form.getByLabel("Description").fill("Hand-glazed stoneware, 350 ml");
    await form.getByLabel("Product page").fill("http://shop.example.com/mug");
    await form.getByLabel("Picture address").fill("https://cdn.example.com/mug.jpg");
    await form.getByLabel("Price (USD)").fill("24");
    await form.getByLabel("Brand").fill("Clay & Co");
    await page.getByRole("button", { name: "Save" }).click();
    expect(await form.getByRole("alert").textContent()).toBe("must be a web address starting with https://");
    await form.getByLabel("Product page").fill("https://shop.example.com/mug");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("feed-row").filter({ hasText: "In the feed" }).waitFor();
    await page.getByRole("button", { name: "Make the feed address" }).click();
    const url = await page.getByTestId("feed-url").inputValue();
    const feed = await (await fetch(`${env.api.url}${new URL(url).pathname}`)).text();
    expect(feed.split("\n")[1]).toBe(`MUG-${tag}\tStoneware mug\tHand-glazed stoneware, 350 ml\thttps://shop.example.com/mug\thttps://cdn.example.com/mug.jpg\tin_stock\t24.00 USD\tClay & Co\t\t\tnew\tno`);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "google-shopping-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.api.url}/ecommerce-services/instagram`);
    await page.getByTestId("feed-url").waitFor();
    expect(await page.getByTestId("feed-url").inputValue()).toMatch(/\/meta-catalog\.csv$/);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "instagram-phone");
    await page.context().close();
  });
});
