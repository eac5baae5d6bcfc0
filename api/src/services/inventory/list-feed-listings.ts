import type { QueryOf, ResponseOf, productFeeds } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as feeds from "../../queries/inventory/feed-listings";
import { toFeedListingDto } from "./feed-listing-dto";

/** One tab of the store's SKUs as the product feeds list them, searched and paged in SQL, with every tab's count. */
export async function listFeedListings(ctx: UserContext, query: QueryOf<typeof productFeeds.listFeedListings>): Promise<ResponseOf<typeof productFeeds.listFeedListings>> {
  requirePermission(ctx, "store.read");
  const storeId = ctx.auth.storeId;
  const [{ list, total }, counts] = await Promise.all([
    feeds.listFeedListings(ctx.pool, storeId, { filter: query.filter, search: query.search || undefined, limit: query.size, offset: query.page * query.size }),
    feeds.countFeedListings(ctx.pool, storeId),
  ]);
  return { list: list.map(toFeedListingDto), total, page: query.page, size: query.size, counts };
}
