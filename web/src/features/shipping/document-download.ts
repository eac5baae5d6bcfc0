import { currentToken } from "../../session/session-store";
import { showToast } from "../../ui/toast-store";

/** Downloads one of the store's shipping documents (batch labels, packing slips, pick list) with the session's token. */
export async function downloadShippingDocument(path: string, fileName: string): Promise<boolean> {
  const token = currentToken();
  const res = await window.fetch(`/rest/main/web/standalone-label/-/${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
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
