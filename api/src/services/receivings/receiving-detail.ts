import type { Receiving, ReceivingDetail, ReceivingRef } from "@atelier/contracts/receivings";
import type { UserContext } from "../../context";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import { userNames } from "../../queries/accounts";
import { publishAfterCommit } from "../../realtime";
import * as q from "../../queries/receivings/receivings";
import { boxesOf } from "./receiving-boxes";

export const snOf = (n: number) => `RCV-${n}`;

/** A receiving of the caller's store; another store's is 404 like one that doesn't exist. */
export async function findReceiving(db: Queryable, ctx: UserContext, ref: ReceivingRef, lock = false): Promise<q.ReceivingRow> {
  const row = await q.getReceiving(db, ctx.auth.storeId, ref, lock);
  if (!row) throw notFound(ref.number !== undefined ? `Receiving ${snOf(ref.number)}` : "The receiving");
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toReceivingDto(r: q.ReceivingRow, lines: q.ReceivingLineRow[]): Receiving {
  // A canceled or closed receiving brings nothing more: nothing is outstanding on it.
  const ended = r.canceledAt !== null || r.closedAt !== null;
  const dtoLines = lines.map((l) => ({
    id: l.id, sku: l.sku, title: l.title, bin: l.bin, expected: l.expected, received: l.received, damaged: l.damaged,
    outstanding: ended ? 0 : l.expected - l.received - l.damaged,
  }));
  const sum = (k: "expected" | "received" | "damaged" | "outstanding") => dtoLines.reduce((s, l) => s + l[k], 0);
  return {
    id: r.id, sn: snOf(r.number), number: r.number, deliveryStatus: r.deliveryStatus, receivingStatus: r.receivingStatus,
    canceled: r.canceledAt !== null, cancelReason: r.cancelReason, closed: r.closedAt !== null,
    supplierName: r.supplierName, boxCount: r.boxCount, carrier: r.carrier, trackingNumber: r.trackingNumber, expectedArrival: r.expectedArrival, note: r.note, orderItemId: r.orderItemId,
    lines: dtoLines, totals: { expected: sum("expected"), received: sum("received"), damaged: sum("damaged"), outstanding: sum("outstanding") },
    createdAt: r.createdAt.toISOString(), shippedAt: iso(r.shippedAt), arrivedAt: iso(r.arrivedAt), receivedAt: iso(r.receivedAt), canceledAt: iso(r.canceledAt),
  };
}

/** Receivings of one store with their lines, as the list shows them. */
export async function receivingDtos(db: Queryable, storeId: string, rows: q.ReceivingRow[]): Promise<Receiving[]> {
  const lines = await q.linesOf(db, storeId, rows.map((r) => r.id));
  return rows.map((r) => toReceivingDto(r, lines.get(r.id) ?? []));
}

/** One receiving as read in db: lines and the counts entered at the dock with who entered them. */
export async function receivingDetail(db: Queryable, ctx: UserContext, ref: ReceivingRef): Promise<ReceivingDetail> {
  const row = await findReceiving(db, ctx, ref);
  const [dto] = await receivingDtos(db, ctx.auth.storeId, [row]);
  const receipts = await q.receiptsOf(db, ctx.auth.storeId, row.id);
  const boxes = await boxesOf(db, ctx.auth.storeId, row.id);
  const names = await userNames(db, receipts.map((p) => p.actorUserId));
  return {
    ...dto!,
    receipts: receipts.map((p) => ({ sku: p.sku, received: p.received, damaged: p.damaged, note: p.note, userName: p.actorUserId ? (names.get(p.actorUserId) ?? null) : null, createdAt: p.createdAt.toISOString() })),
    boxes,
  };
}

/** Tells the store's open screens the receiving (and so the stock) changed, once db's transaction commits. */
export function publishReceivingUpdated(db: Queryable, storeId: string, r: ReceivingDetail): void {
  publishAfterCommit(db, { name: "receiving.updated", to: { storeId }, payload: { receivingId: r.id, sn: r.sn, deliveryStatus: r.deliveryStatus, receivingStatus: r.receivingStatus } });
}
