import type { Router, Request, Response, NextFunction } from "express";
import multer from "multer";
import { ORDER_IMPORT_MAX_BYTES } from "@atelier/contracts/sales-channels";
import type { AppDeps } from "../context";
import { AppError } from "../errors";
import { bearerToken } from "../auth/tokens";
import { holdIncomingImportFile } from "../services/sales-channels/incoming-import-file";

const MB = ORDER_IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * The multipart parser in front of the uploadOrderImportFile contract route, which checks the
 * session, role and preview mode, then the file. The file is read into memory (at most 10 MB): its
 * header decides its format before anything is stored.
 */
export function mountOrderImportFiles(router: Router, deps: AppDeps): void {
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: ORDER_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } }).single("file");
  router.post("/web/orders/import-files", async (req: Request, res: Response, next: NextFunction) => {
    try {
      // Anonymous or expired callers are refused by the contract route before any byte is read.
      const token = bearerToken(req.header("authorization"));
      const claims = token ? await deps.tokens.verify(token) : null;
      if (!claims || !req.is("multipart/form-data")) return next();
      parse(req, res, (err: unknown) => {
        if (err) return next(multerError(err));
        const f = req.file;
        if (f) holdIncomingImportFile(req.ctx, { originalName: f.originalname, bytes: f.buffer });
        req.body = undefined;
        next();
      });
    } catch (err) {
      next(err);
    }
  });
}

function multerError(err: unknown): AppError {
  if (err instanceof multer.MulterError) {
    if (err.code === "LIMIT_FILE_SIZE") return new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${MB} MB; export fewer orders at a time (a date range) and import each file.`, [{ field: "file", reason: `is larger than ${MB} MB` }]);
    if (err.code === "LIMIT_UNEXPECTED_FILE") return new AppError("VALIDATION_FAILED", `Send the file in a field named file (got ${err.field}).`, [{ field: err.field ?? "file", reason: "is not the file field; use file" }]);
    return new AppError("VALIDATION_FAILED", `The multipart body could not be read: ${err.message}.`, [{ field: "file", reason: err.message }]);
  }
  if (err instanceof AppError) return err;
  return new AppError("VALIDATION_FAILED", "The multipart body could not be read.", [{ field: "body", reason: "is not valid multipart/form-data" }]);
}
