import { ORDER_EXPORT_KIND_WORDS, type OrderExport, type OrderExportKind } from "@atelier/contracts/order-exports";
import type { JobRow } from "../../queries/jobs";
import { dayBefore } from "./export-files";
import { exportJobPayload, exportJobResult } from "./export-job-payload";

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const dayWords = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));
const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The download address of each kind's file, under /rest/main. */
export const exportDownloadPath = (kind: OrderExportKind, jobId: string) =>
  kind === "FINANCIAL" ? `/web/orders/financial-export-job/${jobId}/file` : `/web/return-orders/export-job/${jobId}/file`;

/** An export job as the contract shows it, with where it stands in a sentence. */
export function toOrderExport(kind: OrderExportKind, row: JobRow): OrderExport {
  const p = exportJobPayload.parse(row.payload);
  const result = row.status === "completed" ? exportJobResult.safeParse(row.result) : null;
  const done = result?.success ? result.data : null;
  const days = p.from === dayBefore(p.to) ? dayWords(p.from) : `${dayWords(p.from)} to ${dayWords(dayBefore(p.to))}`;
  const [one, many] = kind === "FINANCIAL" ? ["payment", "payments"] : ["returned line", "returned lines"];
  const summary = (() => {
    switch (row.status) {
      case "queued": return `Your ${ORDER_EXPORT_KIND_WORDS[kind]} for ${days} is waiting to start.`;
      case "running": return `Writing your ${ORDER_EXPORT_KIND_WORDS[kind]} for ${days}${row.progress_message ? `: ${row.progress_message} so far` : ""}.`;
      case "completed": return done ? `Your ${ORDER_EXPORT_KIND_WORDS[kind]} for ${days} is ready: ${count(done.rowCount, one!, many!)}.` : `Your ${ORDER_EXPORT_KIND_WORDS[kind]} for ${days} is ready.`;
      case "failed": return `Your ${ORDER_EXPORT_KIND_WORDS[kind]} for ${days} stopped: ${row.last_error ?? "something went wrong"}. Start it again.`;
      case "cancelled": return `Your ${ORDER_EXPORT_KIND_WORDS[kind]} for ${days} was cancelled.`;
    }
  })();
  return {
    id: row.id, kind, from: p.from, to: p.to, timezone: p.timezone, status: row.status, percent: row.progress_percent, summary,
    rowCount: done?.rowCount ?? null, fileName: done?.fileName ?? null, downloadPath: done ? exportDownloadPath(kind, row.id) : null,
    createdAt: row.created_at.toISOString(), finishedAt: row.finished_at?.toISOString() ?? null,
  };
}
