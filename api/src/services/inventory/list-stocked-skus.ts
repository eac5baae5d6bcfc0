import type { Queryable } from "../../db/pool";
import * as stock from "../../queries/inventory/stock";

/** The store's inventory items of these SKUs (for other domains: orders check their lines with it), by lower-cased SKU. */
export async function listStockedSkus(db: Queryable, storeId: string, skus: string[]): Promise<Map<string, { id: string; sku: string; title: string }>> {
  return stock.itemsBySku(db, storeId, skus);
}
