import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventory, orders, salesChannels, type ApiError } from "@atelier/contracts";
import type { OrderImport } from "@atelier/contracts/sales-channels";
import { as, expectError, registerUser, startTestApi, type TestApi } from "./harness";
import { amazonOrderReport, previewStore, shopifyOrdersCsv, stockSku, wooCommerceOrdersCsv } from "../../test/factories";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** Uploads an export file as the connect page does (multipart, field file). */
type Answer = OrderImport & { code?: string; message?: string; details?: { field: string; reason: string }[] };
async function upload(token: string, name: string, text: string | Buffer): Promise<{ status: number; body: Answer }> {
  const form = new FormData();
  form.append("file", new Blob([text]), name);
  const res = await fetch(`${api.url}/rest/main/web/orders/import-files`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Answer };
}

/** The import once its job has finished (jobs run at once in tests). */
async function finished(token: string, id: string) {
  await expect.poll(async () => (await as(api, token, salesChannels.getOrderImport, { params: { id } })).status, { timeout: 20_000 }).toMatch(/COMPLETED|FAILED/);
  return as(api, token, salesChannels.getOrderImport, { params: { id } });
}

async function importFile(token: string, name: string, text: string) {
  const up = await upload(token, name, text);
  expect(up.status).toBe(201);
  const started = await as(api, token, salesChannels.startOrderImport, { body: { importId: up.body.id } }, crypto.randomUUID());
  expect(started.status).toMatch(/QUEUED|RUNNING|COMPLETED/);
  return finished(token, up.body.id);
}

describe("order imports from sales channels' export files", () => {
  it("imports a Shopify export: orders placed as Imported with stock reserved, bad rows reported in sentences, a second import skips everything", async () => {
    const owner = await registerUser(api);
    const tag = Date.now().toString(36).toUpperCase();
    await stockSku(api, owner.token, `TEE-${tag}`, 10, { title: "Heavyweight tee" });
    await stockSku(api, owner.token, `CAP-${tag}`, 1, { title: "Cap" });
    const file = shopifyOrdersCsv([
      { id: "#1001", name: "Ada Lovelace", lines: [{ sku: `TEE-${tag}`, quantity: 2, price: 25 }, { sku: `CAP-${tag}`, quantity: 1, price: 15 }] },
      { id: "#1002", lines: [{ sku: `CAP-${tag}`, quantity: 3, price: 15 }] },
      { id: "#1003", lines: [{ sku: `MUG-${tag}`, quantity: 1, price: 9 }] },
      { id: "#1004", address1: "", lines: [{ sku: `TEE-${tag}`, quantity: 1, price: 25 }] },
      { id: "#1005", lines: [{ sku: `TEE-${tag}`, quantity: "two", price: 25 }] },
    ]);
    const up = await upload(owner.token, "orders_export_1.csv", file);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ channel: "SHOPIFY", channelName: "Shopify", status: "UPLOADED", rowCount: 6, orderCount: 5, fileName: "orders_export_1.csv" });
    expect(up.body.summary).toBe("A Shopify export with 5 orders in 6 rows, not imported yet.");

    const result = await finished(owner.token, (await as(api, owner.token, salesChannels.startOrderImport, { body: { importId: up.body.id } }, crypto.randomUUID())).id);
    expect(result).toMatchObject({ status: "COMPLETED", importedCount: 2, skippedCount: 0, failedCount: 3 });
    expect(result.summary).toBe("2 orders imported, 3 orders could not be imported (3 problem rows).");
    expect(result.problems).toEqual([
      { rowNumber: 5, orderRef: "#1003", message: `Order #1003: MUG-${tag} is not a SKU of your inventory; add it on the Inventory screen, then import the file again (orders already imported are skipped).` },
      { rowNumber: 6, orderRef: "#1004", message: "Order #1004 has no street in its shipping address, so it can't be shipped." },
      { rowNumber: 7, orderRef: "#1005", message: `Order #1005: the quantity "two" of TEE-${tag} is not a whole number of units from 1 to 10,000.` },
    ]);
    expect(result.orders.map((o) => o.externalId).sort()).toEqual(["#1001", "#1002"]);

    // Placed like any order: origin Imported, totals from the file, units reserved, short stock held.
    const first = await as(api, owner.token, orders.getOrder, { params: { id: result.orders.find((o) => o.externalId === "#1001")!.id } });
    expect(first).toMatchObject({ origin: "IMPORT", customerName: "Ada Lovelace", subtotalCents: 6500, shippingCents: 500, totalCents: 7000, processingStatus: "OUTSTANDING", placedAt: "2026-11-03T19:05:09.000Z" });
    expect(first.shippingAddress).toMatchObject({ address1: "12 Market Street", postalCode: "02134", countryCode: "US", region: "MA" });
    expect(first.lines.map((l) => [l.sku, l.quantity, l.unitPriceCents]).sort()).toEqual([[`CAP-${tag}`, 1, 1500], [`TEE-${tag}`, 2, 2500]]);
    const second = await as(api, owner.token, orders.getOrder, { params: { id: result.orders.find((o) => o.externalId === "#1002")!.id } });
    expect(second.processingStatus).toBe("ON_HOLD");
    expect(second.holds[0]!.reason).toMatch(/^Not enough stock/);
    expect((await as(api, owner.token, inventory.getInventoryItem, { params: { sku: `TEE-${tag}` } })).reserved).toBe(2);

    // The problem report downloads as CSV.
    const csv = await as(api, owner.token, salesChannels.getOrderImportProblemsCsv, { params: { id: up.body.id } });
    expect(csv.filename).toBe("orders_export_1-problems.csv");
    expect(csv.csv.split("\n")[0]).toBe("Line,Order,Problem");
    expect(csv.csv).toContain(`5,#1003,"Order #1003: MUG-${tag} is not a SKU`);

    // Mended stock, same file again: the two already imported are skipped, #1003 now comes in.
    await stockSku(api, owner.token, `MUG-${tag}`, 5);
    const again = await importFile(owner.token, "orders_export_1.csv", file);
    expect(again).toMatchObject({ importedCount: 1, skippedCount: 2, failedCount: 2 });
    expect(again.summary).toBe("1 order imported, 2 orders skipped as already imported, 2 orders could not be imported (2 problem rows).");
    expect((await as(api, owner.token, orders.listOrders, { query: { search: "buyer-1003" } })).total).toBe(1);

    const list = await as(api, owner.token, salesChannels.listOrderImports, { query: { channel: "SHOPIFY" } });
    expect(list.list.map((i) => i.importedCount)).toEqual([1, 2]);
    const channels = await as(api, owner.token, salesChannels.listSalesChannels, {});
    expect(channels.channels.find((c) => c.key === "shopify")).toMatchObject({ orderCount: 3, path: "/ecommerce-services/shopify" });
    expect(channels.channels.find((c) => c.key === "shopify")!.status).toMatch(/^3 orders imported, the last import on /);
    expect(channels.channels.map((c) => c.key)).toEqual(["own-shop", "shopify", "amazon", "woocommerce", "instagram", "google-shopping", "wholesale"]);
  });

  it("reads WooCommerce's order export and Amazon's tab-separated order report", async () => {
    const owner = await registerUser(api);
    const tag = Date.now().toString(36).toUpperCase();
    await stockSku(api, owner.token, `SOAP-${tag}`, 50);
    const woo = await importFile(owner.token, "orders-2026-11-04.csv", wooCommerceOrdersCsv([
      { id: "4501", name: "Grace Hopper", lines: [{ sku: `SOAP-${tag}`, quantity: 3, price: "6.50" }, { sku: `SOAP-${tag}`, quantity: 1, price: "6.50" }] },
      { id: "4502", email: "not-an-email", lines: [{ sku: `SOAP-${tag}`, quantity: 1, price: 6.5 }] },
    ]));
    expect(woo).toMatchObject({ channel: "WOOCOMMERCE", importedCount: 1, failedCount: 1 });
    expect(woo.problems).toEqual([{ rowNumber: 4, orderRef: "4502", message: 'Order 4502 has "not-an-email" as its e-mail, which is not an e-mail address.' }]);
    const wooOrder = await as(api, owner.token, orders.getOrder, { params: { id: woo.orders[0]!.id } });
    expect(wooOrder).toMatchObject({ origin: "IMPORT", customerName: "Grace Hopper", subtotalCents: 2600, shippingCents: 400 });

    const amazon = await importFile(owner.token, "UnshippedOrders.txt", amazonOrderReport([
      { id: "112-1234567-7654321", lines: [{ sku: `SOAP-${tag}`, quantity: 2, price: 7 }] },
      { id: "112-0000000-0000001", lines: [{ sku: `SOAP-${tag}`, quantity: 0, price: 7 }] },
    ]));
    expect(amazon).toMatchObject({ channel: "AMAZON", channelName: "Amazon", importedCount: 1, failedCount: 1 });
    expect(amazon.problems[0]).toMatchObject({ rowNumber: 3, orderRef: "112-0000000-0000001" });
    const amazonOrder = await as(api, owner.token, orders.getOrder, { params: { id: amazon.orders[0]!.id } });
    // item-price is the row's whole quantity: two soaps at $14.00 are $7.00 each.
    expect(amazonOrder.lines.map((l) => [l.quantity, l.unitPriceCents])).toEqual([[2, 700]]);
    expect(amazonOrder.shippingCents).toBe(399);
  });

  it("refuses files it can't read with the field and a sentence, caps the size, and keeps stores, previews and strangers out", async () => {
    const owner = await registerUser(api);
    const unknown = await upload(owner.token, "customers.csv", "First Name,Last Name,Email\nAda,Lovelace,ada@example.com\n");
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ field: "file", reason: expect.stringMatching(/^is not an order export Atelier can read: upload Shopify's orders export/) }]);
    expect((await upload(owner.token, "empty.csv", "")).body.details?.[0]).toEqual({ field: "file", reason: "is empty" });
    expect((await upload(owner.token, "header.csv", shopifyOrdersCsv([]))).body.details?.[0]).toEqual({ field: "file", reason: "has a header but no orders" });
    expect((await upload(owner.token, "pic.csv", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1]))).body.details?.[0]).toEqual({ field: "file", reason: "is not a text file" });
    const big = await upload(owner.token, "big.csv", Buffer.alloc(10 * 1024 * 1024 + 1, 0x61));
    expect([big.status, big.body.details?.[0]]).toEqual([413, { field: "file", reason: "is larger than 10 MB" }]);
    await expectError(as(api, owner.token, salesChannels.uploadOrderImportFile, {}), 400, "file", /is required/);
    await expectError(as(api, owner.token, salesChannels.startOrderImport, { body: { importId: "nope" } }, crypto.randomUUID()), 400, "body.importId");
    await expectError(as(api, owner.token, salesChannels.listOrderImports, { query: { channel: "EBAY" as never } }), 400, "query.channel");

    const mine = await upload(owner.token, "orders.csv", shopifyOrdersCsv([{ id: "#1", lines: [{ sku: "X", quantity: 1, price: 1 }] }]));
    const stranger = await registerUser(api);
    await expectError(as(api, stranger.token, salesChannels.getOrderImport, { params: { id: mine.body.id } }), 404);
    await expectError(as(api, stranger.token, salesChannels.getOrderImportProblemsCsv, { params: { id: mine.body.id } }), 404);
    await expectError(as(api, stranger.token, salesChannels.startOrderImport, { body: { importId: mine.body.id } }, crypto.randomUUID()), 404);
    expect((await as(api, stranger.token, salesChannels.listOrderImports, {})).total).toBe(0);

    const preview = await previewStore(api);
    const refused = await upload(preview.token, "orders.csv", shopifyOrdersCsv([{ id: "#1", lines: [{ sku: "X", quantity: 1, price: 1 }] }]));
    expect([refused.status, refused.body.message]).toEqual([403, "Preview mode can't take this action."]);
    const anonymous = await fetch(`${api.url}/rest/main/web/orders/import-files`, { method: "POST", body: new FormData() });
    expect(anonymous.status).toBe(401);
    const noToken = await as(api, "", salesChannels.listSalesChannels, {}).then(() => null, (e: ApiError) => e.status);
    expect(noToken).toBe(401);

    // Starting twice starts one import: the second call answers the first.
    const a = await as(api, owner.token, salesChannels.startOrderImport, { body: { importId: mine.body.id } }, crypto.randomUUID());
    const b = await as(api, owner.token, salesChannels.startOrderImport, { body: { importId: mine.body.id } }, crypto.randomUUID());
    expect(b.jobId).toBe(a.jobId);
    expect((await finished(owner.token, mine.body.id)).failedCount).toBe(1);
  });
});
