import type { SupplierScorecard } from "@atelier/contracts/supplier-scorecards";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { notFound } from "../../errors";
import { storeSupplierRecords } from "./supplier-records";
import { scoreSupplier } from "./score-suppliers";

/** One marketplace supplier's scorecard from the store's own records (hasDealings false when there are none). */
export async function getSupplierScorecard(ctx: UserContext, supplierId: string): Promise<SupplierScorecard> {
  requirePermission(ctx, "sourcing.use");
  const records = (await storeSupplierRecords(ctx.pool, ctx.auth.storeId, supplierId)).find((r) => r.supplierId === supplierId);
  if (!records) throw notFound("The supplier");
  return scoreSupplier(records, new Date().toISOString().slice(0, 10));
}
