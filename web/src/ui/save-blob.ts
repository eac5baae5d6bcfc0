import { currentToken } from "../session/session-store";
import { showToast } from "./toast-store";

/** Hands a file the page holds to the browser's download, under its file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  // Firefox only follows a click on an anchor that is in the document.
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later, not at once: the download may still be reading the object URL.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API serves only to the signed-in member (so a plain link, which carries no token, cannot).
 * On a refusal it shows the API's sentence, else `failSentence`, and answers false.
 */
export async function downloadWithToken(url: string, fileName: string, failSentence: string): Promise<boolean> {
  const token = currentToken();
  const res = await window.fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    showToast(body?.message ?? failSentence);
    return false;
  }
  saveBlob(await res.blob(), fileName);
  return true;
}

/** Downloads a document the API answers at `path` (under /rest/main/) with the session's token, saved as `fileName`; a refusal is shown in its sentence. */
export function downloadApiDocument(path: string, fileName: string): Promise<boolean> {
  return downloadWithToken(`/rest/main/${path}`, fileName, "The document could not be downloaded. Try again in a moment.");
}
