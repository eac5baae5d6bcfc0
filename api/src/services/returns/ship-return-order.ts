import type { BodyOf } from "@atelier/contracts";
import type { ReturnOrder, shipReturnOrder as contract } from "@atelier/contracts/returns";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/returns/returns";
import { publishOrderUpdated } from "../orders/publish-order-updated";
import { findReturn, returnDetail, type ReturnRef } from "./return-detail";
import { assertStep } from "./return-transitions";

/** The customer sent the return back: CREATED → SHIPPING, with its tracking when known. */
export async function shipReturnOrder(ctx: UserContext, ref: ReturnRef, body: BodyOf<typeof contract>): Promise<ReturnOrder> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const row = await findReturn(tx, ctx, ref, true);
    assertStep("ship", `RMA-${row.number}`, row.status);
    await q.markShipping(tx, storeId, row.id, { carrier: body.carrier ?? null, trackingNumber: body.trackingNumber ?? null });
    const via = body.trackingNumber ? ` (${[body.carrier, body.trackingNumber].filter(Boolean).join(" ")})` : "";
    await ledger.appendEvent(tx, storeId, row.orderId, { kind: "RETURN_SHIPPING", fromStatus: row.status, toStatus: "SHIPPING", message: `Return RMA-${row.number} is on its way back${via}`, actorUserId: ctx.auth.userId });
    await publishOrderUpdated(tx, storeId, row.orderId);
    return returnDetail(tx, ctx, { id: row.id });
  });
}
