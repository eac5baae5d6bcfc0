import type { UserContext } from "../../context";
import { insertDetailView } from "../../queries/marketplace/search-log";

/**
 * Records a supplier detail view. Tracking must never fail the page that sends it (000 §8: a
 * failed send is only logged): an unknown supplier or a failed write is logged and answered 202.
 */
export async function trackSupplierDetailView(ctx: UserContext, body: { supplierId: string; itemId?: string; source?: string }): Promise<{ accepted: true; recorded: boolean }> {
  try {
    await insertDetailView(ctx.pool, { storeId: ctx.auth.storeId, supplierId: body.supplierId, itemId: body.itemId ?? null, source: body.source ?? "" });
    return { accepted: true, recorded: true };
  } catch (err) {
    ctx.log.info({ err, supplierId: body.supplierId }, "detail view not recorded");
    return { accepted: true, recorded: false };
  }
}
