import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, salesChannels } from "@atelier/contracts";
import { createShopifyShop } from "../src/providers/store-platforms";
import { as, expectError, registerUser, startTestApi, testConfig, type TestApi } from "./harness";
import { previewStore, stockSku } from "../../test/factories";
import { FAKE_SHOP, FAKE_SHOP_TOKEN, shopifyOrder, startFakeShopify, type ShopifyNode } from "../../test/factories/fake-shopify";

// The official Shopify adapter (@shopify/shopify-api) against a local fake of the GraphQL Admin
// API that answers as Shopify does (test/factories/fake-shopify.ts): the access token in
// X-Shopify-Access-Token, cursor pages of `orders`, and one 429 with Retry-After before the first
// page, which the library must wait out and retry.

const SHOP = FAKE_SHOP;
const TOKEN = FAKE_SHOP_TOKEN;
type Node = ShopifyNode;

let api: TestApi;
let fake: Awaited<ReturnType<typeof startFakeShopify>>;
let shopOrders: Node[] = [];
beforeAll(async () => {
  fake = await startFakeShopify(() => shopOrders);
  api = await startTestApi({ config: testConfig({ storePlatforms: { shopify: { apiKey: "key", apiSecret: "secret", shopDomain: SHOP, accessToken: TOKEN, baseUrl: fake.url } } }) });
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

async function finished(token: string, id: string) {
  await expect.poll(async () => (await as(api, token, salesChannels.getOrderImport, { params: { id } })).status, { timeout: 30_000 }).toMatch(/COMPLETED|FAILED/);
  return as(api, token, salesChannels.getOrderImport, { params: { id } });
}

describe("the official Shopify adapter", () => {
  it("reads the shop's orders page by page through a 429, and imports them through the same checks and placement as a file", async () => {
    const owner = await registerUser(api);
    const tag = Date.now().toString(36).toUpperCase();
    await stockSku(api, owner.token, `TEE-${tag}`, 1000);
    // 60 orders: two pages of 50; the last two are bad, one without a SKU and one of a SKU the store doesn't stock.
    shopOrders = Array.from({ length: 58 }, (_, i) => shopifyOrder(2001 + i, [{ sku: `TEE-${tag}`, quantity: 1 + (i % 2), price: "25.00" }]));
    shopOrders.push(shopifyOrder(2059, [{ sku: null, quantity: 1, price: "9.00" }]), shopifyOrder(2060, [{ sku: `MUG-${tag}`, quantity: 1, price: "9.00" }]));

    const channels = await as(api, owner.token, salesChannels.listSalesChannels, {});
    expect(channels.channels.find((c) => c.key === "shopify")!.connectedShop).toBe(SHOP);

    const before = fake.seen.length;
    const key = crypto.randomUUID();
    const read = await as(api, owner.token, salesChannels.importShopOrders, { body: { channel: "SHOPIFY" } }, key);
    expect(read).toMatchObject({ channel: "SHOPIFY", source: "SHOP", status: "UPLOADED", orderCount: 60, fileName: `Orders from ${SHOP}` });
    expect(read.summary).toBe("60 orders to fulfil read from your Shopify shop, not imported yet.");
    // A 429 waited out, then two pages, the second asked with the first's cursor, each with the token.
    expect(fake.seen.slice(before).map((s) => [s.status, s.after === null ? null : "cursor", s.token])).toEqual([[429, null, TOKEN], [200, null, TOKEN], [200, "cursor", TOKEN]]);

    // A repeat with the same key (a double click, an agent's retry) answers the same import and asks Shopify nothing.
    const seenBefore = fake.seen.length;
    expect((await as(api, owner.token, salesChannels.importShopOrders, { body: { channel: "SHOPIFY" } }, key)).id).toBe(read.id);
    expect(fake.seen.length).toBe(seenBefore);
    expect((await as(api, owner.token, salesChannels.listOrderImports, { query: { channel: "SHOPIFY" } })).total).toBe(1);

    await as(api, owner.token, salesChannels.startOrderImport, { body: { importId: read.id } }, crypto.randomUUID());
    const result = await finished(owner.token, read.id);
    expect(result).toMatchObject({ status: "COMPLETED", importedCount: 58, failedCount: 2 });
    expect(result.problems.map((p) => p.orderRef).sort()).toEqual(["#2059", "#2060"]);
    expect(result.problems.find((p) => p.orderRef === "#2059")!.message).toBe('Order #2059: the item "Tee without SKU" has no SKU, so Atelier can\'t tell which stock to ship.');

    // Placed like a file's order (the import lists its newest 50): origin Imported, the shop's totals and address.
    const placed = result.orders.find((o) => o.externalId === "#2058")!;
    const order = await as(api, owner.token, orders.getOrder, { params: { id: placed.id } });
    expect(order).toMatchObject({ origin: "IMPORT", customerName: "Grace Hopper 2058", subtotalCents: 5000, shippingCents: 450, taxCents: 120, totalCents: 5570, processingStatus: "OUTSTANDING", placedAt: "2026-11-20T15:04:05.000Z" });
    expect(order.shippingAddress).toMatchObject({ address1: "1 Infinite Loop, Suite 2", city: "Cupertino", region: "CA", postalCode: "95014", countryCode: "US" });

    // Reading the shop again finds the same orders; importing them skips every one already placed.
    const again = await as(api, owner.token, salesChannels.importShopOrders, { body: { channel: "SHOPIFY" } }, crypto.randomUUID());
    await as(api, owner.token, salesChannels.startOrderImport, { body: { importId: again.id } }, crypto.randomUUID());
    expect(await finished(owner.token, again.id)).toMatchObject({ importedCount: 0, skippedCount: 58, failedCount: 2 });
  }, 120_000);

  it("turns a refused token, a shop with nothing to ship and no connected shop into sentences, and keeps previews and other stores out", async () => {
    const owner = await registerUser(api);
    const configured = api.deps.providers.shops.shopify;
    try {
      api.deps.providers.shops.shopify = createShopifyShop({ apiKey: "key", apiSecret: "secret", shopDomain: SHOP, accessToken: "shpat_revoked", baseUrl: fake.url });
      const refused = await expectError(as(api, owner.token, salesChannels.importShopOrders, { body: { channel: "SHOPIFY" } }, crypto.randomUUID()), 502);
      expect(refused.message).toBe(`Shopify refused the access token for ${SHOP}: create a new Admin API access token in the shop's custom app (with the read_orders scope) and set it again.`);

      api.deps.providers.shops.shopify = configured;
      shopOrders = [];
      await expectError(as(api, owner.token, salesChannels.importShopOrders, { body: { channel: "SHOPIFY" } }, crypto.randomUUID()), 409, undefined, new RegExp(`^${SHOP} has no open order waiting to be shipped`));

      api.deps.providers.shops.shopify = null;
      await expectError(as(api, owner.token, salesChannels.importShopOrders, { body: { channel: "SHOPIFY" } }, crypto.randomUUID()), 409, undefined, /^No Shopify shop is connected to this Atelier: upload the shop's orders export instead/);
      expect((await as(api, owner.token, salesChannels.listSalesChannels, {})).channels.find((c) => c.key === "shopify")!.connectedShop).toBeNull();
    } finally {
      api.deps.providers.shops.shopify = configured;
    }

    await expectError(as(api, owner.token, salesChannels.importShopOrders, { body: { channel: "AMAZON" as never } }, crypto.randomUUID()), 400, "body.channel");
    const preview = await previewStore(api);
    await expectError(as(api, preview.token, salesChannels.importShopOrders, { body: { channel: "SHOPIFY" } }, crypto.randomUUID()), 403, undefined, /^Preview mode can't take this action\.$/);
    const anonymous = await as(api, "", salesChannels.importShopOrders, { body: { channel: "SHOPIFY" } }, crypto.randomUUID()).then(() => null, (e: { status: number }) => e.status);
    expect(anonymous).toBe(401);
  });
});
