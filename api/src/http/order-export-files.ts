import type { Router, Request, Response, NextFunction } from "express";
import { ORDER_EXPORT_KINDS } from "@atelier/contracts/order-exports";
import type { AppDeps } from "../context";
import { bearerToken } from "../auth/tokens";
import { exportDownloadPath } from "../services/order-exports/order-export-dto";
import { openExportFile } from "../services/order-exports/open-export-file";
import { contentDisposition } from "./file-response";

/** GET /web/orders/financial-export-job/:id/file and /web/return-orders/export-job/:id/file: a finished export's CSV, always downloaded. */
export function mountOrderExportFiles(router: Router, _deps: AppDeps): void {
  for (const kind of ORDER_EXPORT_KINDS) {
    router.get(exportDownloadPath(kind, ":id"), async (req: Request, res: Response, next: NextFunction) => {
      try {
        const file = await openExportFile(req.ctx, bearerToken(req.header("authorization")) ?? undefined, kind, String(req.params.id));
        res.setHeader("content-type", "text/csv; charset=utf-8");
        res.setHeader("content-disposition", contentDisposition("attachment", file.fileName));
        res.setHeader("x-content-type-options", "nosniff");
        res.setHeader("cache-control", "private, no-store");
        file.body.on("error", next);
        file.body.pipe(res);
      } catch (err) {
        next(err);
      }
    });
  }
}
