import type { RequestContext } from "../../context";
import { AppError, conflict, invalid, notFound } from "../../errors";
import { reviewLinkRelationship } from "../purchasing/supplier-relationship";
import { countEmailReviewsSince, findEmailReview, findStoreReview, insertReview } from "../../queries/marketplace/reviews";
import { supplierExists } from "../../queries/marketplace/suppliers";
import { toReview } from "./dto";

/** Reviews one e-mail address may post in a day: stops a script flooding suppliers' pages. */
export const PUBLIC_REVIEWS_PER_EMAIL_PER_DAY = 5;

/**
 * A review from the public supplier page: one per e-mail and supplier, a few per e-mail a day. Anyone
 * can type any e-mail, so it proves no relationship with the supplier: it is held for moderation and
 * neither counted in the rating nor listed (docs/security.md). Stores that ordered review logged in.
 */
export async function postPublicSupplierReview(ctx: RequestContext, supplierId: string, body: { authorName: string; email: string; rating: number; title: string; body: string; reviewToken?: string }) {
  if (!(await supplierExists(ctx.pool, supplierId))) throw notFound("The supplier");
  if (body.reviewToken) return postLinkedReview(ctx, supplierId, { ...body, reviewToken: body.reviewToken });
  if (await findEmailReview(ctx.pool, supplierId, body.email)) throw conflict("This e-mail address has already reviewed this supplier.");
  if ((await countEmailReviewsSince(ctx.pool, body.email, 24)) >= PUBLIC_REVIEWS_PER_EMAIL_PER_DAY) {
    throw new AppError("RATE_LIMITED", `At most ${PUBLIC_REVIEWS_PER_EMAIL_PER_DAY} reviews a day from one e-mail address. Try again tomorrow.`);
  }
  try {
    const row = await insertReview(ctx.pool, { supplierId, storeId: null, authorName: body.authorName, authorEmail: body.email, rating: body.rating, title: body.title, body: body.body, held: true });
    return toReview(row, null);
  } catch (err) {
    if ((err as { code?: string }).code === "23505") throw conflict("This e-mail address has already reviewed this supplier.");
    throw err;
  }
}

const ALREADY_REVIEWED = "This store has already reviewed this supplier: one review per store and supplier.";

/**
 * A review through a signed per-order review link: the link proves the ordering store's relationship
 * with the supplier, so the review is that store's one review of it and counts at once.
 */
async function postLinkedReview(ctx: RequestContext, supplierId: string, body: { authorName: string; email: string; rating: number; title: string; body: string; reviewToken: string }) {
  const relation = await reviewLinkRelationship(ctx, body.reviewToken);
  if (!relation || relation.supplierId !== supplierId) throw invalid("body.reviewToken", "is not a valid review link for this supplier: ask the store for a new link, or post without it");
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
