import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { archiveKit } from "../../queries/brand-kits/kits";

/** Archives a kit: it leaves the list, and its share link and waitlist stop working. */
export async function archiveBrandKit(ctx: UserContext, id: string): Promise<{ id: string }> {
  if (!(await archiveKit(ctx.pool, ctx.auth.storeId, id))) throw notFound("Business kit");
  return { id };
}
