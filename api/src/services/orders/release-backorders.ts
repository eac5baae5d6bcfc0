import { z } from "zod";
import type { AppDeps } from "../../context";
import { afterCommit, withTransaction, type Queryable } from "../../db/pool";
import { defineJob } from "../../jobs";
import * as parts from "../../queries/orders/fulfilment-parts";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { reserveOrderStock } from "../inventory/order-stock";
import { publishOrderUpdated } from "./publish-order-updated";

// Stock arriving (a receiving counted, units added by hand, a return restocked) opens the backorder
// parts that wait for it, first split first. It runs as a job after the stock's transaction commits,
// so it locks the order before the stock levels as every order use case does (the stock's own
// transaction holds the levels; taking the orders there would invert the order and risk a deadlock).

export const RELEASE_BACKORDERS = "orders.releaseBackorders";

export function releaseBackordersJob(deps: AppDeps) {
  return defineJob({
    type: RELEASE_BACKORDERS,
    payload: z.strictObject({ storeId: z.uuid(), skus: z.array(z.string()).min(1).max(500) }),
    maxAttempts: 5,
    backoffMs: 200,
    handler: async (payload) => ({ released: await releaseBackorders(deps, payload.storeId, payload.skus) }),
  });
}

/** Queues the look for waiting parts in db's transaction, when these SKUs gained units. */
export async function enqueueBackorderRelease(deps: AppDeps, db: Queryable, storeId: string, skus: string[]): Promise<void> {
  if (!skus.length) return;
  const waiting = await parts.waitingPartsForSkus(db, storeId, skus);
  if (!waiting.length) return;
  await deps.jobs.enqueue(releaseBackordersJob(deps), { storeId, skus: [...new Set(skus)] }, { db, storeId });
  afterCommit(db, () => deps.jobs.kick());
}

/** Opens each waiting part whose units can all be reserved now, each order in its own transaction; returns how many opened. */
export async function releaseBackorders(deps: AppDeps, storeId: string, skus: string[]): Promise<number> {
  let released = 0;
  for (const part of await parts.waitingPartsForSkus(deps.pool, storeId, skus)) {
    const opened = await withTransaction(deps.pool, async (tx) => {
      const order = await q.getOrder(tx, storeId, { id: part.orderId }, true);
      if (!order || order.cancellationState === "CANCELED") return false;
      const waiting = (await parts.listParts(tx, storeId, order.id)).find((p) => p.id === part.id && p.status === "WAITING");
      if (!waiting) return false;
      // The whole line is asked for: what part 1 holds or shipped counts, so only the backorder is reserved.
      const lines = await q.listOrderLines(tx, storeId, order.id);
      const short = await reserveOrderStock(tx, storeId, order.id, lines, { userId: null, rule: waiting.splitByRule });
      if (short.length) return false;
      await parts.openWaitingPart(tx, storeId, part.id);
      const units = waiting.lines.map((l) => `${l.quantity} × ${l.sku}`).join(", ");
      await ledger.appendEvent(tx, storeId, order.id, {
        kind: "FULFILMENT_UPDATED", fromStatus: "WAITING", toStatus: "OPEN", actorUserId: null, actorRule: waiting.splitByRule,
        message: `Stock arrived: the backorder (${units}) is reserved and can ship now`,
      });
      await publishOrderUpdated(tx, storeId, order.id);
      return true;
    });
    if (opened) released++;
  }
  return released;
}
