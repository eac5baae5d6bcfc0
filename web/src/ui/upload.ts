import { UPLOAD_MAX_BYTES, createLargeFileUpload, uploadedFileSchema } from "@atelier/contracts/uploads";
import type { z } from "zod";
import { API_BASE_PATH, ApiError } from "../api/contracts";
import { handleApiError, request } from "../api/client";
import { currentToken } from "../session/session-store";

export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** The extension of a file name, lower case, without the dot. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string; details?: Record<string, unknown>[] };
  return new ApiError(response.status, (body.code ?? "INTERNAL") as ApiError["code"], body.message ?? response.statusText, body.details);
}

/**
 * Uploads one attachment: multipart /upload (field `file`) up to 25 MB, else a large-file upload
 * (the typed contract answers a one-time URL, then the bytes go there by PUT). Multipart bodies
 * are not JSON, so this is the one call that does not go through the typed client's body.
 */
export async function uploadAttachment(file: File): Promise<UploadedFile> {
  try {
    if (file.size > UPLOAD_MAX_BYTES) {
      const ticket = await request(createLargeFileUpload, { body: { fileName: file.name, sizeBytes: file.size } }, { quiet: true });
      const put = await window.fetch(ticket.uploadUrl, { method: "PUT", body: file, headers: { "content-type": file.type || "application/octet-stream" } });
      if (!put.ok) throw await failure(put);
      return uploadedFileSchema.parse(await put.json());
    }
    const form = new FormData();
    form.append("file", file, file.name);
    const token = currentToken();
    const response = await window.fetch(`${API_BASE_PATH}/upload`, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!response.ok) throw await failure(response);
    return uploadedFileSchema.parse(await response.json());
  } catch (error) {
    // The catalogue still logs out on 401/403; the form shows the message beside the field.
    handleApiError(error, true);
    throw error;
  }
}
