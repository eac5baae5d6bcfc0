import { z } from "zod";
import type { AppDeps } from "../../context";
import { afterCommit, withTransaction, type Queryable } from "../../db/pool";
import { defineJob, PermanentJobError } from "../../jobs";
import * as kits from "../../queries/inventory/kits";
import * as workOrders from "../../queries/inventory/kitting-orders";
import * as movements from "../../queries/inventory/movements";
import * as stock from "../../queries/inventory/stock";
import { publishAfterCommit } from "../../realtime";
import { stockArrived } from "../inventory/stock-arrived";

// The fulfilment center assembles a kitting work order: a job queued with the request, run after
// the center's configured pause (ATELIER_FULFILMENT_STEP_MS; at once in tests). It asks the
// provider outside any transaction, then in one short one takes the held components out of their
// bins and puts the kits in theirs, each change a movement of the ledger, and the orders waiting
// for the kit (pre-orders, out-of-stock holds, backorders) take them as from any stock arrival. A retried job finds the
// work order assembled and does nothing more.

export const ASSEMBLE_KITS = "kitting.assemble";
/** The name the ledger shows for the center's own movements. */
const KITTING_CENTER = "Fulfilment center";

export function assembleKitsJob(deps: AppDeps) {
  return defineJob({
    type: ASSEMBLE_KITS,
    payload: z.strictObject({ workOrderId: z.uuid(), storeId: z.uuid() }),
    backoffMs: deps.config.fulfilment.stepMs > 0 ? 2000 : 50,
    handler: (payload) => assembleWorkOrder(deps, payload),
  });
}

/** Queues the work order's assembly in db's transaction; the worker looks once it commits. */
export async function enqueueKitAssembly(deps: AppDeps, db: Queryable, w: { id: string; storeId: string }): Promise<void> {
  await deps.jobs.enqueue(assembleKitsJob(deps), { workOrderId: w.id, storeId: w.storeId }, { db, storeId: w.storeId, runAt: new Date(Date.now() + deps.config.fulfilment.stepMs) });
  afterCommit(db, () => deps.jobs.kick());
}

async function assembleWorkOrder(deps: AppDeps, p: { workOrderId: string; storeId: string }): Promise<{ assembled: boolean }> {
  const order = await workOrders.getWorkOrder(deps.pool, p.workOrderId);
  if (!order || order.storeId !== p.storeId) throw new PermanentJobError("The kitting work order no longer exists.");
  if (order.status !== "REQUESTED") return { assembled: false };
  const holds = await workOrders.holdsOf(deps.pool, p.storeId, order.id);
  const recipe = (await kits.recipesOf(deps.pool, p.storeId, [order.kitItemId])).get(order.kitItemId) ?? [];
  const kitItem = await kits.kitItem(deps.pool, p.storeId, order.kitItemId);
  if (!kitItem) throw new PermanentJobError("The kit no longer exists.");
  await deps.providers.fulfilment.assembleKits({ workOrderId: order.id, storeId: p.storeId, kitSku: kitItem.sku, kits: order.kits, components: recipe.map((c) => ({ sku: c.sku, quantity: c.quantity })) });

  return withTransaction(deps.pool, async (tx) => {
    const locked = await workOrders.getWorkOrder(tx, order.id, true);
    if (!locked || locked.status !== "REQUESTED") return { assembled: false };
    await stock.lockLevelsOf(tx, p.storeId, [...new Set([...holds.map((h) => h.itemId), order.kitItemId])]);
    const note = `Assembled into ${order.kits} × ${kitItem.sku} by the fulfilment center`;
    for (const h of holds) {
      const after = await stock.changeLevel(tx, p.storeId, h.levelId, { onHand: -h.quantity, reserved: -h.quantity });
      await movements.appendMovement(tx, p.storeId, {
        itemId: h.itemId, bin: h.bin, kind: "ADJUSTED", reason: "OTHER", onHandChange: -h.quantity, reservedChange: -h.quantity, onHandAfter: after.onHand, reservedAfter: after.reserved,
        note, actorUserId: null, actorRule: KITTING_CENTER,
      });
    }
    const level = (await stock.lockLevel(tx, p.storeId, order.kitItemId, order.bin, true))!;
    const after = await stock.changeLevel(tx, p.storeId, level.id, { onHand: order.kits });
    await movements.appendMovement(tx, p.storeId, {
      itemId: order.kitItemId, bin: order.bin, kind: "RECEIVED", onHandChange: order.kits, reservedChange: 0, onHandAfter: after.onHand, reservedAfter: after.reserved,
      note: `${order.kits} kit${order.kits === 1 ? "" : "s"} assembled by the fulfilment center`, actorUserId: null, actorRule: KITTING_CENTER,
    });
    await workOrders.markAssembled(tx, p.storeId, order.id);
    // Kits are stock coming in like any other: orders waiting for the kit's SKU take them now.
    await stockArrived(deps, tx, p.storeId, [kitItem.sku], { words: `kitting order of ${order.kits} × ${kitItem.sku} assembled by the fulfilment center`, userId: null });
    publishAfterCommit(tx, { name: "kit.assembled", to: { storeId: p.storeId }, payload: { sku: kitItem.sku, kits: order.kits } });
    return { assembled: true };
  });
}
