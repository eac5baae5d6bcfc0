import type { BodyOf } from "@atelier/contracts";
import type { ReceivingDetail, ReceivingRef, updateReceivingDelivery as contract } from "@atelier/contracts/receivings";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import * as q from "../../queries/receivings/receivings";
import { findReceiving, publishReceivingUpdated, receivingDetail } from "./receiving-detail";
import { assertForward, assertOpen } from "./receiving-transitions";

/** The shipment left the supplier (NOT_YET_DELIVERED, with its tracking) or reached the dock (IN_QUEUE). */
export async function updateReceivingDelivery(ctx: UserContext, ref: ReceivingRef, body: BodyOf<typeof contract>): Promise<ReceivingDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const row = await findReceiving(tx, ctx, ref, true);
    assertOpen("deliver", row);
    assertForward(row, body.status);
    await q.setDelivery(tx, storeId, row.id, body.status, { carrier: body.carrier ?? null, trackingNumber: body.trackingNumber ?? null });
    const detail = await receivingDetail(tx, ctx, { id: row.id });
    publishReceivingUpdated(tx, storeId, detail);
    return detail;
  });
}
