import type { Router, Request, Response, NextFunction } from "express";
import multer from "multer";
import { CONVERSATION_ATTACHMENT_MAX_BYTES } from "@atelier/contracts/inbox/contracts";
import type { AppDeps } from "../context";
import { AppError } from "../errors";
import { bearerToken } from "../auth/tokens";
import { attachmentExtension } from "../services/inbox/attachments/check-attachment";
import { holdIncomingAttachment, mayAttachTo } from "../services/inbox/attachments/incoming-attachment";
import { openAttachment } from "../services/inbox/attachments/open-attachment";
import { sendStoredFile } from "./file-response";
import { attachmentTooLarge, dropUntakenAttachment, streamingAttachmentStorage } from "./stream-attachment";

/**
 * Conversation attachments' non-JSON paths: the multipart parser in front of the attachFile
 * contract route (which checks the session, the side and preview mode, then the bytes), and the
 * participants' downloads of a file and its thumbnail.
 */
export function mountAttachmentFiles(router: Router, deps: AppDeps): void {
  // The file part goes straight to storage as it arrives, checked on the way (stream-attachment.ts);
  // a picture is then decoded from storage for its size and thumbnail.
  // busboy counts a file that reaches its limit as cut short: one byte more lets a file of exactly
  // 25 MB through, and the storage engine refuses the byte past it.
  const parse = multer({ storage: streamingAttachmentStorage((req) => req.ctx), limits: { fileSize: CONVERSATION_ATTACHMENT_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 } }).single("file");

  router.post("/web/conversations/:sid/attachments", async (req: Request, res: Response, next: NextFunction) => {
    try {
      // Anonymous or expired callers are refused by the contract route before any byte is read,
      // and so is a conversation of another side (404), before anything is stored.
      const token = bearerToken(req.header("authorization"));
      const claims = token ? await deps.tokens.verify(token) : null;
      if (!claims || !req.is("multipart/form-data")) return next();
      if (!(await mayAttachTo(deps.pool, claims, String(req.params.sid)))) return next();
      // A file stored for a request the contract route then refuses (preview mode, a role) is deleted.
      res.on("close", () => dropUntakenAttachment(req.ctx));
      parse(req, res, (err: unknown) => {
        if (err) return answerOnceRead(req, () => next(multerError(err)));
        const f = req.file;
        if (f) {
          const { kind } = attachmentExtension(f.originalname);
          holdIncomingAttachment(req.ctx, { originalName: f.originalname, id: f.filename, extension: f.destination, kind, storageKey: f.path, sizeBytes: f.size });
        }
        req.body = undefined;
        next();
      });
    } catch (err) {
      next(err);
    }
  });

  const serve = (which: "file" | "thumbnail") => async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { attachment, body } = await openAttachment(req.ctx, bearerToken(req.header("authorization")) ?? undefined, String(req.params.id), which);
      const thumbnail = which === "thumbnail";
      sendStoredFile(res, next, thumbnail ? { contentType: "image/webp", fileName: attachment.fileName, extension: "webp", body } : { ...attachment, body });
    } catch (err) {
      next(err);
    }
  };
  router.get("/web/attachments/:id/thumbnail.webp", serve("thumbnail"));
  router.get("/web/attachments/:id/file/:name", serve("file"));
}

function multerError(err: unknown): AppError {
  if (err instanceof multer.MulterError) {
    if (err.code === "LIMIT_FILE_SIZE") return attachmentTooLarge();
    if (err.code === "LIMIT_UNEXPECTED_FILE") return new AppError("VALIDATION_FAILED", `Send the file in a field named file (got ${err.field}).`, [{ field: err.field ?? "file", reason: "is not the file field; use file" }]);
    return new AppError("VALIDATION_FAILED", `The multipart body could not be read: ${err.message}.`, [{ field: "file", reason: err.message }]);
  }
  if (err instanceof AppError) return err;
  return new AppError("VALIDATION_FAILED", "The multipart body could not be read.", [{ field: "body", reason: "is not valid multipart/form-data" }]);
}

/**
 * Calls answer once the client has sent its whole body (the parser reads and drops what is left
 * after a refusal): a 413 sent while the client is still writing makes the server close the
 * socket under it, and the client sees a reset instead of the sentence.
 */
function answerOnceRead(req: Request, answer: () => void): void {
  if (req.complete) return answer();
  let answered = false;
  const once = () => {
    if (answered) return;
    answered = true;
    answer();
  };
  req.once("end", once);
  req.once("close", once);
}
