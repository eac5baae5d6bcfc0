import type { QueryOf, marketplace } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { countRows } from "../../queries/marketplace/search";
import { resolveMarketQuery } from "./market-query";
import { withKeptMatches } from "./search-cache";

/** How many catalog items match the keyword and filters. */
export async function countCatalogItems(ctx: UserContext, q: QueryOf<typeof marketplace.countCatalogItems>): Promise<{ count: number }> {
  return { count: await countRows(ctx.pool, await withKeptMatches(ctx, await resolveMarketQuery(ctx, q, "items", { supplierId: q.supplierId, isSampleKit: q.isSampleKit }), "items"), "items") };
}
