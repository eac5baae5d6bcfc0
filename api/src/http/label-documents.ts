import type { Router, Request, Response, NextFunction } from "express";
import type { AppDeps } from "../context";
import { bearerToken } from "../auth/tokens";
import { openBatchDocument } from "../services/shipping/documents/open-batch-document";
import { openLabelDocument } from "../services/shipping/documents/open-label-document";
import { ORDER_DOCUMENT_KINDS, openOrderDocument } from "../services/shipping/documents/open-order-documents";
import { contentDisposition } from "./file-response";

/** GET /web/standalone-label/:id/document?format=pdf-4x6|pdf-letter|zpl: a label's bytes, always downloaded. */
export function mountLabelDocuments(router: Router, _deps: AppDeps): void {
  // GET /web/standalone-label/-/packing-slips/document?orders=1001,1002 and …/-/pick-list/document?orders=…
  for (const kind of ORDER_DOCUMENT_KINDS) {
    router.get(`/web/standalone-label/-/${kind}/document`, async (req: Request, res: Response, next: NextFunction) => {
      try {
        const doc = await openOrderDocument(req.ctx, bearerToken(req.header("authorization")) ?? undefined, kind, req.query.orders);
        sendDownload(res, doc);
      } catch (err) {
        next(err);
      }
    });
  }
  router.get("/web/standalone-label/-/batches/:jobId/document", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const doc = await openBatchDocument(req.ctx, bearerToken(req.header("authorization")) ?? undefined, String(req.params.jobId));
      downloadHeaders(res, doc);
      doc.body.on("error", next);
      doc.body.pipe(res);
    } catch (err) {
      next(err);
    }
  });
  router.get("/web/standalone-label/:id/document", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const format = typeof req.query.format === "string" ? req.query.format : "pdf-4x6";
      const doc = await openLabelDocument(req.ctx, bearerToken(req.header("authorization")) ?? undefined, String(req.params.id), format);
      sendDownload(res, doc);
    } catch (err) {
      next(err);
    }
  });
}

/** A document is always downloaded (never opened as a page), private and never cached. */
function downloadHeaders(res: Response, doc: { contentType: string; fileName: string }): void {
  res.setHeader("content-type", doc.contentType);
  res.setHeader("content-disposition", contentDisposition("attachment", doc.fileName));
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("cache-control", "private, no-store");
}

function sendDownload(res: Response, doc: { contentType: string; fileName: string; body: Buffer }): void {
  downloadHeaders(res, doc);
  res.setHeader("content-length", String(doc.body.length));
  res.end(doc.body);
}
