import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { deleteFavorite } from "../../queries/marketplace/favorites";

/** Removes one of the store's favourites; another store's is a 404. */
export async function removeFavorite(ctx: UserContext, id: string): Promise<{ deleted: true }> {
  if (!(await deleteFavorite(ctx.pool, ctx.auth.storeId, id))) throw notFound("The favourite");
  return { deleted: true };
}
