import { downloadApiDocument } from "../../ui/save-blob";

/** Downloads one of the store's shipping documents (batch labels, packing slips, pick list) with the session's token. */
export function downloadShippingDocument(path: string, fileName: string): Promise<boolean> {
  return downloadApiDocument(`web/standalone-label/-/${path}`, fileName);
}
