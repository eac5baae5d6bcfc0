import type { Queryable } from "../../db/pool";
import type { OrderFactsRow } from "../../queries/order-rules/order-facts";
import { skuWeightsGrams } from "../../queries/inventory/weights";
import type { OrderFacts } from "./evaluate-rules";

/** What rules test of each order, its weight from the SKUs' unit weights in inventory (unknown weighs 0). */
export async function toFacts(db: Queryable, storeId: string, orders: OrderFactsRow[]): Promise<OrderFacts[]> {
  const weights = await skuWeightsGrams(db, storeId, orders.flatMap((o) => o.lines.map((l) => l.sku)));
  return orders.map((o) => ({
    countryCode: o.countryCode,
    totalCents: o.totalCents,
    origin: o.origin,
    skus: new Set(o.lines.map((l) => l.sku)),
    tags: new Set(o.tags),
    weightGrams: o.lines.reduce((sum, l) => sum + l.quantity * (weights.get(l.sku) ?? 0), 0),
  }));
}
