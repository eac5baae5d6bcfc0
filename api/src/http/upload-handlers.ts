import type { Router, Request, Response, NextFunction } from "express";
import multer from "multer";
import { UPLOAD_MAX_BYTES } from "@atelier/contracts/uploads";
import type { AppDeps } from "../context";
import { AppError } from "../errors";
import { bearerToken } from "../auth/tokens";
import { receiveLargeFile } from "../services/uploads/large-file-upload";
import { holdIncomingFile } from "../services/uploads/pending-files";
import { dropUnrecordedFile, streamingUploadStorage } from "./stream-upload";
import { storeQuotaExceeded, uploadQuotaOf, type UploadQuota } from "../services/uploads/upload-quota";
import type { RequestContext } from "../context";
import { openUploadedFile } from "../services/uploads/serve-file";
import { sendStoredFile } from "./file-response";

/**
 * The three upload paths that are not JSON: the multipart parser in front of the POST /upload
 * contract route, the signed PUT of /upload-large-file, and serving stored files back.
 */
export function mountUploadHandlers(router: Router, deps: AppDeps): void {
  // The file part goes straight to storage as it arrives (stream-upload.ts): nothing holds a whole file.
  const uploading = new WeakMap<Request, { ctx: RequestContext; storeId: string; quota: UploadQuota }>();
  const storage = streamingUploadStorage((req) => uploading.get(req)!);
  const parse = multer({ storage, limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 } }).single("file");

  router.post("/upload", async (req: Request, res: Response, next: NextFunction) => {
    try {
      // Anonymous or expired callers are refused by the contract route before any byte is buffered.
      const token = bearerToken(req.header("authorization"));
      const claims = token ? await deps.tokens.verify(token) : null;
      if (!claims) return next();
      // A store with no room left is told before any byte is read.
      const quota = await uploadQuotaOf(deps.pool, deps.config, claims.storeId);
      if (quota.remainingBytes <= 0) return next(storeQuotaExceeded(quota));
      uploading.set(req, { ctx: req.ctx, storeId: claims.storeId, quota });
      // A file stored for a request the contract route then refuses (preview mode, say) is deleted.
      res.on("close", () => dropUnrecordedFile(req.ctx));
      parse(req, res, (err: unknown) => {
        if (err) return next(multerError(err));
        const f = req.file;
        if (f) holdIncomingFile(req.ctx, { originalName: f.originalname, id: f.filename, extension: f.destination, storageKey: f.path, size: f.size });
        req.body = undefined;
        next();
      });
    } catch (err) {
      next(err);
    }
  });

  router.put("/upload-large-file/:id", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const token = typeof req.query.token === "string" ? req.query.token : undefined;
      const file = await receiveLargeFile(req.ctx, String(req.params.id), token, req);
      res.status(201).json(file);
    } catch (err) {
      next(err);
    }
  });

  const serve = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { upload, body } = await openUploadedFile(req.ctx, bearerToken(req.header("authorization")) ?? undefined, String(req.params.id));
      sendStoredFile(res, next, { ...upload, body });
    } catch (err) {
      next(err);
    }
  };
  router.get("/upload/files/:id", serve);
  router.get("/upload/files/:id/:name", serve);
}

function multerError(err: unknown): AppError {
  if (err instanceof multer.MulterError) {
    if (err.code === "LIMIT_FILE_SIZE") return new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. Use /upload-large-file for bigger files.`);
    if (err.code === "LIMIT_UNEXPECTED_FILE") return new AppError("VALIDATION_FAILED", `Send the file in a field named file (got ${err.field}).`, [{ field: err.field ?? "file", reason: "is not the file field; use file" }]);
    return new AppError("VALIDATION_FAILED", `The multipart body could not be read: ${err.message}.`, [{ field: "file", reason: err.message }]);
  }
  if (err instanceof AppError) return err;
  return new AppError("VALIDATION_FAILED", "The multipart body could not be read.", [{ field: "body", reason: "is not valid multipart/form-data" }]);
}
