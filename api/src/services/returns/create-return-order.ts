import type { BodyOf } from "@atelier/contracts";
import type { createReturnOrder as contract, ReturnOrder } from "@atelier/contracts/returns";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict, invalid } from "../../errors";
import * as ledger from "../../queries/orders/ledger";
import * as orders from "../../queries/orders/orders";
import * as q from "../../queries/returns/returns";
import * as settings from "../../queries/returns/settings";
import { findOrder } from "../orders/get-order";
import { publishOrderUpdated } from "../orders/publish-order-updated";
import { orderRefOf } from "./order-ref";
import { returnDetail } from "./return-detail";

const units = (n: number) => `${n} unit${n === 1 ? "" : "s"}`;

/**
 * Opens a return for shipped units of an order's lines. Only units that shipped and are in no other
 * open or completed return can come back; the order row is locked so two returns of the same order
 * queue rather than both taking the last unit.
 */
export async function createReturnOrder(ctx: UserContext, body: BodyOf<typeof contract>): Promise<ReturnOrder> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const order = await findOrder(tx, ctx, orderRefOf(body.orderId), true);
    if (order.cancellationState === "CANCELED") throw conflict(`Order #${order.orderNumber} was canceled, so nothing of it can be returned.`);
    const lines = await orders.listOrderLines(tx, storeId, order.id);
    const wanted = new Map<string, { lineId: string; quantity: number }>();
    for (const [i, asked] of body.lines.entries()) {
      const line = lines.find((l) => l.sku.toLowerCase() === asked.sku.toLowerCase());
      if (!line) throw invalid(`body.lines.${i}.sku`, `is not on order #${order.orderNumber} (it has ${lines.map((l) => l.sku).join(", ")})`);
      const already = wanted.get(line.id)?.quantity ?? 0;
      const returnable = line.fulfilledQuantity - line.returnedQuantity;
      if (already + asked.quantity > returnable) {
        throw conflict(
          line.fulfilledQuantity === 0
            ? `${line.sku} on order #${order.orderNumber} has not shipped yet, so it can't be returned; cancel the order instead.`
            : `Only ${units(Math.max(0, returnable))} of ${line.sku} on order #${order.orderNumber} can be returned (${units(line.fulfilledQuantity)} shipped, ${units(line.returnedQuantity)} already in a return).`,
        );
      }
      wanted.set(line.id, { lineId: line.id, quantity: already + asked.quantity });
    }
    const policy = await settings.getSettings(tx, storeId);
    const refundMethod = body.refundMethod ?? policy.refundMethod;
    const refundDestination = refundMethod === "STORE_CREDIT" ? "STORE_CREDIT" : (body.refundDestination ?? policy.refundDestination);
    if (refundDestination === "STORE_CREDIT" && !order.customerId) {
      throw conflict(`Order #${order.orderNumber} has no customer account to hold store credit; refund it to the original payment.`);
    }
    const returnFee = body.returnFee ?? policy.returnFee;
    const number = await settings.takeReturnNumber(tx, storeId);
    const id = await q.insertReturn(tx, storeId, {
      orderId: order.id, number, refundMethod, returnFee, feeCents: returnFee === "DEDUCT_FROM_REFUND" ? policy.feeCents : 0, refundDestination, reason: body.reason, userId: ctx.auth.userId,
    });
    for (const w of wanted.values()) await q.insertReturnLine(tx, storeId, id, w.lineId, w.quantity);
    const what = [...wanted.values()].map((w) => `${w.quantity} × ${lines.find((l) => l.id === w.lineId)!.sku}`).join(", ");
    await ledger.appendEvent(tx, storeId, order.id, { kind: "RETURN_CREATED", toStatus: "CREATED", message: `Return RMA-${number} opened for ${what}: ${body.reason}`, actorUserId: ctx.auth.userId });
    await publishOrderUpdated(tx, storeId, order.id);
    return returnDetail(tx, ctx, { id });
  });
}
