import type { BodyOf, kitting } from "@atelier/contracts";
import type { KitDetail } from "@atelier/contracts/kitting";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as kits from "../../queries/inventory/kits";
import * as stock from "../../queries/inventory/stock";
import * as workOrders from "../../queries/inventory/kitting-orders";
import { findKit, kitDetail } from "./get-kit";
import { resolveComponents } from "./resolve-components";

/**
 * Renames a kit and sets what it holds. While a work order waits for the center its components
 * stay as they were (the center assembles what was held); kits already assembled keep what they hold.
 */
export async function updateKit(ctx: UserContext, sku: string, body: BodyOf<typeof kitting.updateKit>): Promise<KitDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const kit = await findKit(tx, storeId, sku);
    await kits.lockKit(tx, storeId, kit.itemId);
    const components = await resolveComponents(tx, storeId, kit.sku, body.components);
    const same = components.length === kit.components.length && components.every((c, i) => c.itemId === kit.components[i]!.itemId && c.quantity === kit.components[i]!.quantity);
    if (!same && (await workOrders.hasOpenWorkOrder(tx, storeId, kit.itemId))) {
      throw conflict(`The fulfilment center is assembling ${kit.sku} now; change what it holds once that work order is done.`);
    }
    await stock.updateItem(tx, storeId, kit.itemId, { title: body.title });
    if (!same) await kits.setComponents(tx, storeId, kit.itemId, components);
    return kitDetail(tx, storeId, kit.sku);
  });
}
