import { buffer } from "node:stream/consumers";
import { z } from "zod";
import { ORDER_IMPORT_JOB, type ImportChannel } from "@atelier/contracts/sales-channels";
import type { AppDeps } from "../../context";
import { withTransaction } from "../../db/pool";
import { defineJob, PermanentJobError, type JobContext } from "../../jobs";
import { checkOrder, readExportFile, type CheckedOrder, type ExportedOrder, type LooseRow, type RowProblem } from "../../providers/store-platforms";
import * as imports from "../../queries/orders/order-imports";
import { fileStorageFor } from "../../storage";
import { listStockedSkus } from "../inventory/list-stocked-skus";
import { placeImportedOrders } from "./place-imported-orders";
import { readShopSnapshot } from "./read-shop-orders";

// The import itself: orders the store already has (same channel and order id) are skipped, bad
// rows are reported in sentences and leave their order out, and every good order is placed in its
// batch's short transaction (one order's own when the batch fails), so one order's trouble never
// stops or undoes the others, and a retried attempt skips what the cut-off one placed.

const payload = z.strictObject({ storeId: z.uuid(), importId: z.uuid(), userId: z.uuid().nullable() });
/** Orders checked and placed between two progress reports and two reads of the store's SKUs. */
const BATCH = 50;
const ATTEMPTS = 3;

export function importOrdersJob(deps: AppDeps) {
  return defineJob({
    type: ORDER_IMPORT_JOB,
    payload,
    maxAttempts: ATTEMPTS,
    async handler(p, job) {
      try {
        return await runImport(deps, p, job);
      } catch (err) {
        // The last attempt's failure is the import's: its screen stops showing it as running.
        if (err instanceof PermanentJobError || job.attempt >= ATTEMPTS) {
          const message = err instanceof PermanentJobError ? err.message : "Something went wrong while importing; the orders imported so far are kept, and importing the file again skips them.";
          await imports.markFinished(deps.pool, p.storeId, p.importId, "FAILED", message);
        }
        throw err;
      }
    },
  });
}

async function runImport(deps: AppDeps, p: z.infer<typeof payload>, job: JobContext): Promise<{ importId: string }> {
  const { storeId, importId } = p;
  const found = await imports.getImport(deps.pool, storeId, importId);
  if (!found) throw new PermanentJobError("The import was deleted.");
  const stream = await fileStorageFor(deps.config).get(found.storageKey);
  if (!stream) throw new PermanentJobError("The uploaded file is no longer stored; upload it again.");
  const bytes = await buffer(stream);
  let orders: ExportedOrder[];
  let loose: LooseRow[] = [];
  let channel: ImportChannel;
  if (found.source === "SHOP") {
    // The orders as the shop answered them when they were read and checked (read-shop-orders.ts).
    orders = readShopSnapshot(bytes);
    channel = found.channel;
  } else {
    const read = readExportFile(bytes);
    if ("error" in read) throw new PermanentJobError(`The file ${read.error}.`);
    ({ orders, loose } = read.platform.readOrders(read.rows));
    channel = read.platform.channel;
  }
  await imports.markRunning(deps.pool, storeId, importId);
  await imports.insertProblems(deps.pool, storeId, importId, loose.map((l) => ({ line: l.line, orderRef: null, message: `Line ${l.line} ${l.message}` })));
  const total = orders.length;
  await job.progress(0, `0 of ${total.toLocaleString("en-US")} orders`);
  for (let start = 0; start < total; start += BATCH) {
    if (job.signal.aborted) throw new Error("The import was stopped.");
    const batch = orders.slice(start, start + BATCH);
    const known = await imports.existingExternalIds(deps.pool, storeId, channel, batch.map((o) => o.externalId));
    const problems: RowProblem[] = [];
    const ready: CheckedOrder[] = [];
    let skipped = 0;
    let imported = 0;
    for (const o of batch) {
      // An order this very import placed in an attempt that was cut off counts as imported.
      if (known.has(o.externalId)) {
        if (known.get(o.externalId) === importId) imported++;
        else skipped++;
      } else {
        const checked = checkOrder(channel, o);
        if (Array.isArray(checked)) problems.push(...checked);
        else ready.push(checked);
      }
    }
    const skus = await listStockedSkus(deps.pool, storeId, ready.flatMap((o) => o.lines.map((l) => l.sku)));
    let failed = batch.length - skipped - imported - ready.length;
    const placeable: CheckedOrder[] = [];
    for (const o of ready) {
      const unknown = o.lines.filter((l) => !skus.has(l.sku.toLowerCase()));
      if (unknown.length) {
        failed++;
        for (const l of unknown) problems.push({ line: l.line, orderRef: o.externalId, message: `Order ${o.externalId}: ${l.sku} is not a SKU of your inventory; add it on the Inventory screen, then import the file again (orders already imported are skipped).` });
      } else placeable.push(o);
    }
    const placed = await placeBatch(deps, storeId, importId, channel, placeable, skus, p.userId);
    imported += placed.imported;
    skipped += placed.skipped;
    await imports.insertProblems(deps.pool, storeId, importId, problems);
    await imports.addCounts(deps.pool, storeId, importId, { imported, skipped, failed });
    const done = Math.min(total, start + BATCH);
    await job.progress(Math.floor((done / total) * 100), `${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} orders`);
  }
  await imports.markFinished(deps.pool, storeId, importId, "COMPLETED");
  return { importId };
}

type Placed = { imported: number; skipped: number };

/**
 * Places a batch's orders in one transaction, set-wise (place-imported-orders.ts: a commit and
 * ~21 statements per order were most of an import's time, bench/orders/import.ts); should any
 * order's placement fail, the batch is undone and placed again one order per transaction, so one
 * order's trouble still never stops or undoes the others.
 */
async function placeBatch(deps: AppDeps, storeId: string, importId: string, channel: ImportChannel, orders: CheckedOrder[], skus: Map<string, { sku: string; title: string }>, userId: string | null): Promise<Placed> {
  const place = (list: CheckedOrder[]) => withTransaction(deps.pool, (tx) => placeImportedOrders(tx, storeId, importId, channel, list, skus, userId));
  try {
    return await place(orders);
  } catch {
    // The batch's failure is some order's: each order again on its own, so only that one fails.
    const n: Placed = { imported: 0, skipped: 0 };
    for (const o of orders) {
      const one = await place([o]);
      n.imported += one.imported;
      n.skipped += one.skipped;
    }
    return n;
  }
}
