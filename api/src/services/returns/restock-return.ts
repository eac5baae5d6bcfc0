import type { Queryable } from "../../db/pool";
import * as movements from "../../queries/inventory/movements";
import * as stock from "../../queries/inventory/stock";
import * as q from "../../queries/returns/returns";

/**
 * Puts a received return's units back on the shelf through the inventory ledger (RESTOCKED
 * movements naming the return): into the SKU's fullest bin, or A-01 when it has none. SKUs the
 * store does not stock at the fulfilment center are not tracked and stay as they are.
 */
export async function restockReturn(tx: Queryable, storeId: string, ret: q.ReturnRow, lines: q.ReturnLineRow[], userId: string): Promise<number> {
  const items = await stock.itemsBySku(tx, storeId, lines.map((l) => l.sku));
  const tracked = lines.filter((l) => items.has(l.sku.toLowerCase()));
  if (tracked.length === 0) return 0;
  const levels = await stock.lockLevelsOf(tx, storeId, [...new Set(tracked.map((l) => items.get(l.sku.toLowerCase())!.id))]);
  let restocked = 0;
  for (const line of tracked) {
    const item = items.get(line.sku.toLowerCase())!;
    const fullest = levels.filter((l) => l.itemId === item.id).sort((a, b) => b.onHand - a.onHand || a.bin.localeCompare(b.bin))[0];
    const level = fullest ?? (await stock.lockLevel(tx, storeId, item.id, "A-01", true))!;
    const after = await stock.changeLevel(tx, storeId, level.id, { onHand: line.quantity });
    await movements.appendMovement(tx, storeId, {
      itemId: item.id, bin: level.bin, kind: "RESTOCKED", onHandChange: line.quantity, reservedChange: 0, onHandAfter: after.onHand, reservedAfter: after.reserved,
      note: `Returned in RMA-${ret.number}`, orderId: ret.orderId, actorUserId: userId,
    });
    await q.setRestocked(tx, storeId, ret.id, line.lineId, line.quantity);
    restocked += line.quantity;
  }
  return restocked;
}
