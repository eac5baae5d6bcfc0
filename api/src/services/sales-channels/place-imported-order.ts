import type { ImportChannel } from "@atelier/contracts/sales-channels";
import type { Queryable } from "../../db/pool";
import type { CheckedOrder } from "../../providers/store-platforms";
import * as imports from "../../queries/orders/order-imports";
import { settleNewOrder } from "../orders/settle-new-order";

/**
 * Places one imported order, then settles it as every new order is (settle-new-order.ts). `skus`
 * maps each lower-cased SKU to the store's own spelling and title. Returns null when the store
 * already has the channel's order.
 */
export async function placeImportedOrder(tx: Queryable, storeId: string, importId: string, channel: ImportChannel, order: CheckedOrder, skus: Map<string, { sku: string; title: string }>, userId: string | null): Promise<number | null> {
  const placed = await imports.insertImportedOrder(tx, storeId, importId, channel, order);
  if (!placed) return null;
  const lines = await imports.insertImportedLines(
    tx,
    storeId,
    placed.id,
    order.lines.map((l) => {
      const item = skus.get(l.sku.toLowerCase())!;
      return { sku: item.sku, title: l.title || item.title, quantity: l.quantity, unitPriceCents: l.unitPriceCents };
    }),
  );
  await settleNewOrder(tx, storeId, placed.id, lines, userId, "hold");
  return placed.orderNumber;
}
