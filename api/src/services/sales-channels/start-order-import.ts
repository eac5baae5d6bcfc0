import type { OrderImport } from "@atelier/contracts/sales-channels";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { notFound } from "../../errors";
import * as imports from "../../queries/orders/order-imports";
import { importOrdersJob } from "./import-orders-job";
import { toOrderImport } from "./order-import-dto";

/**
 * Starts importing an uploaded file, once: the file's row is locked while its job is queued in the
 * same transaction, so two clicks (or a click and the assistant) start one import; an import
 * already started is answered as it stands.
 */
export async function startOrderImport(ctx: UserContext, importId: string): Promise<OrderImport> {
  const storeId = ctx.auth.storeId;
  if (!(await imports.getImport(ctx.pool, storeId, importId))) throw notFound("The order import");
  await withTransaction(ctx.pool, async (tx) => {
    if (!(await imports.lockUploaded(tx, storeId, importId))) return;
    const { job } = await ctx.jobs.enqueue(importOrdersJob(ctx), { storeId, importId, userId: ctx.auth.userId }, { storeId, userId: ctx.auth.userId, db: tx });
    await imports.markQueued(tx, storeId, importId, job.id);
  });
  return toOrderImport((await imports.getImport(ctx.pool, storeId, importId))!);
}
