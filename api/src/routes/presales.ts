import { presales } from "@atelier/contracts";
import { route } from "../http/route";
import { endPresale } from "../services/shipping/presale/end-presale";
import { listIncomingShipments } from "../services/shipping/presale/list-incoming-shipments";
import { listPreorders } from "../services/shipping/presale/list-preorders";
import { getPresale, listPresales } from "../services/shipping/presale/list-presales";
import { startPresale } from "../services/shipping/presale/start-presale";
import { updatePresale } from "../services/shipping/presale/update-presale";

export const presaleRoutes = [
  route(presales.listPresales, ({ ctx, query }) => listPresales(ctx, query)),
  route(presales.listIncomingShipments, ({ ctx, query }) => listIncomingShipments(ctx, query.sku)),
  route(presales.startPresale, ({ ctx, body }) => startPresale(ctx, body)),
  route(presales.getPresale, ({ ctx, params }) => getPresale(ctx, params.id)),
  route(presales.listPreorders, ({ ctx, params, query }) => listPreorders(ctx, params.id, query)),
  route(presales.endPresale, ({ ctx, params }) => endPresale(ctx, params.id)),
  route(presales.updatePresale, ({ ctx, params, body }) => updatePresale(ctx, params.id, body)),
];
