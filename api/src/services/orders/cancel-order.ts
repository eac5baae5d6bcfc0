import type { OrderDetail } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction, type Queryable } from "../../db/pool";
import { conflict } from "../../errors";
import * as fulfilments from "../../queries/orders/fulfilments";
import * as parts from "../../queries/orders/fulfilment-parts";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { releaseOrderStock } from "../inventory/order-stock";
import { cancelPreorders } from "../shipping/presale/cancel-preorders";
import { publishOrderUpdated } from "./publish-order-updated";
import { findOrder, orderDetail, type OrderRef } from "./get-order";
import { cancelBlocker } from "./order-rules";

/** Cancels a locked order nothing of which shipped; its open holds are released as part of it. */
export async function cancelLocked(tx: Queryable, ctx: UserContext, order: q.OrderRow, reason: string): Promise<void> {
  const blocker = cancelBlocker(order);
  if (blocker) throw conflict(blocker);
  const storeId = ctx.auth.storeId;
  for (const hold of await ledger.openHolds(tx, storeId, order.id)) {
    await ledger.releaseHold(tx, storeId, hold.id, { userId: ctx.auth.userId, note: "Order canceled" });
  }
  await q.markCanceled(tx, storeId, order.id);
  await releaseOrderStock(tx, storeId, order.id, { userId: ctx.auth.userId });
  await cancelPreorders(tx, storeId, order.id);
  // A split order's parts go with it: the one in stock (its units released above) and the backorder.
  await parts.cancelParts(tx, storeId, order.id);
  await fulfilments.cancelOpenFulfilment(tx, storeId, order.id, "The order was canceled before it shipped.");
  await ledger.appendEvent(tx, storeId, order.id, { kind: "CANCELED", fromStatus: order.processingStatus, toStatus: "FINISHED", message: reason, actorUserId: ctx.auth.userId });
  await publishOrderUpdated(tx, storeId, order.id);
}

/** Cancels an order (owners and admins); 409 with the reason when it can't be. */
export async function cancelOrder(ctx: UserContext, ref: OrderRef, reason: string): Promise<OrderDetail> {
  requirePermission(ctx, "orders.cancel");
  return withTransaction(ctx.pool, async (tx) => {
    const order = await findOrder(tx, ctx, ref, true);
    await cancelLocked(tx, ctx, order, reason);
    return orderDetail(tx, ctx, { id: order.id });
  });
}
