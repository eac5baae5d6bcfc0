import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { reviewSummaryRow, supplierExists } from "../../queries/catalog";

/** Average, count and the 1–5 histogram of a supplier's reviews. */
export async function getSupplierReviewSummary(ctx: UserContext, supplierId: string) {
  if (!(await supplierExists(ctx.pool, supplierId))) throw notFound("The supplier");
  return { supplierId, ...(await reviewSummaryRow(ctx.pool, supplierId)) };
}
