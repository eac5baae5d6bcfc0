import type { ResponseOf, presales } from "@atelier/contracts";
import type { UserContext } from "../../../context";
import { requirePermission } from "../../../auth/permissions";
import { notFound } from "../../../errors";
import * as stock from "../../../queries/inventory/stock";
import { incomingOf } from "./incoming-shipments";

/** What a pre-sale of the SKU could wait for, with what the store holds of it now. */
export async function listIncomingShipments(ctx: UserContext, sku: string): Promise<ResponseOf<typeof presales.listIncomingShipments>> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const item = await stock.getItem(ctx.pool, storeId, sku);
  if (!item) throw notFound(`SKU ${sku}`);
  const list = (await incomingOf(ctx.pool, storeId, item.sku)).map(({ receivingId: _r, freightBookingId: _f, ...s }) => s);
  return { sku: item.sku, title: item.title, available: item.onHand - item.reserved, list };
}
