import { downloadWithToken } from "../../ui/save-blob";

/** Downloads one of the store's shipping documents (batch labels, packing slips, pick list) with the session's token. */
export function downloadShippingDocument(path: string, fileName: string): Promise<boolean> {
  return downloadWithToken(`/rest/main/web/standalone-label/-/${path}`, fileName, "The document could not be downloaded. Try again in a moment.");
}
