import { z } from "zod";
import type { AppDeps } from "../../context";
import { withTransaction } from "../../db/pool";
import { defineJob } from "../../jobs";
import * as ledger from "../../queries/orders/ledger";
import * as stock from "../../queries/inventory/stock";
import { INVENTORY_RULE } from "./order-stock";
import { stockArrived } from "./stock-arrived";

// The safety net under "stock arrived": an order held out of stock stays held when stock comes in
// while the order is busy through every retry of the step's job, or when units come free another
// way (an order cancelled, a kit's components restocked). Every few minutes this sweep finds the
// stores whose older out-of-stock holds wait for a SKU with a unit free and runs the same step for
// them, so such an order is released minutes later instead of never.

export const RELEASE_WAITING_ORDERS = "inventory.releaseWaitingOrders";
/** How often the sweep runs. */
export const RELEASE_SWEEP_EVERY_MS = 2 * 60_000;
/** Holds younger than this are left to the normal path (the step and its retrying job). */
const SWEEP_HOLDS_OLDER_THAN_MS = 2 * 60_000;
/** The cause in the order's ledger: "Released "Not enough stock: …": Stock found free on a later check". */
const CAUSE = { words: "stock found free on a later check", userId: null };

export function releaseWaitingOrdersJob(deps: AppDeps) {
  return defineJob({
    type: RELEASE_WAITING_ORDERS,
    payload: z.strictObject({}),
    handler: () => releaseWaitingOrders(deps, new Date()),
  });
}

/** Runs "stock arrived" for each store whose out-of-stock holds from before `now` wait for a SKU with a free unit; one transaction per store. */
export async function releaseWaitingOrders(deps: AppDeps, now: Date): Promise<{ stores: number; holds: number; backorders: number; preorders: number }> {
  const done = { stores: 0, holds: 0, backorders: 0, preorders: 0 };
  const waiting = await ledger.stockHoldSkusByStore(deps.pool, INVENTORY_RULE, new Date(now.getTime() - SWEEP_HOLDS_OLDER_THAN_MS));
  for (const { storeId, skus } of waiting) {
    const free = await stock.skusWithFreeUnits(deps.pool, storeId, skus);
    if (free.length === 0) continue;
    // Orders still busy are taken by the step's own job, or by the next sweep.
    const result = await withTransaction(deps.pool, (tx) => stockArrived(deps, tx, storeId, free, CAUSE));
    done.stores++;
    done.holds += result.holds;
    done.backorders += result.backorders;
    done.preorders += result.preorders;
  }
  return done;
}
