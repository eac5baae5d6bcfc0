import type { QueryOf, ResponseOf, marketplace } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { countItemsByGroup } from "../../queries/marketplace/search";
import { resolveMarketQuery } from "./market-query";
import { withKeptMatches } from "./search-cache";

type Result = ResponseOf<typeof marketplace.countCatalogItemsByCategoryGroup>;

/** Matching items per category group, largest first: the facet list beside the results. */
export async function countCatalogItemsByCategoryGroup(ctx: UserContext, q: QueryOf<typeof marketplace.countCatalogItemsByCategoryGroup>): Promise<Result> {
  const rows = await countItemsByGroup(ctx.pool, await withKeptMatches(ctx, await resolveMarketQuery(ctx, q, "items"), "items"));
  return { list: rows.map((r) => ({ categoryId: r.category_id, key: r.key, title: r.title, vertical: r.vertical as Result["list"][number]["vertical"], count: r.count })) };
}
