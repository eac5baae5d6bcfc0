import { ORDER_EXPORT_JOBS, type OrderExport, type OrderExportKind } from "@atelier/contracts/order-exports";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { getJobRow } from "../../queries/jobs";
import { toOrderExport } from "./order-export-dto";

/** One export of the store; another store's, or a job of another kind, is not found. */
export async function getOrderExport(ctx: UserContext, kind: OrderExportKind, id: string): Promise<OrderExport> {
  const row = await getJobRow(ctx.pool, ctx.auth.storeId, id);
  if (!row || row.type !== ORDER_EXPORT_JOBS[kind]) throw notFound(kind === "FINANCIAL" ? "The financial export" : "The returns export");
  return toOrderExport(kind, row);
}
