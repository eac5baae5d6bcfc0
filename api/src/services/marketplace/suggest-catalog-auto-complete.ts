import type { UserContext } from "../../context";
import { autoCompleteRows } from "../../queries/marketplace/search";

/** Search-box completions: categories, item titles and supplier names, typo tolerant. */
export async function suggestCatalogAutoComplete(ctx: UserContext, q: { keyword: string; size: number }) {
  return { list: await autoCompleteRows(ctx.pool, q.keyword, q.size) };
}
