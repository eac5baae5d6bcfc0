import type { BodyOf, inventory } from "@atelier/contracts";
import type { InventoryItemDetail } from "@atelier/contracts/inventory";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as movements from "../../queries/inventory/movements";
import * as stock from "../../queries/inventory/stock";
import { inventoryDetail } from "./get-inventory-item";

/** Adds a SKU in one bin with its counted units (a RECEIVED adjustment in the ledger); 409 for a SKU the store already has. */
export async function createInventoryItem(ctx: UserContext, body: BodyOf<typeof inventory.createInventoryItem>): Promise<InventoryItemDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    if (await stock.getItem(tx, storeId, body.sku)) throw conflict(`Your inventory already has SKU ${body.sku}; adjust its stock instead.`);
    const itemId = await stock.insertItem(tx, storeId, { sku: body.sku, title: body.title, lowStockThreshold: body.lowStockThreshold });
    const level = (await stock.lockLevel(tx, storeId, itemId, body.bin, true))!;
    if (body.onHand > 0) {
      const after = await stock.changeLevel(tx, storeId, level.id, { onHand: body.onHand });
      await movements.appendMovement(tx, storeId, {
        itemId, bin: body.bin, kind: "ADJUSTED", reason: "RECEIVED", onHandChange: body.onHand, reservedChange: 0, onHandAfter: after.onHand, reservedAfter: after.reserved,
        note: "Counted when the SKU was added", actorUserId: ctx.auth.userId,
      });
    }
    return inventoryDetail(tx, ctx, body.sku);
  });
}
