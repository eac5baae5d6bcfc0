import type { ResponseOf, plans } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { listCreditMovements } from "../../queries/plans";

/** The credit ledger, newest first. */
export async function listAiCreditMovements(ctx: UserContext, page: { page: number; size: number }): Promise<ResponseOf<typeof plans.listAiCreditMovements>> {
  const { list, total } = await listCreditMovements(ctx.pool, ctx.auth.storeId, page.size, page.page * page.size);
  return {
    list: list.map((m) => ({ id: m.id, delta: m.delta, balanceAfter: m.balance_after, reason: m.reason, chargeId: m.charge_id, createdAt: m.created_at.toISOString() })),
    total,
    page: page.page,
    size: page.size,
  };
}
