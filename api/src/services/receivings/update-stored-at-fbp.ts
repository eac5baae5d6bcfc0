import type { BodyOf, ResponseOf } from "@atelier/contracts";
import { STORABLE_ORDER_ITEM_STATUSES, type updateStoredAtFbp as contract } from "@atelier/contracts/receivings";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as q from "../../queries/receivings/receivings";
import { getOrderItem } from "../purchasing/get-order-item";
import { cancelLocked } from "./cancel-receiving";
import { announceReceiving } from "./create-receiving";
import { receivingDetail } from "./receiving-detail";

const STATUS_WORDS: Record<string, string> = {
  NOT_PURCHASED: "is not paid yet", IN_SHOPPING_CART: "is still in the cart", CHARGE_PENDING: "is still being charged", CANCELED: "was canceled",
};

/**
 * A paid sourcing purchase delivered to the fulfilment center (000 §7 update-stored-at-fbp): its
 * units become an inbound receiving under the SKU the store stocks them as (a new SKU takes the
 * purchase's name), from its supplier; a purchase the supplier already shipped is on its way.
 * Asking again answers the same receiving. False calls it off while nothing was counted.
 */
export async function updateStoredAtFbp(ctx: UserContext, id: string, body: BodyOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  requirePermission(ctx, "sourcing.purchase");
  // The purchase is the purchasing domain's: read through its service (404 for another store's).
  const item = await getOrderItem(ctx, id);
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const current = await q.activeForOrderItem(tx, storeId, item.id);
    if (!body.storedAtFbp) {
      if (!current) return { orderItemId: item.id, storedAtFbp: false, receiving: null };
      await cancelLocked(tx, ctx, current, "The purchase is no longer delivered to the fulfilment center");
      return { orderItemId: item.id, storedAtFbp: false, receiving: null };
    }
    if (current) return { orderItemId: item.id, storedAtFbp: true, receiving: await receivingDetail(tx, ctx, { id: current.id }) };
    if (!(STORABLE_ORDER_ITEM_STATUSES as readonly string[]).includes(item.status)) {
      throw conflict(`The purchase "${item.title}" ${STATUS_WORDS[item.status] ?? "can't be delivered now"}, so it can't be sent to the fulfilment center.`);
    }
    const detail = await announceReceiving(tx, ctx, {
      supplierName: (item.supplierName ?? "").slice(0, 120) || undefined,
      boxCount: body.boxCount ?? 1,
      expectedArrival: body.expectedArrival,
      note: `Sourcing purchase: ${item.quantity} × ${item.title}`.slice(0, 500),
      lines: [{ sku: body.sku!, title: item.title.slice(0, 200), expectedQuantity: item.quantity, bin: body.bin }],
    }, item.id);
    if (item.status === "SHIPPED") {
      await q.setDelivery(tx, storeId, detail.id, "NOT_YET_DELIVERED", { carrier: null, trackingNumber: null });
      return { orderItemId: item.id, storedAtFbp: true, receiving: await receivingDetail(tx, ctx, { id: detail.id }) };
    }
    return { orderItemId: item.id, storedAtFbp: true, receiving: detail };
  });
}
