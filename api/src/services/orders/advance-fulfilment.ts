import { z } from "zod";
import type { AppDeps } from "../../context";
import { withTransaction, afterCommit, type Queryable } from "../../db/pool";
import { defineJob, PermanentJobError, type JobContext } from "../../jobs";
import type { FulfilmentRequest, FulfilmentUpdate } from "../../providers/fulfilment";
import * as fulfilments from "../../queries/orders/fulfilments";
import * as parts from "../../queries/orders/fulfilment-parts";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { recordFulfilmentFee } from "../fees/record-fulfilment-fee";
import { shipOrderStock } from "../inventory/order-stock";
import { isOpenFulfilment } from "./order-rules";
import { publishOrderUpdated } from "./publish-order-updated";

// The fulfilment center at work: one job run per stage. Each run calls the provider outside any
// transaction (it may be slow or fail; the queue retries with backoff), then settles the stage in
// one short transaction (fulfilment row, order ledger, stock and order state at shipment) and
// enqueues the next stage in that same transaction, after the configured pause.

export const ADVANCE_FULFILMENT = "orders.advanceFulfilment";
const MAX_ATTEMPTS = 5;
/** Who the ledger says acted. */
export const FULFILMENT_CENTER = "Fulfilment center";

const STAGE_MESSAGES: Record<FulfilmentUpdate["stage"], (u: FulfilmentUpdate) => string> = {
  ACCEPTED: () => "Accepted by the fulfilment center",
  PICKED: () => "Picked from the shelves",
  PACKED: () => "Packed and waiting for the carrier",
  SHIPPED: (u) => `Shipped with ${u.shipment!.carrier} ${u.shipment!.service}, tracking ${u.shipment!.trackingNumber}`,
};

export function advanceFulfilmentJob(deps: AppDeps) {
  return defineJob({
    type: ADVANCE_FULFILMENT,
    payload: z.strictObject({ fulfilmentId: z.uuid() }),
    maxAttempts: MAX_ATTEMPTS,
    // Seconds between retries for a real center; quick when the center is set to work at once (tests).
    backoffMs: deps.config.fulfilment.stepMs > 0 ? 2000 : 50,
    handler: (payload, job) => advanceFulfilment(deps, payload.fulfilmentId, job),
  });
}

/** Enqueues the next stage of a fulfilment in db's transaction, after `delayMs`; the worker looks once it commits. */
export async function enqueueNextStage(deps: AppDeps, db: Queryable, f: { id: string; storeId: string }, delayMs: number): Promise<void> {
  await deps.jobs.enqueue(advanceFulfilmentJob(deps), { fulfilmentId: f.id }, { db, storeId: f.storeId, runAt: new Date(Date.now() + delayMs) });
  afterCommit(db, () => deps.jobs.kick());
}

async function advanceFulfilment(deps: AppDeps, fulfilmentId: string, job: Pick<JobContext, "attempt">): Promise<{ status: string }> {
  const f = await fulfilments.getFulfilment(deps.pool, fulfilmentId);
  if (!f) throw new PermanentJobError("The fulfilment no longer exists.");
  if (!isOpenFulfilment(f)) return { status: f.status };
  const order = await q.getOrder(deps.pool, f.storeId, { id: f.orderId });
  if (!order) throw new PermanentJobError("The order no longer exists.");
  if (order.processingStatus === "ON_HOLD" && order.cancellationState !== "CANCELED") {
    // A hold placed after sending stops the center until it is released: look again later.
    await withTransaction(deps.pool, (tx) => enqueueNextStage(deps, tx, f, Math.max(deps.config.fulfilment.stepMs, 1000)));
    return { status: f.status };
  }
  const request: FulfilmentRequest = {
    orderId: order.id,
    orderNumber: order.orderNumber,
    storeId: f.storeId,
    shipTo: { name: order.shippingName, address1: order.shippingAddress1, city: order.shippingCity, region: order.shippingRegion, postalCode: order.shippingPostalCode, countryCode: order.shippingCountryCode },
    lines: (await q.listOrderLines(deps.pool, f.storeId, f.orderId)).map((l) => ({ sku: l.sku, quantity: l.quantity })),
  };
  let update: FulfilmentUpdate & { externalId?: string };
  try {
    update = f.status === "SUBMITTED" ? { stage: "ACCEPTED", externalId: (await deps.providers.fulfilment.submit(request)).externalId } : await deps.providers.fulfilment.advance(f.externalId ?? "", f.status as FulfilmentUpdate["stage"], request);
  } catch (err) {
    await recordFailure(deps, f, err, job.attempt);
    throw err;
  }
  await withTransaction(deps.pool, async (tx) => {
    const locked = await fulfilments.getFulfilment(tx, f.id, true);
    if (!locked || locked.status !== f.status) return; // moved on by another run, or canceled meanwhile
    const current = await q.getOrder(tx, f.storeId, { id: f.orderId }, true);
    if (!current || current.cancellationState === "CANCELED") return;
    await fulfilments.updateFulfilment(tx, f.id, { status: update.stage, externalId: update.externalId, shipment: update.shipment, attempts: job.attempt, lastError: null });
    await ledger.appendEvent(tx, f.storeId, f.orderId, { kind: "FULFILMENT_UPDATED", fromStatus: f.status, toStatus: update.stage, message: STAGE_MESSAGES[update.stage](update), actorUserId: null, actorRule: FULFILMENT_CENTER });
    if (update.stage === "SHIPPED") {
      await shipOrderStock(tx, f.storeId, f.orderId, { userId: null, rule: FULFILMENT_CENTER }, `Shipped, tracking ${update.shipment!.trackingNumber}`);
      // A split order's shipment takes its part; the order is fulfilled when no part is left to ship.
      const split = await parts.shipPartsOf(tx, f.storeId, f.orderId, f.id);
      if (split.left > 0) await q.markPartlyFulfilled(tx, f.storeId, f.orderId, await parts.partQuantities(tx, f.storeId, f.orderId, "SHIPPED"));
      else await q.markFulfilled(tx, f.storeId, f.orderId);
      // 000 §9: the center charges per order shipped, once (the fee row is unique per order).
      await recordFulfilmentFee(deps, tx, f.storeId, { id: f.orderId, orderNumber: current.orderNumber });
    } else {
      await enqueueNextStage(deps, tx, f, deps.config.fulfilment.stepMs);
    }
    await publishOrderUpdated(tx, f.storeId, f.orderId);
  });
  return { status: update.stage };
}

/** Records a failed attempt; after the last one the fulfilment is FAILED and the ledger says why. */
async function recordFailure(deps: AppDeps, f: fulfilments.FulfilmentRow, err: unknown, attempt: number): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  const last = attempt >= MAX_ATTEMPTS;
  await withTransaction(deps.pool, async (tx) => {
    await fulfilments.updateFulfilment(tx, f.id, { attempts: attempt, lastError: message, ...(last ? { status: "FAILED" as const } : {}) });
    if (!last) return;
    await parts.reopenPartsOf(tx, f.storeId, f.id);
    await ledger.appendEvent(tx, f.storeId, f.orderId, {
      kind: "FULFILMENT_UPDATED", fromStatus: f.status, toStatus: "FAILED", message: `The fulfilment center failed after ${attempt} attempts: ${message} Send the order again when it is back.`, actorUserId: null, actorRule: FULFILMENT_CENTER,
    });
    await publishOrderUpdated(tx, f.storeId, f.orderId);
  });
}
