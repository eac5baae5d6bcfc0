import { parse } from "csv-parse/sync";
import { amazonOrderReport } from "./amazon-report";
import { shopifyOrdersCsv } from "./shopify-csv";
import type { ExportRow, StorePlatformFile } from "./types";
import { wooCommerceOrdersCsv } from "./woocommerce-csv";

/** Every export format Atelier reads, tried in this order on a file's header. */
export const STORE_PLATFORM_FILES: StorePlatformFile[] = [shopifyOrdersCsv, amazonOrderReport, wooCommerceOrdersCsv];

export const UNKNOWN_FORMAT =
  "is not an order export Atelier can read: upload Shopify's orders export (columns Name, Lineitem quantity, Lineitem sku…), a WooCommerce order export (Order Number, SKU, Quantity…) or an Amazon order report (order-id, sku, quantity-purchased…)";

export type ReadFile = { platform: StorePlatformFile; rows: ExportRow[] } | { error: string };

/**
 * Reads an export file: the separator from its first line, the platform from its header, then
 * every row by column name (quoted cells may hold commas and line breaks, so a row's line is the
 * one it starts on, as csv-parse counts them).
 */
export function readExportFile(bytes: Buffer): ReadFile {
  if (bytes.includes(0)) return { error: "is not a text file" };
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/\t/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? "\t" : ",";
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, info: true, relax_quotes: delimiter === "\t", quote: delimiter === "\t" ? false : '"' }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    return { error: `could not be read as ${delimiter === "\t" ? "a tab-separated" : "a CSV"} file${line ? ` (line ${line})` : ""}: ${(err as Error).message.replace(/^Invalid [^:]*: /, "")}` };
  }
  const header = records[0]?.record.map((h) => h.trim());
  if (!header) return { error: "is empty" };
  const platform = STORE_PLATFORM_FILES.find((p) => p.delimiter === delimiter && p.recognises(header));
  if (!platform) return { error: UNKNOWN_FORMAT };
  const rows = records.slice(1).map(({ record, info }) => ({
    // csv-parse counts the lines read so far, so a row that spans several lines ends on info.lines.
    line: info.lines - record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0),
    cells: Object.fromEntries(header.map((h, i) => [h, record[i] ?? ""])),
  }));
  return { platform, rows };
}
