import type { UserContext } from "../../context";
import { searchSupplierRows } from "../../queries/marketplace/search";
import { storeTasteVector, supplierRowsNearVector } from "../../queries/marketplace/suppliers";
import { keywordOf } from "./market-query";
import { verticalsLeftOut } from "./service-query";
import { toSupplier } from "./dto";

/**
 * Suppliers for this store. With a keyword: keyword search (relevance). Without: closest to the
 * suppliers it viewed and favourited; featured suppliers when it has no history yet.
 */
export async function searchSuppliersForYou(ctx: UserContext, q: { keyword?: string; page: number; size: number }) {
  const page = { limit: q.size, offset: q.page * q.size };
  const keyword = await keywordOf(ctx.providers.embeddings, q.keyword);
  const taste = keyword ? null : await storeTasteVector(ctx.pool, ctx.auth.storeId);
  const { rows, total } = taste?.vector
    ? await supplierRowsNearVector(ctx.pool, taste.vector, page)
    : await searchSupplierRows(ctx.pool, { keyword, excludedVerticals: verticalsLeftOut(q.keyword), sort: keyword ? "relevance" : "-rank" }, page);
  return { list: rows.map(toSupplier), total, page: q.page, size: q.size };
}
