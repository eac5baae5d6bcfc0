import type { QueryOf, ResponseOf, ideation } from "@atelier/contracts";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { listPublicIdeas } from "../../queries/ideation/ideas";
import { findStoreTitle } from "../../queries/stores";
import { selectedIdeas } from "./ideation-dto";

/** Ideas submitted for crowdfunding and shown to everyone: the pitch and picked products only, nothing else of the store. */
export async function listPublicAiIdeas(ctx: UserContext, q: QueryOf<typeof ideation.listPublicAiIdeas>): Promise<ResponseOf<typeof ideation.listPublicAiIdeas>> {
  requirePermission(ctx, "ai.use");
  const { list, total } = await listPublicIdeas(ctx.pool, { search: q.search || undefined, limit: q.size, offset: q.page * q.size });
  const storeIds = [...new Set(list.map((r) => r.storeId))];
  const titles = new Map(await Promise.all(storeIds.map(async (id) => [id, (await findStoreTitle(ctx.pool, id)) ?? "A creator"] as const)));
  return {
    list: list.map((r) => ({
      id: r.id,
      title: r.title,
      pitch: r.pitch,
      fundingGoal: r.fundingGoalCents === null ? null : r.fundingGoalCents / 100,
      storeName: titles.get(r.storeId) ?? "A creator",
      products: selectedIdeas(r).map((i) => ({ title: i.title, suggestedRetailPrice: i.suggestedRetailPrice })),
      submittedAt: r.submittedAt!.toISOString(),
    })),
    total,
    page: q.page,
    size: q.size,
  };
}
