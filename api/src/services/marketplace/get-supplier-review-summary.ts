import type { RequestContext } from "../../context";
import { notFound } from "../../errors";
import { reviewSummaryRow } from "../../queries/marketplace/reviews";
import { supplierExists } from "../../queries/marketplace/suppliers";

/** Average, count and the 1–5 histogram of a supplier's reviews (the same for stores and public visitors). */
export async function getSupplierReviewSummary(ctx: RequestContext, supplierId: string) {
  if (!(await supplierExists(ctx.pool, supplierId))) throw notFound("The supplier");
  return { supplierId, ...(await reviewSummaryRow(ctx.pool, supplierId)) };
}
