import type { RequestContext } from "../../context";
import { notFound } from "../../errors";
import { findHelpArticle } from "../../queries/help-center";
import { ensureHelpCenter } from "./sync-help-center";
import { toArticle } from "./article-view";

/** One article in full. */
export async function getHelpCenterArticle(ctx: RequestContext, slug: string) {
  await ensureHelpCenter(ctx.pool, ctx.providers.embeddings);
  const row = await findHelpArticle(ctx.pool, slug);
  if (!row) throw notFound(`Help article "${slug}"`);
  return toArticle(row);
}
