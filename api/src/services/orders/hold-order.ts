import type { OrderDetail } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction, type Queryable } from "../../db/pool";
import { conflict } from "../../errors";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { publishOrderUpdated } from "./publish-order-updated";
import { findOrder, orderDetail, type OrderRef } from "./get-order";
import { holdBlocker } from "./order-rules";

/**
 * Opens a hold on a locked order: the first open hold moves it to ON_HOLD and remembers the status
 * it returns to; later holds only add their reason. Shared by the single and the bulk action.
 */
export async function placeHold(tx: Queryable, ctx: UserContext, order: q.OrderRow, reason: string): Promise<void> {
  const blocker = holdBlocker(order);
  if (blocker) throw conflict(blocker);
  const storeId = ctx.auth.storeId;
  const holdId = await ledger.insertHold(tx, storeId, order.id, { reason, userId: ctx.auth.userId });
  const from = order.processingStatus;
  if (from === "OUTSTANDING" || from === "PROCESSING") await q.markOnHold(tx, storeId, order.id, from);
  await ledger.appendEvent(tx, storeId, order.id, { kind: "HOLD_PLACED", fromStatus: from, toStatus: "ON_HOLD", message: reason, holdId, actorUserId: ctx.auth.userId });
  await publishOrderUpdated(tx, storeId, order.id);
}

/** Puts an order on hold with a reason; 409 when it is canceled or shipped. */
export async function holdOrder(ctx: UserContext, ref: OrderRef, reason: string): Promise<OrderDetail> {
  requirePermission(ctx, "orders.manage");
  return withTransaction(ctx.pool, async (tx) => {
    const order = await findOrder(tx, ctx, ref, true);
    await placeHold(tx, ctx, order, reason);
    return orderDetail(tx, ctx, { id: order.id });
  });
}
