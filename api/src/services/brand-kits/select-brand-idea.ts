import type { BrandKit } from "@atelier/contracts/brand-kits";
import { selectIdea } from "@atelier/contracts/brand-kit-rules";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { notFound } from "../../errors";
import { saveKit } from "../../queries/brand-kits/kits";
import { findKit, kitDetail } from "./find-kit";
import { queueGeneration } from "./start-generation";

/** 001 §4: selecting another idea resets the mood board, SKUs, research and thumbnails and regenerates SKUs and research. */
export async function selectBrandIdea(ctx: UserContext, id: string, uuid: string): Promise<BrandKit> {
  const kit = await withTransaction(ctx.pool, async (tx) => {
    const kit = await findKit(tx, ctx, id, true);
    if (!kit.parts.brandIdeas.generations.some((g) => g.uuid === uuid)) throw notFound("Brand idea");
    const { parts, regenerate } = selectIdea(kit.parts, uuid);
    const saved = await saveKit(tx, ctx.auth.storeId, id, { parts });
    if (regenerate.length) await queueGeneration(tx, ctx, id, regenerate);
    return kitDetail(tx, saved);
  });
  ctx.jobs.kick();
  return kit;
}
