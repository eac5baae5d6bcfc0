import { z } from "zod";
import type { AppDeps } from "../../context";
import { withTransaction } from "../../db/pool";
import { defineJob } from "../../jobs";
import * as fees from "../../queries/fees/fees";
import { secureBin } from "./record-storage-fee";

const BATCH = 500;

/**
 * The daily storage renewal: a bin whose 12 months ran out and still holds units of the SKU is
 * secured for the next 12, starting where the last period ended (so a day the job missed, or a
 * second run, renews it once). An emptied bin is not renewed.
 */
export function renewStorageJob(deps: AppDeps) {
  return defineJob({
    type: "fees.renewStorage",
    payload: z.strictObject({}),
    maxAttempts: 3,
    handler: async () => ({ renewed: await renewStorage(deps, new Date()) }),
  });
}

export async function renewStorage(deps: AppDeps, now: Date): Promise<number> {
  let renewed = 0;
  for (;;) {
    const expired = await fees.expiredStorage(deps.pool, now, BATCH);
    if (expired.length === 0) return renewed;
    for (const e of expired) {
      await withTransaction(deps.pool, async (tx) => {
        if (await secureBin(deps, tx, e.storeId, { sku: e.sku, bin: e.bin, receivingId: null, receivingNumber: null, periodStart: e.periodEnd, reason: "renewed while units are stored" })) renewed++;
      });
    }
    // A period renewed up to a date still past `now` comes back in the next batch and renews again.
  }
}
