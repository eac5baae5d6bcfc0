import type { BoxContents, ReceivingBox } from "@atelier/contracts/receiving-boxes";
import type { Queryable } from "../../db/pool";
import * as boxes from "../../queries/receivings/boxes";
import type { ReceivingLineRow } from "../../queries/receivings/receivings";

// A receiving's packing list (issue 16) read into boxes, and written from them by SKU.

/** The boxes of a receiving, box 1 first; empty when no packing list was given. */
export async function boxesOf(db: Queryable, storeId: string, receivingId: string): Promise<ReceivingBox[]> {
  const byBox = new Map<number, ReceivingBox>();
  for (const r of await boxes.boxLinesOf(db, storeId, receivingId)) {
    if (!byBox.has(r.boxNumber)) byBox.set(r.boxNumber, { number: r.boxNumber, lines: [] });
    byBox.get(r.boxNumber)!.lines.push({ sku: r.sku, title: r.title, quantity: r.quantity });
  }
  return [...byBox.values()];
}

/** Replaces the packing list with `list` (already checked against the lines) and sets the box count to its length. */
export async function writeBoxes(tx: Queryable, storeId: string, receivingId: string, lines: ReceivingLineRow[], list: BoxContents[]): Promise<void> {
  const lineBySku = new Map(lines.map((l) => [l.sku.toLowerCase(), l.id]));
  const rows = list.flatMap((box, b) => box.lines.map((l) => ({ boxNumber: b + 1, lineId: lineBySku.get(l.sku.trim().toLowerCase())!, quantity: l.quantity })));
  await boxes.replaceBoxLines(tx, storeId, receivingId, rows);
  await boxes.setBoxCount(tx, storeId, receivingId, list.length);
}
