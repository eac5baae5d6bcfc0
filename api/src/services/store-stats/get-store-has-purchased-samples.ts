import type { UserContext } from "../../context";
import { hasPaidSample } from "../../queries/store-stats";

/** Whether the current store has paid for any sample (drives "order your first sample" prompts). */
export async function getStoreHasPurchasedSamples(ctx: UserContext): Promise<{ hasPurchasedSamples: boolean }> {
  return { hasPurchasedSamples: await hasPaidSample(ctx.pool, ctx.auth.storeId) };
}
