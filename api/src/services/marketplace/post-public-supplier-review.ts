import type { RequestContext } from "../../context";
import { conflict, invalid, notFound } from "../../errors";
import { reviewLinkRelationship } from "../purchasing/supplier-relationship";
import { findStoreReview, insertReview } from "../../queries/marketplace/reviews";
import { supplierExists } from "../../queries/marketplace/suppliers";
import { toReview } from "./dto";

/**
 * A review from the public supplier page. Anyone can type any e-mail, so only a signed per-order
 * review link (sent by a store that ordered) proves a relationship with the supplier; without one
 * the review is refused with the ways that work, rather than kept where nobody would ever see it
 * (docs/security.md, item 6). Stores that ordered also review logged in.
 */
export async function postPublicSupplierReview(ctx: RequestContext, supplierId: string, body: { authorName: string; email: string; rating: number; title: string; body: string; reviewToken?: string }) {
  if (!(await supplierExists(ctx.pool, supplierId))) throw notFound("The supplier");
  if (!body.reviewToken) throw invalid("body.reviewToken", NO_LINK);
  return postLinkedReview(ctx, supplierId, { ...body, reviewToken: body.reviewToken });
}

/** Why a review without a link is refused, and what works instead. */
export const NO_LINK =
  "is missing: reviews count only from stores that ordered from this supplier. If your store ordered, log in and review it from the order; if someone else's store did, ask them for the order's review link";

const ALREADY_REVIEWED = "This store has already reviewed this supplier: one review per store and supplier.";

/**
 * A review through a signed per-order review link: the link proves the ordering store's relationship
 * with the supplier, so the review is that store's one review of it and counts at once.
 */
async function postLinkedReview(ctx: RequestContext, supplierId: string, body: { authorName: string; email: string; rating: number; title: string; body: string; reviewToken: string }) {
  const relation = await reviewLinkRelationship(ctx, body.reviewToken);
  if (!relation || relation.supplierId !== supplierId) throw invalid("body.reviewToken", "is not a valid review link for this supplier: ask the store that ordered for a new link");
  if (await findStoreReview(ctx.pool, supplierId, relation.storeId)) throw conflict(ALREADY_REVIEWED);
  try {
    const row = await insertReview(ctx.pool, { supplierId, storeId: relation.storeId, authorName: body.authorName, authorEmail: body.email, rating: body.rating, title: body.title, body: body.body });
    return toReview(row, null);
  } catch (err) {
    // Two posts with the same link at once: the unique index on (store, supplier) decides.
    if ((err as { code?: string }).code === "23505") throw conflict(ALREADY_REVIEWED);
    throw err;
  }
}
