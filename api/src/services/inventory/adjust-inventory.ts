import type { BodyOf, inventory } from "@atelier/contracts";
import { ADJUSTMENT_REASON_LABELS, type InventoryItemDetail } from "@atelier/contracts/inventory";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as accounts from "../../queries/accounts";
import * as movements from "../../queries/inventory/movements";
import * as stock from "../../queries/inventory/stock";
import { findItem, inventoryDetail } from "./get-inventory-item";
import { stockArrived } from "./stock-arrived";

const units = (n: number) => `${n} unit${n === 1 ? "" : "s"}`;

/**
 * Changes a SKU's units on hand in one bin, with its reason in the ledger. Removing more than the
 * bin holds, or units open orders reserved, is 409 with the numbers.
 */
export async function adjustInventory(ctx: UserContext, sku: string, body: BodyOf<typeof inventory.adjustInventory>): Promise<InventoryItemDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const item = await findItem(tx, ctx, sku);
    const level = await stock.lockLevel(tx, storeId, item.id, body.bin, body.change > 0);
    if (!level) throw conflict(`SKU ${item.sku} has nothing in bin ${body.bin}, so no units can be removed from it.`);
    const onHand = level.onHand + body.change;
    if (onHand < 0) throw conflict(`Bin ${body.bin} holds ${units(level.onHand)} of ${item.sku}, so ${units(-body.change)} can't be removed.`);
    if (onHand < level.reserved) {
      throw conflict(`Open orders reserved ${units(level.reserved)} of ${item.sku} in bin ${body.bin}; at most ${units(level.onHand - level.reserved)} can be removed.`);
    }
    const after = await stock.changeLevel(tx, storeId, level.id, { onHand: body.change });
    await movements.appendMovement(tx, storeId, {
      itemId: item.id, bin: body.bin, kind: "ADJUSTED", reason: body.reason, onHandChange: body.change, reservedChange: 0, onHandAfter: after.onHand, reservedAfter: after.reserved,
      note: body.note || ADJUSTMENT_REASON_LABELS[body.reason], actorUserId: ctx.auth.userId,
    });
    // Units added go to pre-orders, held orders and backorders waiting for this SKU; a decrease takes nothing from them.
    if (body.change > 0) {
      const name = (await accounts.userNames(tx, [ctx.auth.userId])).get(ctx.auth.userId) ?? "a teammate";
      await stockArrived(ctx, tx, storeId, [item.sku], { words: `stock adjusted by ${name}`, userId: ctx.auth.userId });
    }
    return inventoryDetail(tx, ctx, item.sku);
  });
}
