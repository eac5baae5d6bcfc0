import { z } from "zod";

/** What an export job is given: the store, the period as days and as the instants they mean in the store's zone. */
export const exportJobPayload = z.strictObject({
  storeId: z.uuid(),
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  fromAt: z.iso.datetime(),
  toAt: z.iso.datetime(),
});
export type ExportJobPayload = z.infer<typeof exportJobPayload>;

/** What a finished export job returns, read back by the export's DTO and the download route. */
export const exportJobResult = z.object({ rowCount: z.number().int(), fileName: z.string() });
export type ExportJobResult = z.infer<typeof exportJobResult>;

/** Rows read and written between two progress reports. */
export const EXPORT_PAGE = 500;

const count = (n: number) => n.toLocaleString("en-US");
/** The progress words: "500 of 1,200 payments" (the export's summary puts them in its sentence). */
export const progressLine = (done: number, total: number, noun: string) => `${count(done)} of ${count(total)} ${noun}`;
