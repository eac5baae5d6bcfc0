import { ApiError } from "@atelier/contracts";
import { orderImportSchema, type OrderImport } from "@atelier/contracts/sales-channels";
import { API_BASE_PATH } from "../../api/contracts";
import { handleApiError } from "../../api/client";
import { currentToken } from "../../session/session-store";
import { saveBlob } from "../../ui/save-blob";

/**
 * Uploads an export file to be checked (multipart, field `file`): the one call of this screen that
 * is not JSON, so it does not go through the typed client's body; the answer is parsed by the
 * contract's schema. A refusal comes back as the ApiError the typed client would throw.
 */
export async function uploadImportFile(file: File): Promise<OrderImport> {
  const form = new FormData();
  form.append("file", file, file.name);
  const token = currentToken();
  try {
    const res = await window.fetch(`${API_BASE_PATH}/web/orders/import-files`, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string; details?: Record<string, unknown>[] };
    if (!res.ok) throw new ApiError(res.status, (body.code ?? "INTERNAL") as ApiError["code"], body.message ?? res.statusText, body.details);
    return orderImportSchema.parse(body);
  } catch (error) {
    // 401/403 still log out as everywhere; the page shows the message beside the file field.
    handleApiError(error, true);
    throw error;
  }
}

/** Saves a CSV the API answered as text under its file name. */
export function saveCsv(filename: string, csv: string): void {
  saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), filename);
}
