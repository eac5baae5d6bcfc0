import { type ExportPeriod, type OrderExport, type OrderExportKind } from "@atelier/contracts/order-exports";
import type { UserContext } from "../../context";
import { getJobRow } from "../../queries/jobs";
import { getStoreConfigs } from "../stores/get-store-configs";
import { financialExportJob } from "./financial-export-job";
import { toOrderExport } from "./order-export-dto";
import { returnExportJob } from "./return-export-job";
import { dayStartIn } from "./zoned-days";

const JOBS = { FINANCIAL: financialExportJob, RETURNS: returnExportJob } as const;

/**
 * Starts an export of the period: its days are read in the store's time zone now, so the file
 * covers what the person saw on the dialog even if the zone is changed while it is written.
 */
export async function startOrderExport(ctx: UserContext, kind: OrderExportKind, period: ExportPeriod): Promise<OrderExport> {
  const storeId = ctx.auth.storeId;
  const { timezone } = await getStoreConfigs(ctx);
  const payload = { storeId, from: period.from, to: period.to, timezone, fromAt: dayStartIn(period.from, timezone).toISOString(), toAt: dayStartIn(period.to, timezone).toISOString() };
  const { job } = await ctx.jobs.enqueue(JOBS[kind](ctx), payload, { storeId, userId: ctx.auth.userId });
  return toOrderExport(kind, (await getJobRow(ctx.pool, storeId, job.id))!);
}
