import type { Queryable } from "../../db/pool";
import { publishAfterCommit } from "../../realtime";
import * as fulfilments from "../../queries/orders/fulfilments";
import * as q from "../../queries/orders/orders";

/**
 * Tells the store's open screens (its realtime room) that an order changed, once db's transaction
 * commits; never if it rolls back. The payload is a hint: screens reload the order from the API.
 */
export async function publishOrderUpdated(db: Queryable, storeId: string, orderId: string, name: "order.updated" | "order.created" = "order.updated"): Promise<void> {
  const order = await q.getOrder(db, storeId, { id: orderId });
  if (!order) return;
  const latest = (await fulfilments.listFulfilments(db, storeId, orderId)).at(-1);
  publishAfterCommit(db, {
    name,
    to: { storeId },
    payload: {
      orderId,
      orderNumber: order.orderNumber,
      processingStatus: order.processingStatus,
      fulfillmentState: order.fulfillmentState,
      cancellationState: order.cancellationState,
      shipmentStatus: latest?.status ?? null,
    },
  });
}
