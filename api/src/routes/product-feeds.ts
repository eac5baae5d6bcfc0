import { productFeeds } from "@atelier/contracts";
import { route } from "../http/route";
import { listFeedListings } from "../services/inventory/list-feed-listings";
import { updateFeedListing } from "../services/inventory/update-feed-listing";
import { downloadProductFeed } from "../services/sales-channels/download-product-feed";
import { getProductFeedStatus } from "../services/sales-channels/product-feed-status";
import { createProductFeedUrl, revokeProductFeedUrl } from "../services/sales-channels/product-feed-url";

export const productFeedsRoutes = [
  route(productFeeds.getProductFeedStatus, ({ ctx }) => getProductFeedStatus(ctx)),
  route(productFeeds.listFeedListings, ({ ctx, query }) => listFeedListings(ctx, query)),
  route(productFeeds.updateFeedListing, ({ ctx, params, body }) => updateFeedListing(ctx, params.sku, body)),
  route(productFeeds.createProductFeedUrl, ({ ctx }) => createProductFeedUrl(ctx)),
  route(productFeeds.revokeProductFeedUrl, ({ ctx }) => revokeProductFeedUrl(ctx)),
  route(productFeeds.downloadProductFeed, ({ ctx, params }) => downloadProductFeed(ctx, params.platform)),
];
