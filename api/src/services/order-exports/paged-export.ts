import { ORDER_EXPORT_JOBS, type OrderExportKind } from "@atelier/contracts/order-exports";
import type { AppDeps } from "../../context";
import { defineJob, type JobContext } from "../../jobs";
import { dayBefore, exportFileName, exportStorageKey, saveCsv } from "./export-files";
import { EXPORT_PAGE, exportJobPayload, progressLine, type ExportJobPayload, type ExportJobResult } from "./export-job-payload";

/** One page of an export's source: the CSV rows it makes, how many records it read, and (on the first page) how many there are. */
export type ExportPage = { rows: string[][]; read: number; total: number };

/**
 * Reads the period's records a page at a time, reporting progress after each, then keeps the file:
 * the pages are held until the end so a cut-off attempt leaves no half-written file behind.
 */
export async function writePagedExport(
  deps: AppDeps, p: ExportJobPayload, job: JobContext,
  spec: { kind: OrderExportKind; noun: string; header: string[]; readPage: (offset: number, limit: number) => Promise<ExportPage> },
): Promise<ExportJobResult> {
  const pages: string[][][] = [];
  let total = 0;
  let done = 0;
  for (;;) {
    if (job.signal.aborted) throw new Error("The export was stopped.");
    const page = await spec.readPage(done, EXPORT_PAGE);
    if (done === 0) total = page.total;
    pages.push(page.rows);
    done += page.read;
    await job.progress(total ? Math.floor((done / total) * 100) : 100, progressLine(done, total, spec.noun));
    if (page.read < EXPORT_PAGE || done >= total) break;
  }
  const fileName = exportFileName(spec.kind, p.from, dayBefore(p.to));
  await saveCsv(deps.config, exportStorageKey(p.storeId, job.jobId), spec.header, pages);
  return { rowCount: pages.reduce((n, rows) => n + rows.length, 0), fileName };
}

/** An export kind's background job: its payload checked, three attempts (a cut-off attempt keeps no file). */
export function defineExportJob(kind: OrderExportKind, handler: (p: ExportJobPayload, job: JobContext) => Promise<ExportJobResult>) {
  return defineJob({ type: ORDER_EXPORT_JOBS[kind], payload: exportJobPayload, maxAttempts: 3, handler });
}
