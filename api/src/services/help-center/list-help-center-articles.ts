import type { RequestContext } from "../../context";
import { listHelpArticles } from "../../queries/help-center";
import { ensureHelpCenter } from "./sync-help-center";
import { toArticleSummary } from "./article-view";

/** Every article in reading order, optionally of one category. */
export async function listHelpCenterArticles(ctx: RequestContext, category: string | undefined) {
  await ensureHelpCenter(ctx.pool, ctx.providers.embeddings);
  return { list: (await listHelpArticles(ctx.pool, category)).map(toArticleSummary) };
}
