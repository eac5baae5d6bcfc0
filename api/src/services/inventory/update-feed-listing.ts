import type { BodyOf, productFeeds } from "@atelier/contracts";
import type { FeedListing } from "@atelier/contracts/product-feeds";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { notFound } from "../../errors";
import * as feeds from "../../queries/inventory/feed-listings";
import { toFeedListingDto } from "./feed-listing-dto";

/** Sets what the product feeds say of one SKU; answers the listing with what it still misses. */
export async function updateFeedListing(ctx: UserContext, sku: string, body: BodyOf<typeof productFeeds.updateFeedListing>): Promise<FeedListing> {
  requirePermission(ctx, "marketing.manage");
  return withTransaction(ctx.pool, async (tx) => {
    const before = await feeds.getFeedListing(tx, ctx.auth.storeId, sku);
    if (!before) throw notFound(`SKU ${sku}`);
    await feeds.upsertFeedListing(tx, ctx.auth.storeId, before.itemId, body);
    const after = await feeds.getFeedListing(tx, ctx.auth.storeId, sku);
    return toFeedListingDto(after ?? before);
  });
}
