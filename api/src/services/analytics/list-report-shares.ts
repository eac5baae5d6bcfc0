import type { analytics, QueryOf, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { listShares } from "../../queries/analytics/shares";
import { toShareDto } from "./share-dto";

/** The store's report links, newest first, paged. */
export async function listReportShares(ctx: UserContext, query: QueryOf<typeof analytics.listReportShares>): Promise<ResponseOf<typeof analytics.listReportShares>> {
  const { rows, total } = await listShares(ctx.pool, ctx.auth.storeId, query.size, query.page * query.size);
  return { list: rows.map(toShareDto), total, page: query.page, size: query.size };
}
