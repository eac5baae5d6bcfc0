import type { Router, Request, Response, NextFunction } from "express";
import type { AppDeps } from "../context";
import { bearerToken } from "../auth/tokens";
import { openBoxLabels } from "../services/receivings/open-box-labels";
import { contentDisposition } from "./file-response";

/** GET /web/receivings/:sn/box-labels/document: a shipment's box labels as one PDF, always downloaded. */
export function mountReceivingDocuments(router: Router, _deps: AppDeps): void {
  router.get("/web/receivings/:sn/box-labels/document", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const doc = await openBoxLabels(req.ctx, bearerToken(req.header("authorization")) ?? undefined, String(req.params.sn));
      res.setHeader("content-type", doc.contentType);
      res.setHeader("content-disposition", contentDisposition("attachment", doc.fileName));
      res.setHeader("x-content-type-options", "nosniff");
      res.setHeader("cache-control", "private, no-store");
      res.setHeader("content-length", String(doc.body.length));
      res.end(doc.body);
    } catch (err) {
      next(err);
    }
  });
}
