import type { FulfilmentRow } from "../../queries/orders/fulfilments";
import type { OrderRow } from "../../queries/orders/orders";

// The order's legal moves in this slice, each answered with the sentence a person reads when the
// move is not allowed (409). One place, so the detail's buttons and the use cases agree.

/** Why the order can't be put on hold, or null when it can. */
export function holdBlocker(o: Pick<OrderRow, "orderNumber" | "cancellationState" | "fulfillmentState" | "processingStatus">): string | null {
  if (o.cancellationState === "CANCELED") return `Order #${o.orderNumber} is canceled, so there is nothing to hold.`;
  if (o.fulfillmentState === "FULFILLED" || o.processingStatus === "FINISHED") return `Order #${o.orderNumber} has already shipped, so it can't be held.`;
  return null;
}

/** Why the order can't be canceled, or null when it can. */
export function cancelBlocker(o: Pick<OrderRow, "orderNumber" | "cancellationState" | "fulfillmentState">): string | null {
  if (o.cancellationState === "CANCELED") return `Order #${o.orderNumber} is already canceled.`;
  if (o.fulfillmentState === "FULFILLED") return `Order #${o.orderNumber} has shipped; start a return instead of canceling it.`;
  if (o.fulfillmentState === "PARTIAL") return `Part of order #${o.orderNumber} has shipped, so the whole order can't be canceled.`;
  if (o.cancellationState === "PARTIAL") return `Part of order #${o.orderNumber} is already canceled; cancel its remaining lines one by one.`;
  return null;
}

/** The status an order on hold goes back to (demo and older rows may not have recorded one). */
export function statusAfterHolds(o: Pick<OrderRow, "heldFromStatus">): "OUTSTANDING" | "PROCESSING" {
  return o.heldFromStatus ?? "OUTSTANDING";
}

/** Why the order can't be sent to the fulfilment center, or null when it can. */
export function fulfilBlocker(o: Pick<OrderRow, "orderNumber" | "cancellationState" | "fulfillmentState" | "processingStatus">, openFulfilment: boolean): string | null {
  if (o.cancellationState === "CANCELED") return `Order #${o.orderNumber} is canceled, so there is nothing to ship.`;
  if (o.fulfillmentState === "FULFILLED") return `Order #${o.orderNumber} has already shipped.`;
  if (openFulfilment) return `Order #${o.orderNumber} is already at the fulfilment center.`;
  if (o.processingStatus === "ON_HOLD") return `Order #${o.orderNumber} is on hold; release its holds before sending it to the fulfilment center.`;
  return null;
}

/** Whether the fulfilment center still has the order (not shipped, failed or canceled). */
export function isOpenFulfilment(f: Pick<FulfilmentRow, "status">): boolean {
  return !["SHIPPED", "FAILED", "CANCELED"].includes(f.status);
}
