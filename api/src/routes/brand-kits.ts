import { brandKits } from "@atelier/contracts";
import { route, type Route } from "../http/route";
import { archiveBrandKit } from "../services/brand-kits/archive-brand-kit";
import { cancelGeneration } from "../services/brand-kits/cancel-generation";
import { createBrandKit } from "../services/brand-kits/create-brand-kit";
import { getBrandKit } from "../services/brand-kits/get-brand-kit";
import { getPublicBrandKit } from "../services/brand-kits/get-public-brand-kit";
import { joinWaitlist } from "../services/brand-kits/join-waitlist";
import { listBrandKitExamples } from "../services/brand-kits/list-brand-kit-examples";
import { listBrandKits } from "../services/brand-kits/list-brand-kits";
import { listSkuMatches } from "../services/brand-kits/list-sku-matches";
import { listWaitlist } from "../services/brand-kits/list-waitlist";
import { regenerateIdeaPart } from "../services/brand-kits/regenerate-idea-part";
import { selectBrandIdea } from "../services/brand-kits/select-brand-idea";
import { startGeneration } from "../services/brand-kits/start-generation";
import { updateBrandKit } from "../services/brand-kits/update-brand-kit";
import { updatePalette } from "../services/brand-kits/update-palette";

/** Business kits (001 §3–§7): the kit, its generation, its share page and waitlist. */
export const brandKitsRoutes: Route[] = [
  route(brandKits.listBrandKits, ({ ctx, query }) => listBrandKits(ctx, query)),
  route(brandKits.listBrandKitExamples, () => listBrandKitExamples()),
  route(brandKits.createBrandKit, ({ ctx, body }) => createBrandKit(ctx, body)),
  route(brandKits.getBrandKit, ({ ctx, params }) => getBrandKit(ctx, params.id)),
  route(brandKits.updateBrandKit, ({ ctx, params, body }) => updateBrandKit(ctx, params.id, body)),
  route(brandKits.archiveBrandKit, ({ ctx, params }) => archiveBrandKit(ctx, params.id)),
  route(brandKits.startBrandKitGeneration, ({ ctx, params, body }) => startGeneration(ctx, params.id, body)),
  route(brandKits.cancelBrandKitGeneration, ({ ctx, params, body }) => cancelGeneration(ctx, params.id, body.types)),
  route(brandKits.regenerateBrandIdeaPart, ({ ctx, params, body }) => regenerateIdeaPart(ctx, params.id, params.uuid, body)),
  route(brandKits.selectBrandIdea, ({ ctx, params }) => selectBrandIdea(ctx, params.id, params.uuid)),
  route(brandKits.updateBrandKitPalette, ({ ctx, params, body }) => updatePalette(ctx, params.id, params.uuid, body)),
  route(brandKits.listBrandKitSkuMatches, ({ ctx, params, query }) => listSkuMatches(ctx, params.id, params.uuid, query.maxUnitCost)),
  route(brandKits.getPublicBrandKit, ({ ctx, params }) => getPublicBrandKit(ctx.pool, params.id)),
  route(brandKits.joinBrandKitWaitlist, ({ ctx, params, body }) => joinWaitlist(ctx.pool, params.id, body.email)),
  route(brandKits.listBrandKitWaitlist, ({ ctx, params, query }) => listWaitlist(ctx, params.id, query)),
];
