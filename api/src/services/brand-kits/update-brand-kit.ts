import type { BodyOf, brandKits } from "@atelier/contracts";
import type { BrandKit } from "@atelier/contracts/brand-kits";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { invalid } from "../../errors";
import { saveKit } from "../../queries/brand-kits/kits";
import { findKit, kitDetail } from "./find-kit";

/** Saves the whole kit as the editor holds it (001 §7); selections must point at generations of the kit. */
export async function updateBrandKit(ctx: UserContext, id: string, body: BodyOf<typeof brandKits.updateBrandKit>): Promise<BrandKit> {
  const { category, productDescription, isWaitlistSitePublished, ...parts } = body;
  if (parts.brandIdeas.selectedUuid && !parts.brandIdeas.generations.some((g) => g.uuid === parts.brandIdeas.selectedUuid)) throw invalid("body.brandIdeas.selectedUuid", "must be one of the kit's brand ideas");
  if (parts.targetAudiences.selectedUuid && !parts.targetAudiences.generations.some((g) => g.uuid === parts.targetAudiences.selectedUuid)) throw invalid("body.targetAudiences.selectedUuid", "must be one of the kit's audiences");
  const unknownSku = parts.productSkus.selectedUuids.find((u) => !parts.productSkus.generations.some((g) => g.uuid === u));
  if (unknownSku) throw invalid("body.productSkus.selectedUuids", "must list only the kit's product ideas");
  return withTransaction(ctx.pool, async (tx) => {
    await findKit(tx, ctx, id, true);
    return kitDetail(tx, await saveKit(tx, ctx.auth.storeId, id, { category, productDescription, isWaitlistSitePublished, parts }));
  });
}
