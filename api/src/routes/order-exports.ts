import { orderExports } from "@atelier/contracts";
import { route } from "../http/route";
import { getOrderExport } from "../services/order-exports/get-order-export";
import { startOrderExport } from "../services/order-exports/start-order-export";

export const orderExportsRoutes = [
  route(orderExports.startFinancialExport, ({ ctx, body }) => startOrderExport(ctx, "FINANCIAL", body)),
  route(orderExports.getFinancialExport, ({ ctx, params }) => getOrderExport(ctx, "FINANCIAL", params.id)),
  route(orderExports.startReturnExport, ({ ctx, body }) => startOrderExport(ctx, "RETURNS", body)),
  route(orderExports.getReturnExport, ({ ctx, params }) => getOrderExport(ctx, "RETURNS", params.id)),
];
