import { z } from "zod";
import type pg from "pg";
import { defineJob } from "../../jobs";
import { foldChangedOrders, storesWithChangedOrders, vacuumRollupsIfEmbedded } from "../../queries/analytics/fold-changes";

export const FOLD_CHANGES = "analytics.foldChanges";

/**
 * The recurring job that folds every store's noted order changes into the analytics rollups
 * (migration 0420). Reports fold their own store before they read, so they are exact whenever this
 * last ran; the job keeps the notes of stores nobody reads from piling up, and keeps a report's own
 * fold short. One store per statement, so one store's backlog does not hold another's. On the embedded database it
 * also vacuums the rollups after a large fold (it has no autovacuum).
 */
export function foldChangesJob(pool: pg.Pool) {
  return defineJob({
    type: FOLD_CHANGES,
    payload: z.strictObject({}),
    maxAttempts: 3,
    async handler() {
      let orders = 0;
      for (const storeId of await storesWithChangedOrders(pool)) orders += await foldChangedOrders(pool, storeId);
      const vacuumed = await vacuumRollupsIfEmbedded(pool);
      return { orders, vacuumed };
    },
  });
}
