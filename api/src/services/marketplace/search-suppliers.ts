import type { QueryOf, ResponseOf, marketplace } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import type { JsonAnswer } from "../../json-answer";
import { searchSupplierRows } from "../../queries/marketplace/search";
import { cachedSearch, withKeptMatches } from "./search-cache";
import { loggedFilters, resolveMarketQuery, wordsOnlyNotice } from "./market-query";
import { logSearch } from "./search-log";
import { toSupplier } from "./dto";

/**
 * Supplier search with the marketplace filters and sorts; keyword searches are logged with their timing.
 * Answers are kept under the catalogue's version (search-cache.ts), and so is a keyword's scoring,
 * which a search differing only in filters, sort or page reuses.
 * Also serves the public search (searchPublicSuppliers): the same query keys, smaller pages, no store data.
 */
export async function searchSuppliers(ctx: RequestContext, q: QueryOf<typeof marketplace.searchSuppliers>): Promise<JsonAnswer<ResponseOf<typeof marketplace.searchSuppliers>>> {
  const startedAt = process.hrtime.bigint();
  const { answer, resultCount, fromCache } = await cachedSearch(ctx, `suppliers:${JSON.stringify(q)}`, (value) => value.total, async (version: string) => {
    const market = await withKeptMatches(ctx, await resolveMarketQuery(ctx, q, "suppliers"), "suppliers", version);
    const { rows, total } = await searchSupplierRows(ctx.pool, market, { limit: q.size, offset: q.page * q.size });
    return { list: rows.map(toSupplier), total, page: q.page, size: q.size, ...wordsOnlyNotice(market) };
  });
  if (q.keyword?.trim()) logSearch(ctx, { target: "SUPPLIERS", keyword: q.keyword.trim(), filters: loggedFilters(q), resultCount, startedAt, fromCache });
  return answer;
}
