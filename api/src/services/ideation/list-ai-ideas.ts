import type { QueryOf, ResponseOf, ideation } from "@atelier/contracts";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { listIdeas } from "../../queries/ideation/ideas";
import { toSummary } from "./ideation-dto";

/** /your-ideations: the store's saved ideations, searched, sorted and paged on the server. */
export async function listAiIdeas(ctx: UserContext, q: QueryOf<typeof ideation.listAiIdeas>): Promise<ResponseOf<typeof ideation.listAiIdeas>> {
  requirePermission(ctx, "ai.use");
  const { list, total } = await listIdeas(ctx.pool, ctx.auth.storeId, { search: q.search || undefined, sort: q.sort, includeArchived: q.includeArchived, limit: q.size, offset: q.page * q.size });
  return { list: list.map(toSummary), total, page: q.page, size: q.size };
}
