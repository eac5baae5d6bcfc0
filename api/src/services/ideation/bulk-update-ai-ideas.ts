import type { BodyOf, ResponseOf, ideation } from "@atelier/contracts";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { notFound } from "../../errors";
import { setArchivedMany } from "../../queries/ideation/ideas";

/** Archives or restores several ideations; one unknown id (or another store's) changes none. */
export async function bulkUpdateAiIdeas(ctx: UserContext, body: BodyOf<typeof ideation.bulkUpdateAiIdeas>): Promise<ResponseOf<typeof ideation.bulkUpdateAiIdeas>> {
  requirePermission(ctx, "ai.use");
  const ids = [...new Set(body.ids)];
  return withTransaction(ctx.pool, async (tx) => {
    const updated = await setArchivedMany(tx, ctx.auth.storeId, ids, body.isArchived);
    if (updated.length !== ids.length) throw notFound("Ideation");
    return { updated: updated.length };
  });
}
