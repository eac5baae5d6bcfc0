import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { listReviewRows, supplierExists } from "../../queries/catalog";
import { toReview } from "./to-dto";

/** A supplier's reviews, newest first; isMine marks the caller store's own. */
export async function listSupplierReviews(ctx: UserContext, q: { supplierId: string; page: number; size: number }) {
  if (!(await supplierExists(ctx.pool, q.supplierId))) throw notFound("The supplier");
  const { rows, total } = await listReviewRows(ctx.pool, q.supplierId, { limit: q.size, offset: q.page * q.size });
  return { list: rows.map((r) => toReview(r, ctx.auth.storeId)), total, page: q.page, size: q.size };
}
