import type { Queryable } from "../../db/pool";
import * as parts from "../../queries/orders/fulfilment-parts";
import * as q from "../../queries/orders/orders";
import type { OrderLineNeed } from "../inventory/order-stock";

/**
 * The units of the order that must be reserved before it ships now: every line, less what a
 * backorder part still waits for (that part reserves its own when stock arrives).
 */
export async function linesToShip(tx: Queryable, storeId: string, orderId: string): Promise<OrderLineNeed[]> {
  const lines = await q.listOrderLines(tx, storeId, orderId);
  const waiting = await parts.partQuantities(tx, storeId, orderId, "WAITING");
  return lines.map((l) => ({ id: l.id, sku: l.sku, quantity: l.quantity - (waiting.get(l.id) ?? 0) })).filter((l) => l.quantity > 0);
}
