import type { QueryOf, ResponseOf, marketplace } from "@atelier/contracts";
import type { RequestContext, UserContext } from "../../context";
import { notFound } from "../../errors";
import { findStoreReview, listReviewRows } from "../../queries/marketplace/reviews";
import { supplierExists } from "../../queries/marketplace/suppliers";
import { toReview } from "./dto";

type ReviewPage = QueryOf<typeof marketplace.listSupplierReviews>;

/** A supplier's reviews, newest first; isMine marks the caller store's own (the only one with mine=true). */
export async function listSupplierReviews(ctx: UserContext, q: ReviewPage) {
  if (!q.mine) return readReviews(ctx, q, ctx.auth.storeId);
  if (!(await supplierExists(ctx.pool, q.supplierId))) throw notFound("The supplier");
  const own = await findStoreReview(ctx.pool, q.supplierId, ctx.auth.storeId);
  return { list: own ? [toReview(own, ctx.auth.storeId)] : [], total: own ? 1 : 0, page: 0, size: q.size };
}

/** The same list for the public supplier preview: no caller, so nothing is marked as its own. */
export function listPublicSupplierReviews(ctx: RequestContext, q: ReviewPage) {
  return readReviews(ctx, q, null);
}

async function readReviews(ctx: RequestContext, q: Omit<ReviewPage, "mine">, storeId: string | null): Promise<ResponseOf<typeof marketplace.listSupplierReviews>> {
  if (!(await supplierExists(ctx.pool, q.supplierId))) throw notFound("The supplier");
  const { rows, total } = await listReviewRows(ctx.pool, q.supplierId, { limit: q.size, offset: q.page * q.size });
  return { list: rows.map((r) => toReview(r, storeId)), total, page: q.page, size: q.size };
}
