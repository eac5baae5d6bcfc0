import type { ImportChannel } from "@atelier/contracts/sales-channels";
import type { Queryable } from "../../db/pool";
import type { CheckedOrder } from "../../providers/store-platforms";
import * as ledger from "../../queries/orders/ledger";
import * as imports from "../../queries/orders/order-imports";
import * as q from "../../queries/orders/orders";
import { INVENTORY_RULE, reserveOrderStock, shortfallText } from "../inventory/order-stock";
import { applyOrderRules } from "../order-rules/apply-order-rules";
import { publishOrderUpdated } from "../orders/publish-order-updated";
import { takePreorders } from "../shipping/presale/take-preorders";

/**
 * Places one imported order as any order arrives (create-manual-order.ts does the same for an order
 * typed in): its units reserved, an "Out of stock" hold when short, the fulfilment rules run, open
 * screens told. `skus` maps each lower-cased SKU to the store's own spelling and title. Returns
 * null when the store already has the channel's order.
 */
export async function placeImportedOrder(tx: Queryable, storeId: string, importId: string, channel: ImportChannel, order: CheckedOrder, skus: Map<string, { sku: string; title: string }>, userId: string | null): Promise<number | null> {
  const placed = await imports.insertImportedOrder(tx, storeId, importId, channel, order);
  if (!placed) return null;
  const lines = [];
  for (const l of order.lines) {
    const item = skus.get(l.sku.toLowerCase())!;
    lines.push({ id: await q.insertOrderLine(tx, storeId, placed.id, { sku: item.sku, title: l.title || item.title, quantity: l.quantity, unitPriceCents: l.unitPriceCents }), sku: item.sku, quantity: l.quantity });
  }
  const short = await takePreorders(tx, storeId, placed.id, await reserveOrderStock(tx, storeId, placed.id, lines, { userId }), "hold");
  if (short.length) {
    const reason = `Not enough stock: ${shortfallText(short)}`;
    const holdId = await ledger.insertHold(tx, storeId, placed.id, { reason, userId: null, rule: INVENTORY_RULE });
    await q.markOnHold(tx, storeId, placed.id, "OUTSTANDING");
    await ledger.appendEvent(tx, storeId, placed.id, { kind: "HOLD_PLACED", fromStatus: "OUTSTANDING", toStatus: "ON_HOLD", message: reason, holdId, actorUserId: null, actorRule: INVENTORY_RULE });
  }
  await applyOrderRules(tx, storeId, placed.id);
  await publishOrderUpdated(tx, storeId, placed.id, "order.created");
  return placed.orderNumber;
}
