import { WORDS_ONLY_SEARCH_NOTICE, type helpCenter, type QueryOf } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { queryWords } from "../../text/query-words";
import { embedQuery } from "../../embeddings";
import { searchHelpArticles } from "../../queries/help-center";
import { ensureHelpCenter } from "./sync-help-center";
import { toArticleSummary } from "./article-view";
import { withSynonyms } from "./synonyms";

/** Ranked articles for a visitor's question. */
export async function searchHelpCenter(ctx: RequestContext, query: QueryOf<typeof helpCenter.searchHelpCenter>) {
  await ensureHelpCenter(ctx.pool, ctx.providers.embeddings);
  const words = withSynonyms(queryWords(query.q, { minLength: 2, max: 30 }));
  const vector = await embedQuery(ctx.providers.embeddings, query.q);
  const rows = await searchHelpArticles(ctx.pool, { text: query.q, words, vector, category: query.category, limit: query.limit });
  return { q: query.q, list: rows.map((r) => ({ ...toArticleSummary(r), body: r.body, score: r.score })), ...(vector === null ? { notice: WORDS_ONLY_SEARCH_NOTICE } : {}) };
}
