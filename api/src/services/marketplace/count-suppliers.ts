import type { QueryOf, marketplace } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { countRows } from "../../queries/marketplace/search";
import { resolveMarketQuery } from "./market-query";
import { withKeptMatches } from "./search-cache";

/** How many suppliers match the keyword and filters. */
export async function countSuppliers(ctx: UserContext, q: QueryOf<typeof marketplace.countSuppliers>): Promise<{ count: number }> {
  return { count: await countRows(ctx.pool, await withKeptMatches(ctx, await resolveMarketQuery(ctx, q, "suppliers"), "suppliers"), "suppliers") };
}
