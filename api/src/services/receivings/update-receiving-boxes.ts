import type { BodyOf } from "@atelier/contracts";
import { boxProblems } from "@atelier/contracts/receiving-boxes";
import type { ReceivingDetail, ReceivingRef, updateReceivingBoxes as contract } from "@atelier/contracts/receivings";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { invalid } from "../../errors";
import * as q from "../../queries/receivings/receivings";
import { findReceiving, publishReceivingUpdated, receivingDetail } from "./receiving-detail";
import { assertOpen } from "./receiving-transitions";
import { writeBoxes } from "./receiving-boxes";

/**
 * Replaces what each box of a shipment holds (issue 16), while it can still arrive: the units of
 * each SKU across the boxes must be its expected units, and the box count follows the list.
 */
export async function updateReceivingBoxes(ctx: UserContext, ref: ReceivingRef, body: BodyOf<typeof contract>): Promise<ReceivingDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const row = await findReceiving(tx, ctx, ref, true);
    assertOpen("repack", row);
    const lines = (await q.linesOf(tx, storeId, [row.id])).get(row.id) ?? [];
    const problem = boxProblems(lines.map((l) => ({ sku: l.sku, expected: l.expected })), body.boxes)[0];
    if (problem) throw invalid(["body", "boxes", ...problem.path].join("."), problem.message);
    await writeBoxes(tx, storeId, row.id, lines, body.boxes);
    const detail = await receivingDetail(tx, ctx, { id: row.id });
    publishReceivingUpdated(tx, storeId, detail);
    return detail;
  });
}
