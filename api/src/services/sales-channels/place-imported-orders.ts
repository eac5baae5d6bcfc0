import type { ImportChannel } from "@atelier/contracts/sales-channels";
import type { Queryable } from "../../db/pool";
import type { CheckedOrder } from "../../providers/store-platforms";
import * as imports from "../../queries/orders/order-imports";
import { settleNewOrders } from "../orders/settle-new-order";

/**
 * Places a batch of imported orders in the file's order (their rows, customers and lines each in
 * one statement), then settles them as every new order is (settle-new-order.ts), the earlier
 * order first. `skus` maps each lower-cased SKU to the store's own spelling and title. Orders the
 * store already has are skipped; returns how many were placed and skipped.
 */
export async function placeImportedOrders(tx: Queryable, storeId: string, importId: string, channel: ImportChannel, orders: CheckedOrder[], skus: Map<string, { sku: string; title: string }>, userId: string | null): Promise<{ imported: number; skipped: number }> {
  const placed = await imports.insertImportedOrders(tx, storeId, importId, channel, orders);
  const fresh = orders.flatMap((o) => {
    const row = placed.get(o.externalId);
    return row ? [{ order: o, id: row.id }] : [];
  });
  const lines = await imports.insertImportedLines(tx, storeId, fresh.flatMap(({ order, id }) => order.lines.map((l) => {
    const item = skus.get(l.sku.toLowerCase())!;
    return { orderId: id, sku: item.sku, title: l.title || item.title, quantity: l.quantity, unitPriceCents: l.unitPriceCents };
  })));
  const linesOf = new Map<string, typeof lines>();
  for (const l of lines) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), l]);
  await settleNewOrders(tx, storeId, fresh.map(({ id }) => ({ id, lines: linesOf.get(id) ?? [] })), userId, "hold");
  return { imported: fresh.length, skipped: orders.length - fresh.length };
}
