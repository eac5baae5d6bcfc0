import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFeeds, salesChannels, type ApiError } from "@atelier/contracts";
import { parse } from "csv-parse/sync";
import { as, expectError, registerUser, startTestApi, type TestApi } from "./harness";
import { previewStore, stockSku, teamMember } from "../../test/factories";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** What a platform's scheduled fetch gets from a feed address (the path on this API). */
async function platformFetch(url: string) {
  const res = await fetch(`${api.url}${new URL(url).pathname}`);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

const MUG = {
  title: "Stoneware mug",
  description: "Hand-glazed, 350 ml.\tDishwasher safe,\nand \"microwave\" safe",
  link: "https://shop.example.com/products/mug",
  imageLink: "https://cdn.example.com/mug.jpg",
  priceCents: 2400,
  brand: "Clay & Co",
  gtin: "4006381333931",
};

describe("product feeds for Google Merchant Center and Meta", () => {
  it("writes ready SKUs in each platform's format, lists the others with what they miss, and serves them at a revocable secret address", async () => {
    const owner = await registerUser(api);
    const tag = Date.now().toString(36).toUpperCase();
    await stockSku(api, owner.token, `MUG-${tag}`, 7, { title: "Mug" });
    await stockSku(api, owner.token, `TEE-${tag}`, 0, { title: "Heavyweight tee" });
    await stockSku(api, owner.token, `CAP-${tag}`, 3, { title: "Cap" });

    // Nothing is ready before the listings are written: each SKU says what it misses.
    const empty = await as(api, owner.token, productFeeds.listFeedListings, { query: { filter: "NOT_READY" } });
    expect(empty.counts).toEqual({ ALL: 3, READY: 0, NOT_READY: 3 });
    expect(empty.list.find((l) => l.sku === `CAP-${tag}`)).toMatchObject({ title: "Cap", ready: false, problem: "Add a description, a link to its page, a picture, a price and a brand." });

    const mug = await as(api, owner.token, productFeeds.updateFeedListing, { params: { sku: `mug-${tag}` }, body: MUG }, crypto.randomUUID());
    expect(mug).toMatchObject({ sku: `MUG-${tag}`, title: "Stoneware mug", inventoryTitle: "Mug", available: 7, inStock: true, ready: true, missing: [], problem: "" });
    await as(api, owner.token, productFeeds.updateFeedListing, { params: { sku: `TEE-${tag}` }, body: { description: "Heavy cotton tee", link: "https://shop.example.com/tee", imageLink: "https://cdn.example.com/tee.png", priceCents: 3000, brand: "Clay & Co", mpn: "TEE-300", condition: "REFURBISHED" } }, crypto.randomUUID());
    const cap = await as(api, owner.token, productFeeds.updateFeedListing, { params: { sku: `CAP-${tag}` }, body: { description: "Wool cap", priceCents: 1500 } }, crypto.randomUUID());
    expect([cap.missing, cap.problem]).toEqual([["link", "imageLink", "brand"], "Add a link to its page, a picture and a brand."]);
    // A field left out keeps its value; an empty text clears it.
    const cleared = await as(api, owner.token, productFeeds.updateFeedListing, { params: { sku: `CAP-${tag}` }, body: { description: "" } }, crypto.randomUUID());
    expect([cleared.priceCents, cleared.problem]).toEqual([1500, "Add a description, a link to its page, a picture and a brand."]);

    const ready = await as(api, owner.token, productFeeds.listFeedListings, { query: { filter: "READY", search: tag.toLowerCase() } });
    expect([ready.total, ready.list.map((l) => l.sku)]).toEqual([2, [`MUG-${tag}`, `TEE-${tag}`]]);

    // Google Merchant Center: tab-separated, its attribute names, availability and price in its words.
    const google = await as(api, owner.token, productFeeds.downloadProductFeed, { params: { platform: "GOOGLE" } });
    expect([google.filename, google.contentType]).toEqual(["google-merchant-center-products.tsv", "text/tab-separated-values; charset=utf-8"]);
    expect(google.content.split("\n")).toEqual([
      "id\ttitle\tdescription\tlink\timage_link\tavailability\tprice\tbrand\tgtin\tmpn\tcondition\tidentifier_exists",
      `MUG-${tag}\tStoneware mug\tHand-glazed, 350 ml. Dishwasher safe, and "microwave" safe\thttps://shop.example.com/products/mug\thttps://cdn.example.com/mug.jpg\tin_stock\t24.00 USD\tClay & Co\t4006381333931\t\tnew\tyes`,
      `TEE-${tag}\tHeavyweight tee\tHeavy cotton tee\thttps://shop.example.com/tee\thttps://cdn.example.com/tee.png\tout_of_stock\t30.00 USD\tClay & Co\t\tTEE-300\trefurbished\tyes`,
      "",
    ]);

    // Meta's catalog: CSV with its nine columns, quoted where a field needs it.
    const meta = await as(api, owner.token, productFeeds.downloadProductFeed, { params: { platform: "META" } });
    const rows = parse(meta.content) as string[][];
    expect(rows).toEqual([
      ["id", "title", "description", "availability", "condition", "price", "link", "image_link", "brand"],
      [`MUG-${tag}`, "Stoneware mug", MUG.description, "in stock", "new", "24.00 USD", MUG.link, MUG.imageLink, "Clay & Co"],
      [`TEE-${tag}`, "Heavyweight tee", "Heavy cotton tee", "out of stock", "refurbished", "30.00 USD", "https://shop.example.com/tee", "https://cdn.example.com/tee.png", "Clay & Co"],
    ]);

    // The address the platforms fetch: none until made; replacing it stops the old one; revoking stops it.
    const before = await as(api, owner.token, productFeeds.getProductFeedStatus, {});
    expect(before).toMatchObject({ skuCount: 3, readyCount: 2, notReadyCount: 1, urls: null, summary: "2 SKUs are in the feeds; 1 SKU is left out until you add what it misses. Make the feed address to give to Google Merchant Center or Meta Commerce Manager." });
    const made = await as(api, owner.token, productFeeds.createProductFeedUrl, {}, crypto.randomUUID());
    expect(made.urls!.GOOGLE).toMatch(/\/rest\/main\/product-feeds\/[A-Za-z0-9_-]{43}\/google-merchant-center\.tsv$/);
    const fetched = await platformFetch(made.urls!.GOOGLE);
    expect([fetched.status, fetched.type, fetched.text]).toEqual([200, "text/tab-separated-values; charset=utf-8", google.content]);
    expect((await platformFetch(made.urls!.META)).text).toBe(meta.content);
    expect((await as(api, owner.token, productFeeds.getProductFeedStatus, {})).lastFetchedAt).not.toBeNull();

    const remade = await as(api, owner.token, productFeeds.createProductFeedUrl, {}, crypto.randomUUID());
    expect(remade.urls!.GOOGLE).not.toBe(made.urls!.GOOGLE);
    const old = await platformFetch(made.urls!.GOOGLE);
    expect([old.status, old.text]).toEqual([404, "This feed address is not in use: make a new one on the Google Shopping or Instagram page of Atelier.\n"]);
    expect((await platformFetch(remade.urls!.META)).status).toBe(200);
    const revoked = await as(api, owner.token, productFeeds.revokeProductFeedUrl, {}, crypto.randomUUID());
    expect(revoked.urls).toBeNull();
    expect((await platformFetch(remade.urls!.META)).status).toBe(404);
    expect((await fetch(`${api.url}/rest/main/product-feeds/not-a-token/meta-catalog.csv`)).status).toBe(404);

    // The channel cards stand as the feed does.
    const channels = await as(api, owner.token, salesChannels.listSalesChannels, {});
    expect(channels.channels.find((c) => c.key === "google-shopping")!.status).toMatch(/^2 SKUs are in the feeds/);
  });

  it("refuses bad fields with the field and a sentence, keeps other stores out, and lets only marketers change the feeds", async () => {
    const owner = await registerUser(api);
    const tag = Date.now().toString(36).toUpperCase();
    await stockSku(api, owner.token, `BAG-${tag}`, 2);
    const edit = (token: string, body: Record<string, unknown>, sku = `BAG-${tag}`) => as(api, token, productFeeds.updateFeedListing, { params: { sku }, body }, crypto.randomUUID());

    await expectError(edit(owner.token, { link: "http://shop.example.com/bag" }), 400, "body.link", /must be a web address starting with https:\/\//);
    await expectError(edit(owner.token, { imageLink: "bag.jpg" }), 400, "body.imageLink");
    await expectError(edit(owner.token, { gtin: "4006381333932" }), 400, "body.gtin", /correct check digit/);
    await expectError(edit(owner.token, { priceCents: 0 }), 400, "body.priceCents", /more than zero/);
    await expectError(edit(owner.token, { condition: "MINT" }), 400, "body.condition");
    await expectError(edit(owner.token, { colour: "red" }), 400);
    await expectError(as(api, owner.token, productFeeds.listFeedListings, { query: { filter: "SOME" as never } }), 400, "query.filter");
    await expectError(as(api, owner.token, productFeeds.downloadProductFeed, { params: { platform: "TIKTOK" as never } }), 400, "params.platform");
    await expectError(edit(owner.token, { brand: "X" }, `NOPE-${tag}`), 404);

    // Another store sees none of it and can't write to it.
    const stranger = await registerUser(api);
    await expectError(edit(stranger.token, { brand: "X" }), 404);
    expect((await as(api, stranger.token, productFeeds.listFeedListings, { query: { search: tag } })).total).toBe(0);
    await edit(owner.token, { description: "Tote", link: "https://shop.example.com/bag", imageLink: "https://cdn.example.com/bag.jpg", priceCents: 1800, brand: "Clay & Co" });
    await as(api, stranger.token, productFeeds.createProductFeedUrl, {}, crypto.randomUUID());
    expect((await as(api, stranger.token, productFeeds.downloadProductFeed, { params: { platform: "GOOGLE" } })).content).not.toContain(`BAG-${tag}`);

    // Support staff read the feeds but don't change what the store shows; previews and strangers are refused.
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, productFeeds.getProductFeedStatus, {})).readyCount).toBe(1);
    await expectError(edit(cx.token, { brand: "Y" }), 403);
    await expectError(as(api, cx.token, productFeeds.createProductFeedUrl, {}, crypto.randomUUID()), 403);
    const preview = await previewStore(api);
    const refused = await expectError(as(api, preview.token, productFeeds.createProductFeedUrl, {}, crypto.randomUUID()), 403);
    expect(refused.message).toBe("Preview mode can't take this action.");
    const anonymous = await as(api, "", productFeeds.getProductFeedStatus, {}).then(() => null, (e: ApiError) => e.status);
    expect(anonymous).toBe(401);
  });
});
