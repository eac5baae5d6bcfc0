import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { updateStoreReview } from "../../queries/marketplace/reviews";
import { toReview } from "./dto";

/** Edits the store's own review; another store's review is a 404, as if it did not exist. */
export async function updateSupplierReview(ctx: UserContext, id: string, patch: { rating?: number; title?: string; body?: string }) {
  const row = await updateStoreReview(ctx.pool, id, ctx.auth.storeId, patch);
  if (!row) throw notFound("The review");
  return toReview(row, ctx.auth.storeId);
}
