import type { Queryable } from "../../db/pool";

// A SKU's unit weight, one per store and SKU on its inventory item: fulfilment rules read it (an
// order's weight), shipping compares a parcel with it and learns it from the SKU's first label.

/** The unit weights known for these SKUs, in grams, keyed by the upper-cased SKU. */
export async function skuWeightsGrams(db: Queryable, storeId: string, skus: readonly string[]): Promise<Map<string, number>> {
  if (!skus.length) return new Map();
  const { rows } = await db.query<{ sku: string; grams: number }>(
    "SELECT upper(sku) AS sku, weight_grams AS grams FROM inventory_items WHERE store_id = $1 AND upper(sku) = ANY($2::text[]) AND weight_grams IS NOT NULL",
    [storeId, [...new Set(skus.map((s) => s.toUpperCase()))]],
  );
  return new Map(rows.map((r) => [r.sku, Number(r.grams)]));
}

/** Keeps the first weight a stocked SKU is known at (its first label); a known weight stays. */
export async function rememberSkuWeight(db: Queryable, storeId: string, sku: string, grams: number): Promise<void> {
  await db.query("UPDATE inventory_items SET weight_grams = $3 WHERE store_id = $1 AND upper(sku) = upper($2) AND weight_grams IS NULL", [storeId, sku, Math.max(1, Math.round(grams))]);
}
