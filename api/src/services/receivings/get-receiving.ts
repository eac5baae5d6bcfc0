import type { ReceivingDetail, ReceivingRef } from "@atelier/contracts/receivings";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { receivingDetail } from "./receiving-detail";

/** One inbound shipment with its lines and the counts entered at the dock. */
export async function getReceiving(ctx: UserContext, ref: ReceivingRef): Promise<ReceivingDetail> {
  requirePermission(ctx, "orders.manage");
  return receivingDetail(ctx.pool, ctx, ref);
}
