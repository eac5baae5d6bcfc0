import type { ReturnOrder } from "@atelier/contracts/returns";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import * as ledger from "../../queries/orders/ledger";
import * as orders from "../../queries/orders/orders";
import * as q from "../../queries/returns/returns";
import { publishOrderUpdated } from "../orders/publish-order-updated";
import { findReturn, returnDetail, type ReturnRef } from "./return-detail";
import { assertStep } from "./return-transitions";

/** Cancels an open return with a reason: no refund, and its units may be returned again. */
export async function cancelReturnOrder(ctx: UserContext, ref: ReturnRef, reason: string): Promise<ReturnOrder> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const peek = await findReturn(tx, ctx, ref);
    // The order first, then the return: the same lock order as creating one, so they never deadlock.
    await orders.getOrder(tx, storeId, { id: peek.orderId }, true);
    const row = await findReturn(tx, ctx, { id: peek.id }, true);
    assertStep("cancel", `RMA-${row.number}`, row.status);
    await q.markCanceled(tx, storeId, row.id, reason);
    await q.uncountReturnLines(tx, storeId, row.id);
    await ledger.appendEvent(tx, storeId, row.orderId, { kind: "RETURN_CANCELED", fromStatus: row.status, toStatus: "CANCELED", message: `Return RMA-${row.number} canceled: ${reason}`, actorUserId: ctx.auth.userId });
    await publishOrderUpdated(tx, storeId, row.orderId);
    return returnDetail(tx, ctx, { id: row.id });
  });
}
