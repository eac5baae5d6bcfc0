import { randomBytes } from "node:crypto";
import type { ProductFeedStatus } from "@atelier/contracts/product-feeds";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as tokens from "../../queries/sales-channels/feed-tokens";
import { feedStatus } from "./product-feed-status";

// The feed's address is its key: the platforms fetch it without a session, so it carries 256 bits
// of randomness. Kept readable in the database (not hashed) because the page shows it again each
// visit, as Shopify shows its feed links; what it opens is the store's public product data.

/** Makes the feeds' address, replacing (and so stopping) the one the store had. */
export async function createProductFeedUrl(ctx: UserContext): Promise<ProductFeedStatus> {
  requirePermission(ctx, "marketing.manage");
  await tokens.replaceFeedToken(ctx.pool, ctx.auth.storeId, randomBytes(32).toString("base64url"));
  return feedStatus(ctx);
}

/** Stops the feeds' address. */
export async function revokeProductFeedUrl(ctx: UserContext): Promise<ProductFeedStatus> {
  requirePermission(ctx, "marketing.manage");
  await tokens.deleteFeedToken(ctx.pool, ctx.auth.storeId);
  return feedStatus(ctx);
}
