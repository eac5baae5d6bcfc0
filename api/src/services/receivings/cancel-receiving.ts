import type { ReceivingDetail, ReceivingRef } from "@atelier/contracts/receivings";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction, type Queryable } from "../../db/pool";
import * as incoming from "../../queries/inventory/incoming";
import * as stock from "../../queries/inventory/stock";
import * as q from "../../queries/receivings/receivings";
import { findReceiving, publishReceivingUpdated, receivingDetail } from "./receiving-detail";
import { assertOpen } from "./receiving-transitions";

/** Calls off a shipment nothing of which was counted: its units stop counting as incoming. */
export async function cancelReceiving(ctx: UserContext, ref: ReceivingRef, reason: string): Promise<ReceivingDetail> {
  requirePermission(ctx, "orders.cancel");
  return withTransaction(ctx.pool, async (tx) => cancelLocked(tx, ctx, await findReceiving(tx, ctx, ref, true), reason));
}

/** Cancels a receiving already locked in the caller's transaction. */
export async function cancelLocked(tx: Queryable, ctx: UserContext, row: q.ReceivingRow, reason: string): Promise<ReceivingDetail> {
  const storeId = ctx.auth.storeId;
  assertOpen("cancel", row);
  const lines = (await q.linesOf(tx, storeId, [row.id])).get(row.id) ?? [];
  const levels = await stock.lockLevelsOf(tx, storeId, [...new Set(lines.map((l) => l.itemId))]);
  for (const l of lines) {
    const level = levels.find((v) => v.itemId === l.itemId && v.bin === l.bin)!;
    await incoming.changeIncoming(tx, storeId, level.id, -l.expected);
  }
  await q.markCanceled(tx, storeId, row.id, reason);
  const detail = await receivingDetail(tx, ctx, { id: row.id });
  publishReceivingUpdated(tx, storeId, detail);
  return detail;
}
