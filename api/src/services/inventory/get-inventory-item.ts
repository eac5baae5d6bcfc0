import type { InventoryItemDetail } from "@atelier/contracts/inventory";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import { userNames } from "../../queries/accounts";
import * as movements from "../../queries/inventory/movements";
import { orderNumbers } from "../../queries/orders/orders";
import * as stock from "../../queries/inventory/stock";
import { toInventoryDetailDto } from "./dto";

/** A SKU of the caller's store; another store's SKU is 404 like one that doesn't exist. */
export async function findItem(db: Queryable, ctx: UserContext, sku: string): Promise<stock.ItemRow> {
  const item = await stock.getItem(db, ctx.auth.storeId, sku);
  if (!item) throw notFound(`SKU ${sku}`);
  return item;
}

/** The detail of one SKU as read in db (bins and the latest movements). */
export async function inventoryDetail(db: Queryable, ctx: UserContext, sku: string): Promise<InventoryItemDetail> {
  const item = await findItem(db, ctx, sku);
  const rows = await movements.listMovements(db, ctx.auth.storeId, item.id);
  const users = await userNames(db, rows.map((m) => m.actor.userId));
  const orders = await orderNumbers(db, ctx.auth.storeId, rows.flatMap((m) => (m.orderId ? [m.orderId] : [])));
  return toInventoryDetailDto(item, rows, { users, orders });
}

/** One SKU's stock per bin and its ledger. */
export async function getInventoryItem(ctx: UserContext, sku: string): Promise<InventoryItemDetail> {
  requirePermission(ctx, "orders.manage");
  return inventoryDetail(ctx.pool, ctx, sku);
}
