import type { KitDetail } from "@atelier/contracts/kitting";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import * as kits from "../../queries/inventory/kits";
import * as workOrders from "../../queries/inventory/kitting-orders";
import { toKitDetailDto } from "./kit-dto";

/** A kit of the caller's store; another store's kit, or a SKU that is not a kit, is 404. */
export async function findKit(db: Queryable, storeId: string, sku: string): Promise<kits.KitRow> {
  const kit = await kits.getKit(db, storeId, sku);
  if (!kit) throw notFound(`Kit ${sku}`);
  return kit;
}

/** The kit as read in db, with its latest work orders. */
export async function kitDetail(db: Queryable, storeId: string, sku: string): Promise<KitDetail> {
  const kit = await findKit(db, storeId, sku);
  return toKitDetailDto(kit, await workOrders.listWorkOrders(db, storeId, kit.itemId));
}

export async function getKit(ctx: UserContext, sku: string): Promise<KitDetail> {
  requirePermission(ctx, "orders.manage");
  return kitDetail(ctx.pool, ctx.auth.storeId, sku);
}
