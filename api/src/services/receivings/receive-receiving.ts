import type { BodyOf } from "@atelier/contracts";
import type { ReceivingDetail, ReceivingRef, ReceivingStatus, receiveReceiving as contract } from "@atelier/contracts/receivings";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict, invalid } from "../../errors";
import * as incoming from "../../queries/inventory/incoming";
import * as movements from "../../queries/inventory/movements";
import * as stock from "../../queries/inventory/stock";
import * as q from "../../queries/receivings/receivings";
import { recordStorageFee } from "../fees/record-storage-fee";
import { stockArrived } from "../inventory/stock-arrived";
import { findReceiving, publishReceivingUpdated, receivingDetail, snOf } from "./receiving-detail";
import { assertOpen } from "./receiving-transitions";

const units = (n: number) => `${n} unit${n === 1 ? "" : "s"}`;

/**
 * Counts units at the dock. Received units go on hand in the line's bin (a RECEIVED movement naming
 * the receiving); damaged ones are recorded on the line and never stocked; both leave incoming.
 * Counts add up over several calls (a partial receiving); `finish` ends a short one, taking what
 * never came out of incoming. The receiving status follows: PARTIAL until every expected unit is
 * counted, then RECEIVED; the delivery becomes "received by the provider".
 */
export async function receiveReceiving(ctx: UserContext, ref: ReceivingRef, body: BodyOf<typeof contract>): Promise<ReceivingDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const row = await findReceiving(tx, ctx, ref, true);
    const sn = snOf(row.number);
    assertOpen("receive", row);
    const lines = (await q.linesOf(tx, storeId, [row.id])).get(row.id) ?? [];
    const bySku = new Map(lines.map((l) => [l.sku.toLowerCase(), l]));
    const seen = new Set<string>();
    body.lines.forEach((c, i) => {
      const k = c.sku.toLowerCase();
      if (!bySku.has(k)) throw invalid(`body.lines.${i}.sku`, `is not a SKU of receiving ${sn}`);
      if (seen.has(k)) throw invalid(`body.lines.${i}.sku`, "appears twice; count all its units on one line");
      seen.add(k);
    });
    const levels = await stock.lockLevelsOf(tx, storeId, [...new Set(lines.map((l) => l.itemId))]);
    const levelOf = (l: q.ReceivingLineRow) => levels.find((v) => v.itemId === l.itemId && v.bin === l.bin)!;
    for (const c of body.lines) {
      const line = bySku.get(c.sku.toLowerCase())!;
      const left = line.expected - line.received - line.damaged;
      if (c.received + c.damaged > left) {
        throw conflict(`Receiving ${sn} expects ${units(line.expected)} of ${line.sku} and ${units(line.expected - left)} were counted, so at most ${units(left)} more can be counted. Add an overage to the inventory as an adjustment.`);
      }
      const level = levelOf(line);
      await incoming.changeIncoming(tx, storeId, level.id, -(c.received + c.damaged));
      if (c.received > 0) {
        const after = await stock.changeLevel(tx, storeId, level.id, { onHand: c.received });
        await movements.appendMovement(tx, storeId, {
          itemId: line.itemId, bin: line.bin, kind: "RECEIVED", onHandChange: c.received, reservedChange: 0, onHandAfter: after.onHand, reservedAfter: after.reserved,
          note: `Received in ${sn}${c.damaged ? `; ${units(c.damaged)} damaged, not stocked` : ""}`, actorUserId: ctx.auth.userId,
        });
        // 000 §9: the first units in a bin secure it for 12 months (charged once per period).
        await recordStorageFee(ctx, tx, storeId, { sku: line.sku, bin: line.bin, receivingId: row.id, receivingNumber: row.number });
      }
      await q.addCounts(tx, storeId, line.id, c.received, c.damaged);
      await q.insertReceipt(tx, storeId, { receivingId: row.id, lineId: line.id, received: c.received, damaged: c.damaged, note: body.note ?? "", userId: ctx.auth.userId });
      line.received += c.received;
      line.damaged += c.damaged;
    }
    // The units counted go to pre-orders first, then held orders and backorders, before any new order can take them.
    await stockArrived(ctx, tx, storeId, body.lines.filter((c) => c.received > 0).map((c) => bySku.get(c.sku.toLowerCase())!.sku), { words: `stock counted in on ${sn}`, userId: ctx.auth.userId });
    const counted = lines.reduce((s, l) => s + l.received + l.damaged, 0);
    const expected = lines.reduce((s, l) => s + l.expected, 0);
    if (body.finish) {
      // What never came stops counting as incoming.
      for (const l of lines) {
        const rest = l.expected - l.received - l.damaged;
        if (rest > 0) await incoming.changeIncoming(tx, storeId, levelOf(l).id, -rest);
      }
    }
    const status: ReceivingStatus = counted >= expected ? "RECEIVED" : counted > 0 ? "PARTIAL" : "NONE";
    if (body.finish && status === "NONE") throw conflict(`Nothing of receiving ${sn} was counted; cancel it instead of finishing it.`);
    await q.setReceivingStatus(tx, storeId, row.id, status, body.finish && status !== "RECEIVED");
    if (row.deliveryStatus !== "RECEIVED_BY_PROVIDER") await q.setDelivery(tx, storeId, row.id, "RECEIVED_BY_PROVIDER", { carrier: null, trackingNumber: null });
    const detail = await receivingDetail(tx, ctx, { id: row.id });
    publishReceivingUpdated(tx, storeId, detail);
    return detail;
  });
}
