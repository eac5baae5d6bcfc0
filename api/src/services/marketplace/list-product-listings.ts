import type { UserContext } from "../../context";
import { findVerticalCategory } from "../../queries/marketplace/categories";
import { searchItemRows } from "../../queries/marketplace/search";
import { toItem } from "./dto";

/** The catalogue page by page (defaults: page 0, size 100, -rankedAt, no sample kits). */
export async function listProductListings(ctx: UserContext, q: { page: number; size: number; sort: "-rankedAt" | "-rank" | "-enabledAt"; isSampleKit: boolean; vertical?: string; supplierId?: string }) {
  const verticalId = q.vertical ? ((await findVerticalCategory(ctx.pool, q.vertical))?.id ?? -1) : undefined;
  const { rows, total } = await searchItemRows(ctx.pool, { sort: q.sort, isSampleKit: q.isSampleKit, verticalId, supplierId: q.supplierId }, { limit: q.size, offset: q.page * q.size });
  return { list: rows.map(toItem), total, page: q.page, size: q.size };
}
