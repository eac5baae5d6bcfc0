import type { Router, Request, Response, NextFunction } from "express";
import multer from "multer";
import { CONVERSATION_ATTACHMENT_MAX_BYTES } from "@atelier/contracts/inbox/contracts";
import type { AppDeps } from "../context";
import { AppError } from "../errors";
import { bearerToken } from "../auth/tokens";
import { holdIncomingAttachment } from "../services/inbox/attachments/incoming-attachment";
import { openAttachment } from "../services/inbox/attachments/open-attachment";
import { sendStoredFile } from "./file-response";

/**
 * Conversation attachments' non-JSON paths: the multipart parser in front of the attachFile
 * contract route (which checks the session, the side and preview mode, then the bytes), and the
 * participants' downloads of a file and its thumbnail.
 */
export function mountAttachmentFiles(router: Router, deps: AppDeps): void {
  // The whole file is read into memory (at most 25 MB): its content is checked and a picture is
  // decoded for its size and thumbnail before anything is stored.
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: CONVERSATION_ATTACHMENT_MAX_BYTES, files: 1, fields: 5, parts: 6 } }).single("file");

  router.post("/web/conversations/:sid/attachments", async (req: Request, res: Response, next: NextFunction) => {
    try {
      // Anonymous or expired callers are refused by the contract route before any byte is read.
      const token = bearerToken(req.header("authorization"));
      const claims = token ? await deps.tokens.verify(token) : null;
      if (!claims || !req.is("multipart/form-data")) return next();
      parse(req, res, (err: unknown) => {
        if (err) return next(multerError(err));
        const f = req.file;
        if (f) holdIncomingAttachment(req.ctx, { originalName: f.originalname, bytes: f.buffer });
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
    if (err.code === "LIMIT_FILE_SIZE") return new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${CONVERSATION_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`, [{ field: "file", reason: "is larger than 25 MB" }]);
    if (err.code === "LIMIT_UNEXPECTED_FILE") return new AppError("VALIDATION_FAILED", `Send the file in a field named file (got ${err.field}).`, [{ field: err.field ?? "file", reason: "is not the file field; use file" }]);
    return new AppError("VALIDATION_FAILED", `The multipart body could not be read: ${err.message}.`, [{ field: "file", reason: err.message }]);
  }
  if (err instanceof AppError) return err;
  return new AppError("VALIDATION_FAILED", "The multipart body could not be read.", [{ field: "body", reason: "is not valid multipart/form-data" }]);
}
