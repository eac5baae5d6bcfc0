import type { QueryOf, ResponseOf, marketplace } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import type { JsonAnswer } from "../../json-answer";
import { searchItemRows } from "../../queries/marketplace/search";
import { cachedSearch, withKeptMatches } from "./search-cache";
import { loggedFilters, resolveMarketQuery, wordsOnlyNotice } from "./market-query";
import { logSearch } from "./search-log";
import { toItem } from "./dto";

/**
 * Catalog item search (the CATALOG_PRODUCTS view); keyword searches are logged with their timing.
 * Answers are kept under the catalogue's version (search-cache.ts), and so is a keyword's scoring,
 * which a search differing only in filters, sort or page reuses.
 * Also serves the public search (searchPublicCatalogItems): the same query keys, smaller pages, no store data.
 */
export async function searchCatalogItems(ctx: RequestContext, q: QueryOf<typeof marketplace.searchCatalogItems>): Promise<JsonAnswer<ResponseOf<typeof marketplace.searchCatalogItems>>> {
  const startedAt = process.hrtime.bigint();
  const { answer, resultCount, fromCache } = await cachedSearch(ctx, `items:${JSON.stringify(q)}`, (value) => value.total, async (version: string) => {
    const market = await withKeptMatches(ctx, await resolveMarketQuery(ctx, q, "items", { supplierId: q.supplierId, isSampleKit: q.isSampleKit }), "items", version);
    const { rows, total } = await searchItemRows(ctx.pool, market, { limit: q.size, offset: q.page * q.size });
    return { list: rows.map(toItem), total, page: q.page, size: q.size, ...wordsOnlyNotice(market) };
  });
  if (q.keyword?.trim()) logSearch(ctx, { target: "CATALOG_ITEMS", keyword: q.keyword.trim(), filters: loggedFilters(q), resultCount, startedAt, fromCache });
  return answer;
}
