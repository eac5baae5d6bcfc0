import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { compareQuotesByProject as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { forbidden } from "../../../errors";
import { projectsWithQuotes } from "../../../queries/inbox/quote-projects";
import { viewerOf } from "../inbox-viewer";
import { comparisonOfProject } from "./compare-quotes";

/** The store's quotes compared per custom project (tech pack), a page of projects at a time, the latest quoted first. */
export async function compareQuotesByProject(ctx: UserContext, q: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  const viewer = viewerOf(ctx);
  if (viewer.side !== "STORE") throw forbidden("Only the store compares the quotes it received.");
  const { projectIds, total } = await projectsWithQuotes(ctx.pool, viewer.storeId, q);
  const list = [];
  // One project at a time: each comparison looks up tariffs and freight for its suppliers.
  for (const id of projectIds) {
    const comparison = await comparisonOfProject(ctx, viewer.storeId, id);
    if (comparison) list.push(comparison);
  }
  return { list, total, page: q.page, size: q.size };
}
