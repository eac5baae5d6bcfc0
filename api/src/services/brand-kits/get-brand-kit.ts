import type { BrandKit } from "@atelier/contracts/brand-kits";
import type { UserContext } from "../../context";
import { findKit, kitDetail } from "./find-kit";

/** One kit with its latest task of each type. */
export async function getBrandKit(ctx: UserContext, id: string): Promise<BrandKit> {
  return kitDetail(ctx.pool, await findKit(ctx.pool, ctx, id));
}
