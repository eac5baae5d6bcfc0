import type { OrderDetail } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import * as ledger from "../../queries/orders/ledger";
import { publishOrderUpdated } from "./publish-order-updated";
import { findOrder, orderDetail, type OrderRef } from "./get-order";

/** Appends a note to the order's ledger; notes are never edited. */
export async function addOrderNote(ctx: UserContext, ref: OrderRef, note: string): Promise<OrderDetail> {
  requirePermission(ctx, "orders.manage");
  return withTransaction(ctx.pool, async (tx) => {
    const order = await findOrder(tx, ctx, ref, true);
    await ledger.appendEvent(tx, ctx.auth.storeId, order.id, { kind: "NOTE_ADDED", message: note, actorUserId: ctx.auth.userId });
    await publishOrderUpdated(tx, ctx.auth.storeId, order.id);
    return orderDetail(tx, ctx, { id: order.id });
  });
}
