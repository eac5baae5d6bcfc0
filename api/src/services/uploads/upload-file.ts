import type { ResponseOf, uploads } from "@atelier/contracts";
import { attachmentTypeOf, UPLOAD_URL_PREFIX } from "@atelier/contracts/uploads";
import type { UserContext } from "../../context";
import { invalid } from "../../errors";
import { insertUpload } from "../../queries/uploads";
import { fileStorageFor } from "../../storage";
import { CONTENT_TYPES, safeFileName } from "./file-types";
import { takeIncomingFile } from "./pending-files";

export type UploadedFileDto = Omit<ResponseOf<typeof uploads.uploadFile>, "data">;

/**
 * Records one multipart file, which the upload route already streamed to storage with its extension,
 * leading bytes and size checked (stream-upload.ts).
 */
export async function uploadFile(ctx: UserContext): Promise<UploadedFileDto & { data: { url: string } }> {
  const file = takeIncomingFile(ctx);
  if (!file) throw invalid("file", "is required: send multipart/form-data with the file in a field named file");
  const { id, extension, storageKey } = file;
  if (file.size === 0) {
    await fileStorageFor(ctx.config).delete(storageKey);
    throw invalid("file", "is empty");
  }
  const fileName = safeFileName(file.originalName);
  const row = {
    id,
    storeId: ctx.auth.storeId,
    userId: ctx.auth.userId,
    storageKey,
    fileName,
    extension,
    contentType: CONTENT_TYPES[extension]!,
    attachmentType: attachmentTypeOf(extension),
    sizeBytes: file.size,
    status: "STORED" as const,
  };
  try {
    await insertUpload(ctx.pool, row);
  } catch (err) {
    await fileStorageFor(ctx.config).delete(storageKey);
    throw err;
  }
  const dto = toUploadedFileDto(row);
  return { ...dto, data: { url: dto.url } };
}

export function uploadKey(storeId: string, id: string, extension: string): string {
  return `${storeId}/${id}.${extension}`;
}

export function uploadUrl(id: string, fileName: string): string {
  return `${UPLOAD_URL_PREFIX}${id}/${encodeURIComponent(fileName)}`;
}

export function toUploadedFileDto(u: { id: string; fileName: string; extension: string; contentType: string; attachmentType: string; sizeBytes: number }): UploadedFileDto {
  return {
    id: u.id,
    url: uploadUrl(u.id, u.fileName),
    fileName: u.fileName,
    extension: u.extension,
    contentType: u.contentType,
    attachmentType: u.attachmentType as UploadedFileDto["attachmentType"],
    sizeBytes: u.sizeBytes,
  };
}
