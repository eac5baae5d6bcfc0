import type { Queryable } from "../../db/pool";
import * as parts from "../../queries/orders/fulfilment-parts";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { INVENTORY_RULE, reserveOrderStock, shortfallText } from "../inventory/order-stock";
import { statusAfterHolds } from "./order-rules";

type Split = { lineId: string; sku: string; now: number; later: number };

/** "2 × TEE-BLK-M and 1 × MUG-01" */
// In the order's own line order (migration 0430), so the ledger's sentence reads as the order was written.
const unitsText = (lines: { sku: string; quantity: number }[]) => lines.map((l) => `${l.quantity} × ${l.sku}`).join(lines.length > 2 ? ", " : " and ");

/**
 * A fulfilment rule's "split by stock" on an order that arrived short (the inventory rule holds it):
 * the units in stock now become part 1, reserved and free to ship; the rest becomes part 2, which
 * waits for stock (inventory/stock-arrived.ts opens it when stock arrives). The inventory's hold is
 * released in the rule's name, so the order waits only on holds other rules set. Nothing happens
 * when nothing is short or nothing is in stock; returns whether it split.
 */
export async function splitOrderByStock(tx: Queryable, storeId: string, orderId: string, rule: string): Promise<boolean> {
  const stockHold = (await ledger.openHolds(tx, storeId, orderId)).find((h) => h.setBy.rule === INVENTORY_RULE && h.setBy.userId === null);
  if (!stockHold || (await parts.listParts(tx, storeId, orderId)).length) return false;
  const lines = await q.listOrderLines(tx, storeId, orderId);
  // Asking for everything again reserves nothing and says what each short SKU has.
  const short = await reserveOrderStock(tx, storeId, orderId, lines, { userId: null, rule });
  if (!short.length) return false;
  const left = new Map(short.map((s) => [s.sku.toLowerCase(), s.available]));
  const split: Split[] = lines.map((l) => {
    const free = left.get(l.sku.toLowerCase());
    if (free === undefined) return { lineId: l.id, sku: l.sku, now: l.quantity, later: 0 };
    const now = Math.min(l.quantity, free);
    left.set(l.sku.toLowerCase(), free - now);
    return { lineId: l.id, sku: l.sku, now, later: l.quantity - now };
  });
  const now = split.filter((s) => s.now > 0);
  const later = split.filter((s) => s.later > 0);
  if (!now.length || !later.length) return false;
  // A kit's components can still fall short of what its count promised: then it stays whole, on hold.
  const stillShort = await reserveOrderStock(tx, storeId, orderId, now.map((s) => ({ id: s.lineId, sku: s.sku, quantity: s.now })), { userId: null, rule });
  if (stillShort.length) return false;

  const nowLines = now.map((s) => ({ lineId: s.lineId, sku: s.sku, quantity: s.now }));
  const laterLines = later.map((s) => ({ lineId: s.lineId, sku: s.sku, quantity: s.later }));
  const waitReason = `Waiting for stock: ${shortfallText(short)}`;
  await parts.insertPart(tx, storeId, orderId, { position: 1, status: "OPEN", waitReason: null, rule, lines: nowLines });
  await parts.insertPart(tx, storeId, orderId, { position: 2, status: "WAITING", waitReason, rule, lines: laterLines });
  await ledger.appendEvent(tx, storeId, orderId, {
    kind: "FULFILMENT_UPDATED", toStatus: "SPLIT", actorUserId: null, actorRule: rule,
    message: `Split by the rule "${rule}": ${unitsText(nowLines)} can ship now; ${unitsText(laterLines)} wait for stock as a backorder.`,
  });

  await ledger.releaseHold(tx, storeId, stockHold.id, { userId: null, rule, note: "Split: what is in stock ships now" });
  const order = (await q.getOrder(tx, storeId, { id: orderId }))!;
  const back = (await ledger.openHolds(tx, storeId, orderId)).length === 0 && order.processingStatus === "ON_HOLD" ? statusAfterHolds(order) : null;
  if (back) await q.markReleased(tx, storeId, orderId, back);
  await ledger.appendEvent(tx, storeId, orderId, {
    kind: "HOLD_RELEASED", fromStatus: back ? "ON_HOLD" : null, toStatus: back, holdId: stockHold.id, actorUserId: null, actorRule: rule,
    message: `Released "${stockHold.reason}": the part in stock ships now, the backorder waits`,
  });
  return true;
}
