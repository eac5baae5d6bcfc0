import type { LabelFormat } from "@atelier/contracts/shipping";
import { downloadWithToken } from "../../ui/save-blob";

const EXTENSION: Record<LabelFormat, string> = { "pdf-4x6": "pdf", "pdf-letter": "pdf", zpl: "zpl" };

/** Downloads a label's document with the session's token (labels are the store's members' only). */
export async function downloadLabel(id: string, trackingNumber: string, format: LabelFormat): Promise<void> {
  await downloadWithToken(
    `/rest/main/web/standalone-label/${encodeURIComponent(id)}/document?format=${format}`,
    `label-${trackingNumber}.${EXTENSION[format]}`,
    "The label could not be downloaded. Try again in a moment.",
  );
}
