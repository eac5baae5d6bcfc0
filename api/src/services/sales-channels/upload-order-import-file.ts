import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { OrderImport } from "@atelier/contracts/sales-channels";
import type { UserContext } from "../../context";
import { invalid } from "../../errors";
import { readExportFile } from "../../providers/store-platforms";
import * as imports from "../../queries/orders/order-imports";
import { fileStorageFor } from "../../storage";
import { takeIncomingImportFile } from "./incoming-import-file";
import { toOrderImport } from "./order-import-dto";

export const importStorageKey = (storeId: string, id: string) => `order-imports/${storeId}/${id}`;

/**
 * Checks an uploaded export file (its platform from the header, its rows and orders counted) and
 * keeps it for the import; a file of no known format is a 400 on `file` saying which ones are.
 */
export async function uploadOrderImportFile(ctx: UserContext): Promise<OrderImport> {
  const file = takeIncomingImportFile(ctx);
  if (!file) throw invalid("file", "is required: send multipart/form-data with the export file in a field named file");
  if (!file.bytes.length) throw invalid("file", "is empty");
  const read = readExportFile(file.bytes);
  if ("error" in read) throw invalid("file", read.error);
  if (!read.rows.length) throw invalid("file", "has a header but no orders");
  const { orders } = read.platform.readOrders(read.rows);
  const key = importStorageKey(ctx.auth.storeId, crypto.randomUUID());
  await fileStorageFor(ctx.config).put(key, Readable.from([file.bytes]));
  const fileName = file.originalName.replace(/[/\\\0]/g, "_").slice(0, 200) || "orders.csv";
  const row = await imports.insertImport(ctx.pool, ctx.auth.storeId, {
    channel: read.platform.channel, fileName, storageKey: key, sizeBytes: file.bytes.length, rowCount: read.rows.length, orderCount: orders.length, userId: ctx.auth.userId,
  });
  return toOrderImport(row);
}
