import type { BodyOf, kitting } from "@atelier/contracts";
import type { KitDetail } from "@atelier/contracts/kitting";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as kits from "../../queries/inventory/kits";
import * as stock from "../../queries/inventory/stock";
import { kitDetail } from "./get-kit";
import { resolveComponents } from "./resolve-components";

/** Makes a new kit SKU in the inventory with its components; it sells like any SKU from then on. */
export async function createKit(ctx: UserContext, body: BodyOf<typeof kitting.createKit>): Promise<KitDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    if (await stock.getItem(tx, storeId, body.sku)) throw conflict(`SKU ${body.sku} is already in your inventory; give the kit a new SKU.`);
    const components = await resolveComponents(tx, storeId, body.sku, body.components);
    const itemId = await stock.insertItem(tx, storeId, { sku: body.sku, title: body.title, lowStockThreshold: 0 });
    await kits.setComponents(tx, storeId, itemId, components);
    return kitDetail(tx, storeId, body.sku);
  });
}
