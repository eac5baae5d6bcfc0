import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { offlineAssistant as copilot, calls, answer, toolTurn } from "./tool-fixture";

// "Import my Shopify orders" offline: a file waiting on the connect page is imported; with none, a
// Shopify shop connected to Atelier is read through its API and imported the same way; with no shop
// connected, the answer says how to export and upload the file.

const channel = (key: string, connectedShop: string | null) => ({ key, name: key, description: "", status: "", orderCount: 0, lastImportAt: null, path: `/ecommerce-services/${key}`, connectedShop });
const shopImport = (extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(), channel: "SHOPIFY", channelName: "Shopify", source: "SHOP", fileName: "atelier-demo.myshopify.com orders", sizeBytes: 0, rowCount: 14, orderCount: 12, status: "UPLOADED",
  jobId: null, importedCount: 0, skippedCount: 0, failedCount: 0, problemCount: 0, summary: "12 orders to import.", error: null, createdAt: "2026-11-28T03:00:00.000Z", finishedAt: null, ...extra,
});

describe("offline copilot: importing from a connected Shopify shop", () => {
  it.each(["import my shopify orders", "pull the new orders from my shopfiy store"])("reads the connected shop, then imports what it read: %s", (text) => {
    const asked = new HumanMessage(text);
    expect(calls(copilot().decide([asked]))).toEqual([{ name: "list_order_imports", args: { size: 10, channel: "SHOPIFY" } }]);
    const listed = [asked, ...toolTurn("list_order_imports", { size: 10, channel: "SHOPIFY" }, { list: [], total: 0 })];
    expect(calls(copilot().decide(listed))).toEqual([{ name: "list_sales_channels", args: {} }]);
    const channels = [...listed, ...toolTurn("list_sales_channels", {}, { channels: [channel("own-shop", null), channel("shopify", "atelier-demo.myshopify.com")] })];
    expect(calls(copilot().decide(channels))).toEqual([{ name: "read_shop_orders", args: { channel: "SHOPIFY" } }]);
    const read = shopImport();
    const readTurn = [...channels, ...toolTurn("read_shop_orders", { channel: "SHOPIFY" }, read)];
    expect(calls(copilot().decide(readTurn))).toEqual([{ name: "import_orders_file", args: { importId: read.id } }]);
    const started = [...readTurn, ...toolTurn("import_orders_file", { importId: read.id }, shopImport({ id: read.id, status: "RUNNING", jobId: crypto.randomUUID() }))];
    expect(answer(copilot().decide(started))).toBe('I started importing 12 orders read from your Shopify shop. Orders already imported will be skipped, and orders that can\'t be read are listed when it finishes. Ask me "how did the import go?" in a moment.');
  });

  it("says how to upload the export when no shop is connected", () => {
    const asked = new HumanMessage("import my shopify orders");
    const thread = [
      asked,
      ...toolTurn("list_order_imports", { size: 10, channel: "SHOPIFY" }, { list: [], total: 0 }),
      ...toolTurn("list_sales_channels", {}, { channels: [channel("shopify", null)] }),
    ];
    expect(answer(copilot().decide(thread))).toContain("There's no uploaded file waiting to be imported. Export your orders from Shopify and upload the file on /fulfillment-services/connect-shopify");
  });

  it("imports a file waiting on the connect page before reading the shop", () => {
    const waiting = shopImport({ source: "FILE", fileName: "orders_export.csv" });
    const thread = [new HumanMessage("import my shopify orders"), ...toolTurn("list_order_imports", { size: 10, channel: "SHOPIFY" }, { list: [waiting], total: 1 })];
    expect(calls(copilot().decide(thread))).toEqual([{ name: "import_orders_file", args: { importId: waiting.id } }]);
  });
});
