import type { BodyOf } from "@atelier/contracts";
import type { createReceiving as contract, ReceivingDetail } from "@atelier/contracts/receivings";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction, type Queryable } from "../../db/pool";
import { invalid } from "../../errors";
import * as incoming from "../../queries/inventory/incoming";
import * as stock from "../../queries/inventory/stock";
import * as q from "../../queries/receivings/receivings";
import { publishReceivingUpdated, receivingDetail } from "./receiving-detail";
import { writeBoxes } from "./receiving-boxes";

/**
 * Announces an inbound shipment: a numbered receiving whose lines raise each SKU's incoming count
 * in the bin it will be stocked in (given, else the SKU's fullest bin, else A-01). A SKU new to the
 * inventory is added with the name given; without a name it is a 400 naming the line.
 */
export async function createReceiving(ctx: UserContext, body: BodyOf<typeof contract>): Promise<ReceivingDetail> {
  requirePermission(ctx, "orders.manage");
  return withTransaction(ctx.pool, (tx) => announceReceiving(tx, ctx, body));
}

/** The announcement in the caller's transaction; a sourcing purchase delivered to the center names itself. */
export async function announceReceiving(tx: Queryable, ctx: UserContext, body: BodyOf<typeof contract>, orderItemId: string | null = null): Promise<ReceivingDetail> {
  const storeId = ctx.auth.storeId;
  const known = await stock.itemsBySku(tx, storeId, body.lines.map((l) => l.sku));
  body.lines.forEach((l, i) => {
    if (!known.has(l.sku.toLowerCase()) && !l.title) throw invalid(`body.lines.${i}.title`, `is needed: ${l.sku} is not in your inventory yet, so give the product's name`);
  });
  const itemIds: string[] = [];
  for (const l of body.lines) {
    itemIds.push(known.get(l.sku.toLowerCase())?.id ?? (await stock.insertItem(tx, storeId, { sku: l.sku, title: l.title!, lowStockThreshold: 5 })));
  }
  const fullest = await incoming.fullestBins(tx, storeId, itemIds);
  const number = await q.nextNumber(tx, storeId);
  const id = await q.insertReceiving(tx, storeId, {
    number, supplierName: body.supplierName ?? "", boxCount: body.boxCount, carrier: body.carrier ?? null, trackingNumber: body.trackingNumber ?? null,
    expectedArrival: body.expectedArrival ?? null, note: body.note ?? "", userId: ctx.auth.userId, orderItemId,
  });
  for (const [position, l] of body.lines.entries()) {
    const itemId = itemIds[position]!;
    const bin = l.bin ?? fullest.get(itemId) ?? "A-01";
    const level = (await stock.lockLevel(tx, storeId, itemId, bin, true))!;
    await incoming.changeIncoming(tx, storeId, level.id, l.expectedQuantity);
    await q.insertLine(tx, storeId, id, { itemId, bin, position, expected: l.expectedQuantity });
  }
  // The contract checked the packing list against the lines: each SKU's boxes add up to its units.
  if (body.boxes) await writeBoxes(tx, storeId, id, (await q.linesOf(tx, storeId, [id])).get(id) ?? [], body.boxes);
  const detail = await receivingDetail(tx, ctx, { id });
  publishReceivingUpdated(tx, storeId, detail);
  return detail;
}
