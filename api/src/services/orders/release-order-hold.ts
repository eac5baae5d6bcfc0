import type { OrderDetail } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction, type Queryable } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { reserveOrderStock, shortfallText } from "../inventory/order-stock";
import { linesToShip } from "./lines-to-ship";
import { publishOrderUpdated } from "./publish-order-updated";
import { findOrder, orderDetail, type OrderRef } from "./get-order";
import { statusAfterHolds } from "./order-rules";

/**
 * Releases one open hold of a locked order and records who did; when no hold stays open, the order
 * returns to the status it had before its first hold. Shared by the single and the bulk action.
 */
export async function releaseHold(tx: Queryable, ctx: UserContext, order: q.OrderRow, holdId: string, note?: string): Promise<void> {
  await releaseHoldAs(tx, ctx.auth.storeId, ctx.auth.userId, order, holdId, note);
}

/** releaseHold for a store and a user (null: the store's own stock arriving, in a job). */
export async function releaseHoldAs(tx: Queryable, storeId: string, userId: string | null, order: q.OrderRow, holdId: string, note?: string): Promise<void> {
  const hold = await ledger.getHold(tx, storeId, order.id, holdId);
  if (!hold) throw notFound("Hold");
  const released = await ledger.releaseHold(tx, storeId, holdId, { userId, note: note || null });
  if (!released) throw conflict(`This hold ("${hold.reason}") was already released.`);
  const stillOpen = await ledger.openHolds(tx, storeId, order.id);
  const back = stillOpen.length === 0 && order.processingStatus === "ON_HOLD" ? statusAfterHolds(order) : null;
  if (back) {
    // Leaving its last hold, the order must hold its units before it can ship.
    const short = await reserveOrderStock(tx, storeId, order.id, await linesToShip(tx, storeId, order.id), { userId });
    if (short.length) throw conflict(`Order #${order.orderNumber} can't leave its hold yet: not enough stock for ${shortfallText(short)}.`);
    await q.markReleased(tx, storeId, order.id, back);
  }
  await ledger.appendEvent(tx, storeId, order.id, {
    kind: "HOLD_RELEASED",
    fromStatus: back ? "ON_HOLD" : null,
    toStatus: back,
    message: note ? `Released "${hold.reason}": ${note}` : `Released "${hold.reason}"`,
    holdId,
    actorUserId: userId,
  });
  await publishOrderUpdated(tx, storeId, order.id);
}

/** Releases one hold of an order; 404 for a hold of another order, 409 when already released. */
export async function releaseOrderHold(ctx: UserContext, ref: OrderRef, holdId: string, note?: string): Promise<OrderDetail> {
  requirePermission(ctx, "orders.manage");
  return withTransaction(ctx.pool, async (tx) => {
    const order = await findOrder(tx, ctx, ref, true);
    await releaseHold(tx, ctx, order, holdId, note);
    return orderDetail(tx, ctx, { id: order.id });
  });
}
