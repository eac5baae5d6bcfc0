import type { LabelFormat } from "@atelier/contracts/shipping";
import { currentToken } from "../../session/session-store";
import { showToast } from "../../ui/toast-store";

const EXTENSION: Record<LabelFormat, string> = { "pdf-4x6": "pdf", "pdf-letter": "pdf", zpl: "zpl" };

/** Downloads a label's document with the session's token (labels are the store's members' only). */
export async function downloadLabel(id: string, trackingNumber: string, format: LabelFormat): Promise<void> {
  const token = currentToken();
  const res = await window.fetch(`/rest/main/web/standalone-label/${encodeURIComponent(id)}/document?format=${format}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    showToast(body?.message ?? "The label could not be downloaded. Try again in a moment.");
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = `label-${trackingNumber}.${EXTENSION[format]}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
