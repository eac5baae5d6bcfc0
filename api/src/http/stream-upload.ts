import crypto from "node:crypto";
import type { Request } from "express";
import type multer from "multer";
import { UPLOAD_MAX_BYTES } from "@atelier/contracts/uploads";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { fileStorageFor } from "../storage";
import { allowedExtension } from "../services/uploads/file-types";
import { checkedStream } from "../services/uploads/large-file-upload";
import { takeIncomingFile } from "../services/uploads/pending-files";
import { uploadKey } from "../services/uploads/upload-file";
import { readableBytes, storeQuotaExceeded, type UploadQuota } from "../services/uploads/upload-quota";

type StoredPart = { path: string; size: number; filename: string; destination: string };

/**
 * A multer storage engine that pipes the file part to storage as it arrives (never a whole file
 * in memory): its extension is checked before the first byte is written, its leading bytes on the
 * way, and it stops at the smaller of UPLOAD_MAX_BYTES and what is left of the store's quota.
 */
export function streamingUploadStorage(ctxOf: (req: Request) => { ctx: RequestContext; storeId: string; quota: UploadQuota }): multer.StorageEngine {
  return {
    _handleFile(req, file, cb) {
      const { ctx, storeId, quota } = ctxOf(req);
      let extension: string;
      try {
        extension = allowedExtension(file.originalname, "file");
      } catch (err) {
        file.stream.resume();
        return cb(err);
      }
      const id = crypto.randomUUID();
      const key = uploadKey(storeId, id, extension);
      const limit = Math.min(UPLOAD_MAX_BYTES, quota.remainingBytes);
      const tooLarge = () =>
        limit < UPLOAD_MAX_BYTES ? storeQuotaExceeded(quota) : new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${readableBytes(UPLOAD_MAX_BYTES)}. Use /upload-large-file for bigger files.`);
      const checked = checkedStream(extension, limit, tooLarge);
      file.stream.on("error", (err) => checked.destroy(err));
      fileStorageFor(ctx.config)
        .put(key, file.stream.pipe(checked))
        .then(({ sizeBytes }) => cb(null, { path: key, size: sizeBytes, filename: id, destination: extension } satisfies StoredPart))
        // A refused file's remaining bytes are read and dropped, so the answer can be sent.
        .catch((err: unknown) => {
          file.stream.resume();
          cb(err);
        });
    },
    _removeFile(req, file, cb) {
      const { ctx } = ctxOf(req);
      fileStorageFor(ctx.config)
        .delete(file.path)
        .then(() => cb(null), cb);
    },
  };
}

/** Deletes a streamed file that no handler recorded (the request was refused after the bytes were stored). */
export function dropUnrecordedFile(ctx: RequestContext): void {
  const file = takeIncomingFile(ctx);
  if (!file) return;
  // Best effort: a leftover file only takes disk room; it is logged so an operator can clear it.
  fileStorageFor(ctx.config)
    .delete(file.storageKey)
    .catch((err: unknown) => ctx.log.warn({ err, key: file.storageKey }, "could not delete an unrecorded upload"));
}
