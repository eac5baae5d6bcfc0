import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { OrderImport } from "@atelier/contracts/sales-channels";
import type { UserContext } from "../../context";
import { AppError, conflict } from "../../errors";
import type { ExportedOrder } from "../../providers/store-platforms";
import * as imports from "../../queries/orders/order-imports";
import { fileStorageFor } from "../../storage";
import { toOrderImport } from "./order-import-dto";
import { importStorageKey } from "./upload-order-import-file";

/**
 * Reads the connected shop's orders to fulfil through its platform's API and keeps them as an
 * import waiting to start, as an uploaded file is kept: the same job then checks and places them
 * (import-orders-job.ts), so a shop's orders and its export file's are imported alike, and an order
 * already imported from either is skipped (same channel, same order name).
 */
export async function readShopOrders(ctx: UserContext, channel: "SHOPIFY"): Promise<OrderImport> {
  const shop = ctx.providers.shops.shopify;
  if (!shop || shop.channel !== channel) throw conflict("No Shopify shop is connected to this Atelier: upload the shop's orders export instead (Shopify admin → Orders → Export).");
  let orders: ExportedOrder[];
  try {
    orders = await shop.readOrders(AbortSignal.timeout(120_000));
  } catch (err) {
    throw new AppError("BAD_GATEWAY", (err as Error).message);
  }
  if (!orders.length) throw conflict(`${shop.shopName} has no open order waiting to be shipped, so there is nothing to import.`);
  const bytes = Buffer.from(JSON.stringify({ shop: shop.shopName, orders }));
  const key = importStorageKey(ctx.auth.storeId, crypto.randomUUID());
  await fileStorageFor(ctx.config).put(key, Readable.from([bytes]));
  const row = await imports.insertImport(ctx.pool, ctx.auth.storeId, {
    channel, source: "SHOP", fileName: `Orders from ${shop.shopName}`.slice(0, 200), storageKey: key, sizeBytes: bytes.length, rowCount: orders.length, orderCount: orders.length, userId: ctx.auth.userId,
  });
  return toOrderImport(row);
}

/** The orders kept by readShopOrders. */
export function readShopSnapshot(bytes: Buffer): ExportedOrder[] {
  return (JSON.parse(bytes.toString("utf8")) as { orders: ExportedOrder[] }).orders;
}
