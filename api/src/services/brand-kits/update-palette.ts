import type { BodyOf, brandKits } from "@atelier/contracts";
import type { BrandKit } from "@atelier/contracts/brand-kits";
import { editPaletteHex } from "@atelier/contracts/brand-kit-rules";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { invalid, notFound } from "../../errors";
import { saveKit } from "../../queries/brand-kits/kits";
import { findKit, kitDetail } from "./find-kit";

/** Changes one palette colour; a slide colour that held the old hex follows it (001 §4). */
export async function updatePalette(ctx: UserContext, id: string, uuid: string, body: BodyOf<typeof brandKits.updateBrandKitPalette>): Promise<BrandKit> {
  if (body.hexCode === undefined && body.name === undefined && body.description === undefined) throw invalid("body.hexCode", "or the name or the description must be given");
  return withTransaction(ctx.pool, async (tx) => {
    const kit = await findKit(tx, ctx, id, true);
    if (!kit.parts.brandIdeas.generations.some((g) => g.uuid === uuid)) throw notFound("Brand idea");
    let parts = body.hexCode ? editPaletteHex(kit.parts, uuid, body.index, body.hexCode) : kit.parts;
    parts = {
      ...parts,
      brandIdeas: {
        ...parts.brandIdeas,
        generations: parts.brandIdeas.generations.map((g) => (g.uuid !== uuid ? g : { ...g, colorPalette: g.colorPalette.map((c, i) => (i === body.index ? { ...c, name: body.name ?? c.name, description: body.description ?? c.description } : c)) })),
      },
    };
    return kitDetail(tx, await saveKit(tx, ctx.auth.storeId, id, { parts }));
  });
}
