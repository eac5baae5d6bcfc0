import { returns } from "@atelier/contracts";
import { route } from "../http/route";
import { cancelReturnOrder } from "../services/returns/cancel-return-order";
import { createReturnOrder } from "../services/returns/create-return-order";
import { getReturnOrder } from "../services/returns/get-return-order";
import { listReturnOrders } from "../services/returns/list-return-orders";
import { receiveReturnOrder } from "../services/returns/receive-return-order";
import { getReturnSettings, updateReturnSettings } from "../services/returns/return-settings";
import { shipReturnOrder } from "../services/returns/ship-return-order";

export const returnsRoutes = [
  route(returns.listReturnOrders, ({ ctx, query }) => listReturnOrders(ctx, query)),
  route(returns.createReturnOrder, ({ ctx, body }) => createReturnOrder(ctx, body)),
  route(returns.getReturnSettings, ({ ctx }) => getReturnSettings(ctx)),
  route(returns.updateReturnSettings, ({ ctx, body }) => updateReturnSettings(ctx, body)),
  route(returns.getReturnOrder, ({ ctx, params }) => getReturnOrder(ctx, params.id)),
  route(returns.shipReturnOrder, ({ ctx, params, body }) => shipReturnOrder(ctx, params.id, body)),
  route(returns.receiveReturnOrder, ({ ctx, params, body }) => receiveReturnOrder(ctx, params.id, body)),
  route(returns.cancelReturnOrder, ({ ctx, params, body }) => cancelReturnOrder(ctx, params.id, body.reason)),
];
