import { z } from "zod";
import type { AppDeps } from "../../context";
import { afterCommit, withTransaction, type Queryable } from "../../db/pool";
import { defineJob } from "../../jobs";
import * as parts from "../../queries/orders/fulfilment-parts";
import * as ledger from "../../queries/orders/ledger";
import * as orders from "../../queries/orders/orders";
import * as presales from "../../queries/shipping/presales";
import { linesToShip } from "../orders/lines-to-ship";
import { publishOrderUpdated } from "../orders/publish-order-updated";
import { releaseHoldAs } from "../orders/release-order-hold";
import { allocatePreorders } from "../shipping/presale/allocate-preorders";
import { INVENTORY_RULE, reserveOrderStock } from "./order-stock";
import { causeSentence, type StockCause } from "./stock-cause";



export type StockArrivedResult = { preorders: number; holds: number; backorders: number; busy: boolean };

/**
 * The one step every way stock comes in ends with (a receiving counted, units added by hand, a
 * return restocked), in the caller's transaction so no other order takes the units first:
 * 1. waiting pre-orders of these SKUs take their units first come, first served;
 * 2. then, oldest first, orders held by the inventory's own "Out of stock" hold and backorder
 *    parts (split by stock) whose units can now all be reserved are released, each with the cause
 *    in the order's ledger.
 * The caller already holds the stock levels, and every order use case locks its order before the
 * levels; so orders are taken here only if free (SKIP LOCKED) and never waited for, which keeps
 * the lock order from inverting into a deadlock. What was busy is left to a job that runs this
 * step again after the commit, in a transaction of its own.
 */
export async function stockArrived(deps: AppDeps, tx: Queryable, storeId: string, skus: string[], cause: StockCause): Promise<StockArrivedResult> {
  const result = await allocateArrivedStock(tx, storeId, skus, cause);
  if (result.busy) {
    await deps.jobs.enqueue(stockArrivedJob(deps), { storeId, skus: [...new Set(skus)], cause }, { db: tx, storeId });
    afterCommit(tx, () => deps.jobs.kick());
  }
  return result;
}

async function allocateArrivedStock(tx: Queryable, storeId: string, skus: string[], cause: StockCause): Promise<StockArrivedResult> {
  const wanted = [...new Set(skus)];
  const result: StockArrivedResult = { preorders: 0, holds: 0, backorders: 0, busy: false };
  if (wanted.length === 0) return result;
  const allocated = await allocatePreorders(tx, storeId, wanted, cause);
  result.preorders = allocated.orders;
  result.busy = allocated.busy;

  const holds = (await ledger.stockHoldsForSkus(tx, storeId, INVENTORY_RULE, wanted)).map((h) => ({ ...h, kind: "hold" as const }));
  // An order still in a pre-sale queue takes that SKU's units in its turn there, not from here.
  const queued = await presales.ordersWaiting(tx, storeId, holds.map((h) => h.orderId));
  const backorders = (await parts.waitingPartsForSkus(tx, storeId, wanted)).map((p) => ({ ...p, kind: "part" as const }));
  const queue = [...holds.filter((h) => !queued.has(h.orderId)), ...backorders].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const next of queue) {
    const order = await orders.getOrder(tx, storeId, { id: next.orderId }, "skip-locked");
    if (!order) {
      result.busy = true;
      continue;
    }
    if (order.cancellationState === "CANCELED") continue;
    if (next.kind === "hold" ? await releaseStockHold(tx, storeId, order, next.holdId, cause) : await openBackorder(tx, storeId, order, next.id, cause)) {
      if (next.kind === "hold") result.holds++;
      else result.backorders++;
    }
  }
  return result;
}

/** The order's "Out of stock" hold goes once all its units (less a backorder's) are reserved; false when still short. */
async function releaseStockHold(tx: Queryable, storeId: string, order: orders.OrderRow, holdId: string, cause: StockCause): Promise<boolean> {
  const short = await reserveOrderStock(tx, storeId, order.id, await linesToShip(tx, storeId, order.id), { userId: cause.userId, rule: INVENTORY_RULE });
  if (short.length) return false;
  if (!(await ledger.openHolds(tx, storeId, order.id)).some((h) => h.id === holdId)) return false;
  await releaseHoldAs(tx, storeId, cause.userId, order, holdId, causeSentence(cause));
  return true;
}

/** A backorder part opens once the whole line's units can be reserved; false when still short. */
async function openBackorder(tx: Queryable, storeId: string, order: orders.OrderRow, partId: string, cause: StockCause): Promise<boolean> {
  const waiting = (await parts.listParts(tx, storeId, order.id)).find((p) => p.id === partId && p.status === "WAITING");
  if (!waiting) return false;
  // The whole line is asked for: what part 1 holds or shipped counts, so only the backorder is reserved.
  const short = await reserveOrderStock(tx, storeId, order.id, await orders.listOrderLines(tx, storeId, order.id), { userId: cause.userId, rule: waiting.splitByRule });
  if (short.length) return false;
  await parts.openWaitingPart(tx, storeId, partId);
  const units = waiting.lines.map((l) => `${l.quantity} × ${l.sku}`).join(", ");
  await ledger.appendEvent(tx, storeId, order.id, {
    kind: "FULFILMENT_UPDATED", fromStatus: "WAITING", toStatus: "OPEN", actorUserId: cause.userId, actorRule: waiting.splitByRule,
    message: `${causeSentence(cause)}: the backorder (${units}) is reserved and can ship now`,
  });
  await publishOrderUpdated(tx, storeId, order.id);
  return true;
}

export const STOCK_ARRIVED = "inventory.stockArrived";

/** The step again for orders that were busy when the stock came in; it fails (and is retried) while one still is. */
export function stockArrivedJob(deps: AppDeps) {
  return defineJob({
    type: STOCK_ARRIVED,
    payload: z.strictObject({ storeId: z.uuid(), skus: z.array(z.string()).min(1).max(500), cause: z.strictObject({ words: z.string(), userId: z.uuid().nullable() }) }),
    maxAttempts: 8,
    backoffMs: 200,
    handler: async ({ storeId, skus, cause }) => {
      const done = await withTransaction(deps.pool, (tx) => allocateArrivedStock(tx, storeId, skus, cause));
      if (done.busy) throw new Error("An order waiting for this stock was being changed; trying again.");
      return done;
    },
  });
}
