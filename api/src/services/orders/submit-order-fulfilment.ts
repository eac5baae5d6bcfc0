import type { OrderDetail } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as fulfilments from "../../queries/orders/fulfilments";
import * as parts from "../../queries/orders/fulfilment-parts";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { reserveOrderStock, shortfallText } from "../inventory/order-stock";
import { enqueueNextStage } from "./advance-fulfilment";
import { linesToShip } from "./lines-to-ship";
import { findOrder, orderDetail, type OrderRef } from "./get-order";
import { fulfilBlocker, isOpenFulfilment } from "./order-rules";
import { publishOrderUpdated } from "./publish-order-updated";

/**
 * Sends an order to the fulfilment center: its units must be reserved (they are, if they can be
 * now), it moves to PROCESSING, and the background job takes it through accept, pick, pack and
 * ship. 409 with the reason when it is canceled, shipped, on hold, already there or short.
 */
export async function submitOrderFulfilment(ctx: UserContext, ref: OrderRef): Promise<OrderDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const order = await findOrder(tx, ctx, ref, true);
    const trips = await fulfilments.listFulfilments(tx, storeId, order.id);
    const blocker = fulfilBlocker(order, trips.some(isOpenFulfilment));
    if (blocker) throw conflict(blocker);
    const short = await reserveOrderStock(tx, storeId, order.id, await linesToShip(tx, storeId, order.id), { userId: ctx.auth.userId });
    if (short.length) throw conflict(`Order #${order.orderNumber} can't be sent yet: not enough stock for ${shortfallText(short)}.`);
    const f = await fulfilments.insertFulfilment(tx, storeId, order.id, ctx.providers.fulfilment.name, ctx.auth.userId);
    // A split order sends its open part; the backorder stays waiting.
    await parts.sendOpenParts(tx, storeId, order.id, f.id);
    if (order.processingStatus === "OUTSTANDING") await q.markProcessing(tx, storeId, order.id);
    await ledger.appendEvent(tx, storeId, order.id, {
      kind: "FULFILMENT_UPDATED", fromStatus: order.processingStatus, toStatus: "SUBMITTED", message: "Sent to the fulfilment center", actorUserId: ctx.auth.userId,
    });
    await enqueueNextStage(ctx, tx, f, ctx.config.fulfilment.stepMs);
    await publishOrderUpdated(tx, storeId, order.id);
    return orderDetail(tx, ctx, { id: order.id });
  });
}
