import type { Queryable } from "../../db/pool";
import { conflict } from "../../errors";
import type * as kits from "../../queries/inventory/kits";
import * as workOrders from "../../queries/inventory/kitting-orders";
import * as movements from "../../queries/inventory/movements";
import * as stock from "../../queries/inventory/stock";

const units = (n: number) => `${n} unit${n === 1 ? "" : "s"}`;

/**
 * Holds the components of `count` kits for a work order, from the bins with the most available
 * first, after locking their levels in the fixed (item, bin) order orders use. Two requests for
 * the last components take turns here; the second finds them reserved and gets a 409 that names
 * the component and the numbers.
 */
export async function holdComponents(tx: Queryable, storeId: string, kit: kits.KitRow, count: number, workOrderId: string, userId: string): Promise<void> {
  const levels = await stock.lockLevelsOf(tx, storeId, kit.components.map((c) => c.itemId));
  for (const c of kit.components) {
    const bins = levels.filter((l) => l.itemId === c.itemId).sort((a, b) => b.onHand - b.reserved - (a.onHand - a.reserved) || a.bin.localeCompare(b.bin));
    const available = bins.reduce((n, l) => n + Math.max(0, l.onHand - l.reserved), 0);
    let need = c.quantity * count;
    if (available < need) {
      throw conflict(`${count} ${kit.sku} kits need ${units(need)} of ${c.sku}, and ${units(available)} are available; ${Math.floor(available / c.quantity)} kits can be assembled now.`);
    }
    for (const level of bins) {
      const take = Math.min(need, level.onHand - level.reserved);
      if (take <= 0) continue;
      const after = await stock.changeLevel(tx, storeId, level.id, { reserved: take });
      await workOrders.insertHold(tx, storeId, workOrderId, level.id, take);
      await movements.appendMovement(tx, storeId, {
        itemId: c.itemId, bin: level.bin, kind: "RESERVED", onHandChange: 0, reservedChange: take, onHandAfter: after.onHand, reservedAfter: after.reserved,
        note: `Held for kitting ${count} × ${kit.sku}`, actorUserId: userId,
      });
      need -= take;
      if (need === 0) break;
    }
  }
}
