import { currentToken } from "../session/session-store";
import { showToast } from "./toast-store";

/** Downloads a document the API answers at `path` (under /rest/main/) with the session's token, saved as `fileName`; a refusal is shown in its sentence. */
export async function downloadApiDocument(path: string, fileName: string): Promise<boolean> {
  const token = currentToken();
  const res = await window.fetch(`/rest/main/${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    showToast(body?.message ?? "The document could not be downloaded. Try again in a moment.");
    return false;
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
