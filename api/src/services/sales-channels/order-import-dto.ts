import { IMPORT_CHANNEL_NAMES, type OrderImport } from "@atelier/contracts/sales-channels";
import type { ImportRow } from "../../queries/orders/order-imports";

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The outcome of an import as a person reads it. */
export function importSummary(i: ImportRow): string {
  const file = `${plural(i.orderCount, "order")} in ${plural(i.rowCount, "row")}`;
  switch (i.status) {
    case "UPLOADED":
      if (i.source === "SHOP") return `${plural(i.orderCount, "order")} to fulfil read from your ${IMPORT_CHANNEL_NAMES[i.channel]} shop, not imported yet.`;
      return `A ${IMPORT_CHANNEL_NAMES[i.channel]} export with ${file}, not imported yet.`;
    case "QUEUED":
      return `Waiting to import ${file}.`;
    case "RUNNING":
      return `Importing ${file}: ${plural(i.importedCount, "order")} so far.`;
    case "FAILED":
      return `The import stopped: ${i.error ?? "something went wrong"} ${plural(i.importedCount, "order")} had been imported.`;
    case "COMPLETED": {
      const parts = [`${plural(i.importedCount, "order")} imported`];
      if (i.skippedCount) parts.push(`${plural(i.skippedCount, "order")} skipped as already imported`);
      if (i.failedCount) parts.push(`${plural(i.failedCount, "order")} could not be imported (${plural(i.problemCount, "problem row")})`);
      else if (i.problemCount) parts.push(plural(i.problemCount, "row") + " could not be read");
      return `${parts.join(", ")}.`;
    }
  }
}

export function toOrderImport(i: ImportRow): OrderImport {
  return {
    id: i.id,
    channel: i.channel,
    channelName: IMPORT_CHANNEL_NAMES[i.channel],
    source: i.source,
    fileName: i.fileName,
    sizeBytes: i.sizeBytes,
    rowCount: i.rowCount,
    orderCount: i.orderCount,
    status: i.status,
    jobId: i.jobId,
    importedCount: i.importedCount,
    skippedCount: i.skippedCount,
    failedCount: i.failedCount,
    problemCount: i.problemCount,
    summary: importSummary(i),
    error: i.error,
    createdAt: i.createdAt.toISOString(),
    finishedAt: i.finishedAt?.toISOString() ?? null,
  };
}
