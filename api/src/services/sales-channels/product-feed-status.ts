import { FEED_PLATFORMS, publicFeedPath, type FeedPlatform, type ProductFeedStatus } from "@atelier/contracts/product-feeds";
import type { UserContext } from "../../context";
import type { Queryable } from "../../db/pool";
import { requirePermission } from "../../auth/permissions";
import * as tokens from "../../queries/sales-channels/feed-tokens";
import { countFeedReadiness } from "../inventory/ready-feed-listings";

const skus = (n: number) => `${n.toLocaleString("en-US")} SKU${n === 1 ? "" : "s"}`;

function summary(ready: number, notReady: number, hasUrl: boolean): string {
  if (ready + notReady === 0) return "Your inventory has no SKUs yet: add products on the Inventory screen, then give each a picture, a link and a price for the feeds.";
  const inFeed = ready ? `${skus(ready)} ${ready === 1 ? "is" : "are"} in the feeds` : "No SKU is in the feeds yet";
  const left = notReady ? `; ${skus(notReady)} ${notReady === 1 ? "is" : "are"} left out until you add what ${notReady === 1 ? "it misses" : "they miss"}` : "";
  const url = hasUrl ? "" : " Make the feed address to give to Google Merchant Center or Meta Commerce Manager.";
  return `${inFeed}${left}.${url}`;
}

/** The status as read in db: counts, addresses and the sentence. */
export async function feedStatus(ctx: UserContext, db: Queryable = ctx.pool): Promise<ProductFeedStatus> {
  const storeId = ctx.auth.storeId;
  const [counts, token] = await Promise.all([countFeedReadiness(db, storeId), tokens.getFeedToken(db, storeId)]);
  const origin = ctx.config.webOrigin.split(",")[0] ?? "";
  const urls = token ? (Object.fromEntries(FEED_PLATFORMS.map((p) => [p, `${origin}${publicFeedPath(token.token, p)}`])) as Record<FeedPlatform, string>) : null;
  return {
    skuCount: counts.ALL,
    readyCount: counts.READY,
    notReadyCount: counts.NOT_READY,
    urls,
    urlCreatedAt: token?.createdAt.toISOString() ?? null,
    lastFetchedAt: token?.lastFetchedAt?.toISOString() ?? null,
    summary: summary(counts.READY, counts.NOT_READY, token !== null),
  };
}

/** How the store's product feeds stand. */
export async function getProductFeedStatus(ctx: UserContext): Promise<ProductFeedStatus> {
  requirePermission(ctx, "store.read");
  return feedStatus(ctx);
}
