import crypto from "node:crypto";
import type { Request } from "express";
import type multer from "multer";
import { CONVERSATION_ATTACHMENT_MAX_BYTES } from "@atelier/contracts/inbox/contracts";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { fileStorageFor } from "../storage";
import { attachmentExtension, attachmentSignatureMatches } from "../services/inbox/attachments/check-attachment";
import { takeIncomingAttachment } from "../services/inbox/attachments/incoming-attachment";
import { checkedStream } from "../services/uploads/large-file-upload";

/** Where an attachment waits between the parser and its message: its key never changes after. */
export const attachmentKey = (id: string, extension: string) => `inbox/files/${id}.${extension}`;

export const attachmentTooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${CONVERSATION_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB. Send a smaller file, or share a link to it.`, [
    { field: "file", reason: "is larger than 25 MB" },
  ]);

type StreamedPart = { path: string; size: number; filename: string; destination: string };

/**
 * A multer storage engine for conversation attachments that pipes the file part to storage as it
 * arrives (a whole file is never held in memory): its extension is checked before the first byte
 * is written, its leading bytes against that extension on the way, and it stops at 25 MB; the
 * bytes past a refusal are read and dropped, never kept.
 */
export function streamingAttachmentStorage(ctxOf: (req: Request) => RequestContext): multer.StorageEngine {
  return {
    _handleFile(req, file, cb) {
      const ctx = ctxOf(req);
      let extension: string;
      try {
        extension = attachmentExtension(file.originalname).extension;
      } catch (err) {
        file.stream.resume();
        return cb(err);
      }
      const id = crypto.randomUUID();
      const key = attachmentKey(id, extension);
      const checked = checkedStream(extension, CONVERSATION_ATTACHMENT_MAX_BYTES, attachmentTooLarge, attachmentSignatureMatches);
      file.stream.on("error", (err) => checked.destroy(err));
      fileStorageFor(ctx.config)
        .put(key, file.stream.pipe(checked))
        .then(({ sizeBytes }) => cb(null, { path: key, size: sizeBytes, filename: id, destination: extension } satisfies StreamedPart))
        .catch((err: unknown) => {
          file.stream.resume();
          cb(err);
        });
    },
    _removeFile(req, file, cb) {
      fileStorageFor(ctxOf(req).config)
        .delete(file.path)
        .then(() => cb(null), cb);
    },
  };
}

/** Deletes a streamed attachment that no handler took (the request was refused after the bytes were stored). */
export function dropUntakenAttachment(ctx: RequestContext): void {
  const file = takeIncomingAttachment(ctx);
  if (!file) return;
  fileStorageFor(ctx.config)
    .delete(file.storageKey)
    .catch((err: unknown) => ctx.log.warn({ err, key: file.storageKey }, "could not delete an untaken conversation attachment"));
}
