import type { RequestContext, UserContext } from "../../context";
import { signReviewLink, verifyReviewLink } from "../../auth/review-links";
import { conflict, notFound } from "../../errors";
import { getOrderItem, getPaidOrderRelation, hasPaidOrderFrom } from "../../queries/purchasing/order-items";

// Who has a real relationship with a supplier: a store with a paid order from it (issue 14, item 6).
// Reviews ask here rather than reading purchasing's tables themselves.

/** Whether the store has paid for an order from the supplier. */
export function storeHasOrderedFrom(ctx: RequestContext, storeId: string, supplierId: string): Promise<boolean> {
  return hasPaidOrderFrom(ctx.pool, storeId, supplierId);
}

/** The signed link to review a paid order item's supplier without an account. */
export async function getSupplierReviewLink(ctx: UserContext, orderItemId: string) {
  const item = await getOrderItem(ctx.pool, ctx.auth.storeId, orderItemId);
  if (!item) throw notFound("Order item");
  const relation = await getPaidOrderRelation(ctx.pool, orderItemId);
  if (!relation) throw conflict("This order item is not paid for yet (or has no supplier): its supplier can be reviewed once it is.");
  const reviewToken = signReviewLink(ctx.tokens.reviewLinkKey, orderItemId);
  const url = `${ctx.config.webOrigin.split(",")[0]}/supplier-profile/${relation.supplier_id}/post-review?reviewToken=${encodeURIComponent(reviewToken)}`;
  return { url, supplierId: relation.supplier_id, reviewToken };
}

/** The store and supplier a review link proves, or null for a forged, unknown or unpaid one. */
export async function reviewLinkRelationship(ctx: RequestContext, reviewToken: string): Promise<{ storeId: string; supplierId: string } | null> {
  const orderItemId = verifyReviewLink(ctx.tokens.reviewLinkKey, reviewToken);
  if (!orderItemId) return null;
  const relation = await getPaidOrderRelation(ctx.pool, orderItemId);
  return relation && { storeId: relation.store_id, supplierId: relation.supplier_id };
}
