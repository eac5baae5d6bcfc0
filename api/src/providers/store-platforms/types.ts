import type { ImportChannel } from "@atelier/contracts/sales-channels";

// A store platform (Shopify, WooCommerce, Amazon) as Atelier reads it. Today each one is its
// export file: a format recognised by its header, read into orders the same shape whatever the
// platform. An adapter that calls a platform's API would produce the same orders.

/** One data row of an export file: its line in the file (header = 1) and its cells by column name. */
export type ExportRow = { line: number; cells: Record<string, string> };

/** One order of an export file, read but not yet checked. Missing values are empty strings. */
export type ExportedOrder = {
  /** The channel's own order id or number ("#1001", "112-1234567-1234567"). */
  externalId: string;
  /** The file's lines this order came from, first to last. */
  lines: number[];
  placedAt: string;
  email: string;
  customerName: string;
  phone: string;
  address: { name: string; address1: string; address2: string; city: string; region: string; postalCode: string; countryCode: string };
  currency: string;
  /** Amounts as the file writes them ("12.50"); checked later. */
  shipping: string;
  tax: string;
  discount: string;
  items: { line: number; sku: string; title: string; quantity: string; unitPrice: string }[];
};

/** A row that belongs to no order (no order id), reported as it is. */
export type LooseRow = { line: number; message: string };

export type StorePlatformFile = {
  channel: ImportChannel;
  /** The column separator of the platform's file. */
  delimiter: "," | "\t";
  /** Whether a header (column names as the file writes them) is this platform's export. */
  recognises(header: string[]): boolean;
  /** Groups the rows into orders the platform's way. */
  readOrders(rows: ExportRow[]): { orders: ExportedOrder[]; loose: LooseRow[] };
};

/** A cell by any of the names platforms have used for the column, trimmed. */
export function cell(row: ExportRow, ...names: string[]): string {
  for (const n of names) {
    const v = row.cells[n];
    if (v !== undefined && v.trim() !== "") return v.trim();
  }
  return "";
}

export const hasColumns = (header: string[], ...names: string[]) => names.every((n) => header.includes(n));

/**
 * A platform's shop read through its own API (the official adapters): its orders to fulfil, read
 * into the same orders the export files give, so they are checked and placed the same way.
 */
export type StorePlatformShop = {
  channel: ImportChannel;
  /** The shop as its platform names it ("atelier-demo.myshopify.com"). */
  shopName: string;
  /** Every order waiting to be fulfilled; rejects with a sentence when the platform refuses. */
  readOrders(signal?: AbortSignal): Promise<ExportedOrder[]>;
};
