import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import * as q from "../../queries/order-rules/rules";
import { findRule } from "./get-order-rule";

/** Deletes a rule; its holds stay open, named after it, until someone releases them. */
export async function deleteOrderRule(ctx: UserContext, id: string): Promise<{ deleted: true }> {
  requirePermission(ctx, "store.settings.write");
  return withTransaction(ctx.pool, async (tx) => {
    await findRule(tx, ctx, id, true);
    await q.deleteRule(tx, ctx.auth.storeId, id);
    return { deleted: true as const };
  });
}
