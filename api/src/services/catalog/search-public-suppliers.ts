import type { QueryOf, ResponseOf, catalog } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { searchSupplierRows } from "../../queries/catalog";
import { loggedFilters, resolveMarketQuery } from "./market-query";
import { logSearch } from "./search-log";
import { toSupplier } from "./to-dto";

/** Supplier search for visitors without an account (the storefront chatbot): the marketplace search, small pages, no store data. */
export async function searchPublicSuppliers(ctx: RequestContext, q: QueryOf<typeof catalog.searchPublicSuppliers>): Promise<ResponseOf<typeof catalog.searchPublicSuppliers>> {
  const startedAt = process.hrtime.bigint();
  const market = await resolveMarketQuery(ctx, q, "suppliers");
  const { rows, total } = await searchSupplierRows(ctx.pool, market, { limit: q.size, offset: q.page * q.size });
  if (q.keyword?.trim()) await logSearch(ctx, { target: "SUPPLIERS", keyword: q.keyword.trim(), filters: loggedFilters(q), resultCount: total, startedAt });
  return { list: rows.map(toSupplier), total, page: q.page, size: q.size };
}
