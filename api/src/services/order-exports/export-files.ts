import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import type { OrderExportKind } from "@atelier/contracts/order-exports";
import type { Config } from "../../config";
import { fileStorageFor } from "../../storage";

// Where an export's CSV is kept: under the store and the job, so the download route finds it from
// the job it checked belongs to the caller's store.

export const exportStorageKey = (storeId: string, jobId: string) => `order-exports/${storeId}/${jobId}.csv`;

/** The file's name as the person downloads it: what it holds and its days. */
export function exportFileName(kind: OrderExportKind, from: string, lastDay: string): string {
  return `${kind === "FINANCIAL" ? "financial-report" : "returns"}-${from}-to-${lastDay}.csv`;
}

/** The day before `day` (the period's last day, as `to` is the day after it). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** Writes the header and the pages of rows into the store's file storage as one CSV. */
export async function saveCsv(config: Config, key: string, header: string[], pages: string[][][]): Promise<void> {
  // A byte-order mark so spreadsheet programs read accented names and "—" as UTF-8.
  const chunks = ["\uFEFF", stringify([header]), ...pages.map((rows) => stringify(rows))];
  await fileStorageFor(config).put(key, Readable.from(chunks.map((c) => Buffer.from(c, "utf8"))));
}

/** Cents as the amount a spreadsheet sums: "-1.50". */
export const decimal = (cents: number) => (cents / 100).toFixed(2);
