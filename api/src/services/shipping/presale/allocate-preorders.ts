import type { Queryable } from "../../../db/pool";
import * as ledger from "../../../queries/orders/ledger";
import * as orders from "../../../queries/orders/orders";
import * as q from "../../../queries/shipping/presales";
import { publishAfterCommit } from "../../../realtime";
import { reserveOrderStock } from "../../inventory/order-stock";
import { causeSentence, type StockCause } from "../../inventory/stock-cause";
import { releaseHoldAs } from "../../orders/release-order-hold";

/**
 * Pre-sale's part of stock arriving (stockArrived): in the same transaction as the count (so no
 * other order takes the units first), the waiting pre-orders of these SKUs reserve their stock
 * first come, first served, and their "Pre-sale" hold is released with the cause as its note (the
 * order goes back to Outstanding when it was its last hold). A SKU's queue stops at the first
 * order its stock can't fill, or that another transaction is changing: later, smaller orders
 * don't jump ahead (`busy` tells the caller to try the rest again). An order short only of
 * another SKU keeps its place and waits.
 */
export async function allocatePreorders(tx: Queryable, storeId: string, skus: string[], cause: StockCause): Promise<{ orders: number; busy: boolean }> {
  const waiting = await q.waitingForSkus(tx, storeId, skus);
  const stopped = new Set<string>();
  const done = new Map<string, { sku: string; orders: number[]; units: number; left: number }>();
  let busy = false;
  for (const w of waiting) {
    const sku = w.sku.toLowerCase();
    const tally = done.get(w.presaleId) ?? { sku: w.sku, orders: [], units: 0, left: 0 };
    done.set(w.presaleId, tally);
    if (stopped.has(sku)) {
      tally.left += 1;
      continue;
    }
    const order = await orders.getOrder(tx, storeId, { id: w.orderId }, "skip-locked");
    if (!order) {
      busy = true;
      stopped.add(sku);
      tally.left += 1;
      continue;
    }
    const short = await reserveOrderStock(tx, storeId, w.orderId, await orders.listOrderLines(tx, storeId, w.orderId), { userId: cause.userId });
    if (short.length) {
      if (short.some((s) => s.sku.toLowerCase() === sku)) stopped.add(sku);
      tally.left += 1;
      continue;
    }
    await q.setPreorderStatus(tx, storeId, w.id, "ALLOCATED");
    // Someone may have released the hold by hand once stock was there; the order is allocated either way.
    if ((await ledger.openHolds(tx, storeId, w.orderId)).some((h) => h.id === w.holdId)) await releaseHoldAs(tx, storeId, cause.userId, order, w.holdId, causeSentence(cause));
    tally.orders.push(w.orderNumber);
    tally.units += w.quantity;
  }
  for (const [presaleId, t] of done) {
    if (t.orders.length === 0) continue;
    publishAfterCommit(tx, { name: "presale.allocated", to: { storeId }, payload: { presaleId, sku: t.sku, orders: t.orders, units: t.units, stillWaiting: t.left } });
  }
  return { orders: [...done.values()].reduce((n, t) => n + t.orders.length, 0), busy };
}
