import type { RequestContext } from "../../context";
import { AppError, conflict, notFound } from "../../errors";
import { countEmailReviewsSince, findEmailReview, insertReview } from "../../queries/marketplace/reviews";
import { supplierExists } from "../../queries/marketplace/suppliers";
import { toReview } from "./dto";

/** Reviews one e-mail address may post in a day: stops a script flooding suppliers' pages. */
export const PUBLIC_REVIEWS_PER_EMAIL_PER_DAY = 5;

/**
 * A review from the public supplier page: one per e-mail and supplier, a few per e-mail a day. Anyone
 * can type any e-mail, so it proves no relationship with the supplier: it is held for moderation and
 * neither counted in the rating nor listed (docs/security.md). Stores that ordered review logged in.
 */
export async function postPublicSupplierReview(ctx: RequestContext, supplierId: string, body: { authorName: string; email: string; rating: number; title: string; body: string }) {
  if (!(await supplierExists(ctx.pool, supplierId))) throw notFound("The supplier");
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
