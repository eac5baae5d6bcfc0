import type { BodyOf, inventory } from "@atelier/contracts";
import type { InventoryItemDetail } from "@atelier/contracts/inventory";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import * as stock from "../../queries/inventory/stock";
import { findItem, inventoryDetail } from "./get-inventory-item";

/** Renames a SKU or changes its low-stock threshold. */
export async function updateInventoryItem(ctx: UserContext, sku: string, body: BodyOf<typeof inventory.updateInventoryItem>): Promise<InventoryItemDetail> {
  requirePermission(ctx, "orders.manage");
  return withTransaction(ctx.pool, async (tx) => {
    const item = await findItem(tx, ctx, sku);
    await stock.updateItem(tx, ctx.auth.storeId, item.id, body);
    return inventoryDetail(tx, ctx, sku);
  });
}
