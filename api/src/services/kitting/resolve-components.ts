import type { Queryable } from "../../db/pool";
import { invalid } from "../../errors";
import * as kits from "../../queries/inventory/kits";
import * as stock from "../../queries/inventory/stock";

/**
 * The kit's components as the store's items, in the order given. Each must be a SKU of the
 * store's inventory, not the kit itself and not a kit (kits are one level deep, so availability
 * and reservation stay a single step); otherwise 400 naming the component.
 */
export async function resolveComponents(db: Queryable, storeId: string, kitSku: string, components: { sku: string; quantity: number }[]): Promise<{ itemId: string; quantity: number }[]> {
  const items = await stock.itemsBySku(db, storeId, components.map((c) => c.sku));
  const nested = await kits.kitItemIds(db, storeId, [...items.values()].map((i) => i.id));
  return components.map((c, i) => {
    const field = `body.components.${i}.sku`;
    if (c.sku.toLowerCase() === kitSku.toLowerCase()) throw invalid(field, "is the kit itself; a kit is made of other SKUs");
    const item = items.get(c.sku.toLowerCase());
    if (!item) throw invalid(field, `names no SKU of your inventory (${c.sku}); add it to the inventory first`);
    if (nested.has(item.id)) throw invalid(field, `is a kit (${item.sku}); a kit is made of SKUs, not of other kits`);
    return { itemId: item.id, quantity: c.quantity };
  });
}
