import type { Queryable } from "../../db/pool";
import { publishAfterCommit } from "../../realtime";
import * as q from "../../queries/orders/orders";

/**
 * Tells the store's open screens (its realtime room) that an order changed, once db's transaction
 * commits; never if it rolls back. The payload is a hint: screens reload the order from the API.
 */
export async function publishOrderUpdated(db: Queryable, storeId: string, orderId: string, name: "order.updated" | "order.created" = "order.updated"): Promise<void> {
  await publishOrdersUpdated(db, storeId, [orderId], name);
}

/** publishOrderUpdated for several orders, their hints read in one statement (a batch of imported orders). */
export async function publishOrdersUpdated(db: Queryable, storeId: string, orderIds: string[], name: "order.updated" | "order.created" = "order.updated"): Promise<void> {
  if (!orderIds.length) return;
  for (const order of await q.orderHints(db, storeId, orderIds)) {
    publishAfterCommit(db, {
      name,
      to: { storeId },
      payload: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        processingStatus: order.processingStatus,
        fulfillmentState: order.fulfillmentState,
        cancellationState: order.cancellationState,
        shipmentStatus: order.shipmentStatus,
      },
    });
  }
}
