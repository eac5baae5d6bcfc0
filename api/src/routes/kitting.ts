import { kitting } from "@atelier/contracts";
import { route } from "../http/route";
import { assembleKits } from "../services/kitting/assemble-kits";
import { createKit } from "../services/kitting/create-kit";
import { getKit } from "../services/kitting/get-kit";
import { listKits } from "../services/kitting/list-kits";
import { updateKit } from "../services/kitting/update-kit";

export const kittingRoutes = [
  route(kitting.listKits, ({ ctx, query }) => listKits(ctx, query)),
  route(kitting.createKit, ({ ctx, body }) => createKit(ctx, body)),
  route(kitting.getKit, ({ ctx, params }) => getKit(ctx, params.sku)),
  route(kitting.updateKit, ({ ctx, params, body }) => updateKit(ctx, params.sku, body)),
  route(kitting.assembleKits, ({ ctx, params, body }) => assembleKits(ctx, params.sku, body)),
];
