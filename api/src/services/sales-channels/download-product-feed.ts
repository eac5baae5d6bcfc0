import type { FeedPlatform } from "@atelier/contracts/product-feeds";
import type { RequestContext, UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as tokens from "../../queries/sales-channels/feed-tokens";
import { readyFeedListings } from "../inventory/ready-feed-listings";
import { feedFile } from "./product-feed-files";

/** One platform's feed as a file to upload by hand. */
export async function downloadProductFeed(ctx: UserContext, platform: FeedPlatform) {
  requirePermission(ctx, "store.read");
  return feedFile(platform, await readyFeedListings(ctx.pool, ctx.auth.storeId));
}

/** The feed a platform fetches with the store's secret address; null when the address is unknown or revoked. */
export async function fetchPublicFeed(ctx: RequestContext, token: string, platform: FeedPlatform) {
  // A malformed token cannot be one we made: no query for it.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const storeId = await tokens.storeOfFeedToken(ctx.pool, token);
  return storeId ? feedFile(platform, await readyFeedListings(ctx.pool, storeId)) : null;
}
