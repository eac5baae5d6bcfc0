import type { ResponseOf } from "@atelier/contracts";
import type { getReceivingBoxLabels as contract, ReceivingRef } from "@atelier/contracts/receivings";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { receivingDetail } from "./receiving-detail";

/** Where a shipment's box labels download, and what each box holds (issue 16). */
export async function getBoxLabels(ctx: UserContext, ref: ReceivingRef): Promise<ResponseOf<typeof contract>> {
  requirePermission(ctx, "orders.manage");
  const r = await receivingDetail(ctx.pool, ctx, ref);
  return {
    sn: r.sn, supplierName: r.supplierName, boxCount: r.boxCount, listed: r.boxes.length > 0, boxes: r.boxes,
    documentPath: `/web/receivings/${r.sn}/box-labels/document`, fileName: boxLabelsFileName(r.sn),
  };
}

export const boxLabelsFileName = (sn: string) => `box-labels-${sn}.pdf`;
