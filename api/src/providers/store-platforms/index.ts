// Store platforms (Shopify, WooCommerce, Amazon) as Atelier reads them: their order export files.
export { readExportFile, STORE_PLATFORM_FILES, UNKNOWN_FORMAT, type ReadFile } from "./read-export-file";
export { checkOrder, cents, type CheckedOrder, type RowProblem } from "./check-order";
export type { ExportedOrder, ExportRow, LooseRow, StorePlatformFile, StorePlatformShop } from "./types";
export { createShopifyShop, type ShopifyShopOptions } from "./shopify-admin";
