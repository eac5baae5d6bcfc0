import { downloadWithToken } from "./save-blob";

/** Downloads a document the API answers at `path` (under /rest/main/) with the session's token, saved as `fileName`; a refusal is shown in its sentence. */
export function downloadApiDocument(path: string, fileName: string): Promise<boolean> {
  return downloadWithToken(`/rest/main/${path}`, fileName, "The document could not be downloaded. Try again in a moment.");
}
