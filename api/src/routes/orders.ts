import { orders } from "@atelier/contracts";
import { route } from "../http/route";
import { addOrderNote } from "../services/orders/add-order-note";
import { bulkUpdateOrders } from "../services/orders/bulk-update-orders";
import { cancelOrder } from "../services/orders/cancel-order";
import { createManualOrder } from "../services/orders/create-manual-order";
import { getOrder } from "../services/orders/get-order";
import { holdOrder } from "../services/orders/hold-order";
import { listOrders } from "../services/orders/list-orders";
import { submitOrderFulfilment } from "../services/orders/submit-order-fulfilment";
import { releaseOrderHold } from "../services/orders/release-order-hold";
import { trackOrder } from "../services/orders/track-order";

export const ordersRoutes = [
  route(orders.listOrders, ({ ctx, query }) => listOrders(ctx, query)),
  route(orders.bulkUpdateOrders, ({ ctx, body }) => bulkUpdateOrders(ctx, body)),
  route(orders.createManualRetailOrder, ({ ctx, body }) => createManualOrder(ctx, "MANUAL_RETAIL", body)),
  route(orders.createManualWholesaleOrder, ({ ctx, body }) => createManualOrder(ctx, "MANUAL_WHOLESALE", body)),
  route(orders.getOrder, ({ ctx, params }) => getOrder(ctx, params.id)),
  route(orders.addOrderNote, ({ ctx, params, body }) => addOrderNote(ctx, params.id, body.note)),
  route(orders.holdOrder, ({ ctx, params, body }) => holdOrder(ctx, params.id, body.reason)),
  route(orders.releaseOrderHold, ({ ctx, params, body }) => releaseOrderHold(ctx, params.id, params.holdId, body.note)),
  route(orders.submitOrderFulfilment, ({ ctx, params }) => submitOrderFulfilment(ctx, params.id)),
  route(orders.cancelOrder, ({ ctx, params, body }) => cancelOrder(ctx, params.id, body.reason)),
  route(orders.trackOrder, ({ ctx, query }) => trackOrder(ctx, query)),
];
