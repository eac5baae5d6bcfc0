import { salesChannels } from "@atelier/contracts";
import { route } from "../http/route";
import { getOrderImport, getOrderImportProblemsCsv, listOrderImports } from "../services/sales-channels/order-imports";
import { listSalesChannels } from "../services/sales-channels/list-sales-channels";
import { readShopOrders } from "../services/sales-channels/read-shop-orders";
import { startOrderImport } from "../services/sales-channels/start-order-import";
import { uploadOrderImportFile } from "../services/sales-channels/upload-order-import-file";

export const salesChannelsRoutes = [
  route(salesChannels.uploadOrderImportFile, ({ ctx }) => uploadOrderImportFile(ctx)),
  route(salesChannels.importShopOrders, ({ ctx, body }) => readShopOrders(ctx, body.channel)),
  route(salesChannels.startOrderImport, ({ ctx, body }) => startOrderImport(ctx, body.importId)),
  route(salesChannels.listOrderImports, ({ ctx, query }) => listOrderImports(ctx, query)),
  route(salesChannels.getOrderImport, ({ ctx, params }) => getOrderImport(ctx, params.id)),
  route(salesChannels.getOrderImportProblemsCsv, ({ ctx, params }) => getOrderImportProblemsCsv(ctx, params.id)),
  route(salesChannels.listSalesChannels, ({ ctx }) => listSalesChannels(ctx)),
];
