import { z } from "zod";
import { defineContract } from "./contract";
import { idSchema, pageOf, pageQuery } from "./domain";

// Sales channels (000 §2.5 /ecommerce-services and its pages, §2.7 the connect pages, §7
// /web/orders/import-task): where a store sells, and orders brought in from other platforms'
// export files. A file is uploaded and checked first (its format read from its header), then
// imported by a background job that places each order like any other (origin IMPORT: stock
// reserved, fulfilment rules run) and reports every row it could not take, in sentences.

/** The platforms whose order export files Atelier reads. */
export const IMPORT_CHANNELS = ["SHOPIFY", "WOOCOMMERCE", "AMAZON"] as const;
export type ImportChannel = (typeof IMPORT_CHANNELS)[number];
export const IMPORT_CHANNEL_NAMES: Record<ImportChannel, string> = { SHOPIFY: "Shopify", WOOCOMMERCE: "WooCommerce", AMAZON: "Amazon" };

/** The background job that imports an uploaded file. */
export const ORDER_IMPORT_JOB = "orders.import";

/** The largest export file taken at once (about 40,000 Shopify rows). */
export const ORDER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const ORDER_IMPORT_STATUSES = ["UPLOADED", "QUEUED", "RUNNING", "COMPLETED", "FAILED"] as const;
export type OrderImportStatus = (typeof ORDER_IMPORT_STATUSES)[number];
export const ORDER_IMPORT_STATUS_LABELS: Record<OrderImportStatus, string> = {
  UPLOADED: "Checked, not imported yet",
  QUEUED: "Waiting to start",
  RUNNING: "Importing",
  COMPLETED: "Imported",
  FAILED: "Stopped",
};

export const orderImportProblemSchema = z.object({
  /** The file's line, counting the header as line 1, as a spreadsheet numbers it. */
  rowNumber: z.number().int(),
  /** The channel's order number or id on that row, when it has one. */
  orderRef: z.string().nullable(),
  /** What is wrong and how to mend it, as a sentence. */
  message: z.string(),
});
export type OrderImportProblem = z.infer<typeof orderImportProblemSchema>;

export const orderImportSchema = z.object({
  id: z.string(),
  channel: z.enum(IMPORT_CHANNELS),
  /** The channel as people call it ("Shopify"). */
  channelName: z.string(),
  /** FILE: an uploaded export file; SHOP: orders read from the connected shop through its platform's API. */
  source: z.enum(["FILE", "SHOP"]),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  rowCount: z.number().int(),
  orderCount: z.number().int(),
  status: z.enum(ORDER_IMPORT_STATUSES),
  /** The background job while it runs, for its progress. */
  jobId: z.string().nullable(),
  importedCount: z.number().int(),
  /** Orders the store already had from an earlier import of the same channel. */
  skippedCount: z.number().int(),
  /** Orders left out because a row of theirs could not be read. */
  failedCount: z.number().int(),
  problemCount: z.number().int(),
  /** The outcome as a sentence ("42 orders imported, 3 already imported, 2 could not be imported."). */
  summary: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type OrderImport = z.infer<typeof orderImportSchema>;

export const orderImportDetailSchema = orderImportSchema.extend({
  /** The first 100 problems, in file order (the CSV report has them all). */
  problems: z.array(orderImportProblemSchema),
  /** The first 50 orders this import placed, newest number first. */
  orders: z.array(z.object({ id: z.string(), orderNumber: z.number().int(), externalId: z.string(), customerName: z.string(), totalCents: z.number().int() })),
});
export type OrderImportDetail = z.infer<typeof orderImportDetailSchema>;

const importParams = z.strictObject({ id: idSchema.describe("The import's id, from list_order_imports") });

export const uploadOrderImportFile = defineContract({
  id: "uploadOrderImportFile",
  method: "POST",
  path: "/web/orders/import-files",
  summary: `Uploads a sales channel's order export (multipart/form-data, field file, CSV or Amazon's tab-separated report, up to ${ORDER_IMPORT_MAX_BYTES / 1024 / 1024} MB) and checks it: its format is read from its header (Shopify orders export, WooCommerce order export, Amazon order report) and its rows and orders are counted. Nothing is imported yet: start it with import-task.`,
  tags: ["orders"],
  access: "user",
  status: 201,
  noToolReason: "Takes multipart bytes from a file picker on the connect page; agents import a file already uploaded with import_orders_file.",
  response: orderImportSchema,
});

export const importShopOrders = defineContract({
  id: "importShopOrders",
  method: "POST",
  path: "/web/orders/shop-imports",
  summary: "Reads the open, unshipped orders of the connected shop through its platform's API (Shopify's Admin API, when this Atelier is connected to a shop) and checks them like an uploaded export: nothing is imported yet, start it with import-task. 409 with a sentence when no shop is connected or the shop has no order to fulfil; 502 with a sentence when the platform refuses or can't be reached.",
  tags: ["orders"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({ channel: z.literal("SHOPIFY").describe("The platform whose connected shop to read: SHOPIFY") }),
  response: orderImportSchema,
});

export const startOrderImport = defineContract({
  id: "startOrderImport",
  method: "POST",
  path: "/web/orders/import-task",
  summary: "Imports an uploaded order export in the background: each order is placed with origin IMPORT (stock reserved, fulfilment rules run) and keeps its channel's order id, so orders already imported are skipped; rows that can't be read are reported one by one and don't stop the others. Answers the import with its job for progress. An import already started is answered as it is.",
  tags: ["orders"],
  access: "user",
  status: 202,
  idempotent: true,
  body: z.strictObject({ importId: idSchema.describe("The uploaded file's import id (from the connect page or list_order_imports, status UPLOADED)") }),
  response: orderImportSchema,
});

export const listOrderImports = defineContract({
  id: "listOrderImports",
  method: "GET",
  path: "/web/orders/import-tasks",
  summary: "The store's order imports, newest first, optionally of one channel: file, status, and how many orders were imported, skipped as already imported, or could not be imported.",
  tags: ["orders"],
  access: "user",
  query: z.strictObject({ channel: z.enum(IMPORT_CHANNELS).optional().describe("SHOPIFY, WOOCOMMERCE or AMAZON"), ...pageQuery }),
  response: pageOf(orderImportSchema),
});

export const getOrderImport = defineContract({
  id: "getOrderImport",
  method: "GET",
  path: "/web/orders/import-tasks/:id",
  summary: "One order import: its outcome, the rows that could not be imported with the reason for each, and the orders it placed.",
  tags: ["orders"],
  access: "user",
  params: importParams,
  response: orderImportDetailSchema,
});

export const getOrderImportProblemsCsv = defineContract({
  id: "getOrderImportProblemsCsv",
  method: "GET",
  path: "/web/orders/import-tasks/:id/problems-csv",
  summary: "Every row of an import that could not be imported, as a CSV file (line, order, reason) to mend in a spreadsheet.",
  tags: ["orders"],
  access: "user",
  params: importParams,
  noToolReason: "A file for a person to download; the assistant reads the same problems with get_order_import.",
  response: z.object({ filename: z.string(), csv: z.string() }),
});

// The channels themselves (/ecommerce-services): what each does for the store and how it stands.

/** The pages of /ecommerce-services (000 §2.5), and WooCommerce, which only imports. */
export const SALES_CHANNELS = ["own-shop", "shopify", "amazon", "woocommerce", "instagram", "google-shopping", "wholesale"] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

export const salesChannelSchema = z.object({
  key: z.enum(SALES_CHANNELS),
  name: z.string(),
  /** What the channel does for the store, in a sentence. */
  description: z.string(),
  /** How it stands now, in a sentence ("128 orders imported, the last on 3 Nov 2026."). */
  status: z.string(),
  /** Orders the store has from this channel. */
  orderCount: z.number().int(),
  /** For import channels: when the last import finished. */
  lastImportAt: z.string().nullable(),
  /** The channel's page in the app. */
  path: z.string(),
  /** The shop Atelier reads this channel's orders from through the platform's own API ("atelier-demo.myshopify.com"); null when its orders come in as export files. */
  connectedShop: z.string().nullable(),
});
export type SalesChannelInfo = z.infer<typeof salesChannelSchema>;

export const listSalesChannels = defineContract({
  id: "listSalesChannels",
  method: "GET",
  path: "/web/sales-channels",
  summary: "The store's sales channels (its own shop, Shopify, Amazon, WooCommerce, Instagram, Google Shopping, wholesale): what each does, how many orders came from it and when it was last imported, and its page.",
  tags: ["orders"],
  access: "user",
  response: z.object({ channels: z.array(salesChannelSchema) }),
});
