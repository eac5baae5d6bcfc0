import type { BodyOf, brandKits } from "@atelier/contracts";
import type { BrandIdea, BrandKit } from "@atelier/contracts/brand-kits";
import { editPaletteHex } from "@atelier/contracts/brand-kit-rules";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { notFound } from "../../errors";
import { saveKit } from "../../queries/brand-kits/kits";
import { storeTitlesTaken } from "../../queries/store-names";
import { supplierNamesInUse } from "../marketplace/get-category-market";
import { applyDrawn, drawSlots, markMissingImages } from "./fill-images";
import { findKit, kitDetail } from "./find-kit";
import { drawIdeaPart, drawMission, nameCandidates, ideaKey } from "./offline/brand-ideas";
import { kitInputs } from "./write-generation";

/**
 * Draws one part of one idea again from the next seed of that slot alone: every other part of the
 * kit is left byte-identical. A new palette or name redraws that idea's pictures (they show it).
 */
export async function regenerateIdeaPart(ctx: UserContext, id: string, uuid: string, body: BodyOf<typeof brandKits.regenerateBrandIdeaPart>): Promise<BrandKit> {
  const kit = await findKit(ctx.pool, ctx, id);
  const index = kit.parts.brandIdeas.generations.findIndex((g) => g.uuid === uuid);
  if (index < 0) throw notFound("Brand idea");
  const inputs = kitInputs({ id: kit.id, category: kit.category, productDescription: kit.product_description });
  const seed = kit.seed + 1;
  const idea = kit.parts.brandIdeas.generations[index]!;
  let patch: Partial<BrandIdea> = {};
  if (body.part === "brandName") {
    const candidates = nameCandidates(ideaKey(inputs, index, "brandName", seed), inputs.theme, 12);
    const taken = new Set([...(await storeTitlesTaken(ctx.pool, candidates)), ...(await supplierNamesInUse(ctx.pool, candidates)), ...kit.parts.brandIdeas.generations.map((g) => g.brandName.toLowerCase())]);
    patch = drawIdeaPart(inputs, index, "brandName", seed, taken);
  } else if (body.part === "mission") patch = { mission: drawMission(inputs, index, seed, idea.brandName) };
  else if (body.part !== "images") patch = drawIdeaPart(inputs, index, body.part, seed, new Set(), body.tone);
  const redraw = body.part === "images" || body.part === "brandName" || body.part === "colorPalette";
  let parts = kit.parts;
  if (patch.colorPalette) for (const [i, c] of patch.colorPalette.entries()) parts = editPaletteHex(parts, uuid, i, c.hexCode);
  parts = {
    ...parts,
    brandIdeas: {
      ...parts.brandIdeas,
      generations: parts.brandIdeas.generations.map((g) => (g.uuid !== uuid ? g : { ...g, ...patch, ...(redraw ? { images: ["", "", "", ""] } : {}) })),
    },
  };
  const { parts: marked, slots } = markMissingImages(kit.id, parts);
  // Only this idea's pictures are drawn here; other missing pictures wait for their own generation.
  const own = slots.filter((s) => s.path[0] === "idea" && s.path[1] === uuid);
  const drawn = await drawSlots(ctx.pool, own, (err) => ctx.log.error({ err }, "a brand idea picture could not be drawn"));
  // Only the ideas (and slide colours following a new palette) change: the rest stays as it was.
  const next = redraw ? { ...parts, brandIdeas: applyDrawn(marked, drawn).brandIdeas } : parts;
  return withTransaction(ctx.pool, async (tx) => {
    await findKit(tx, ctx, id, true);
    return kitDetail(tx, await saveKit(tx, ctx.auth.storeId, id, { parts: next, seed }));
  });
}
