import type { Router, Request, Response, NextFunction } from "express";
import { getBrandKit } from "@atelier/contracts/brand-kits";
import { bearerToken } from "../auth/tokens";
import type { AppDeps } from "../context";
import { AppError } from "../errors";
import { memberFromToken } from "../services/auth/authenticate-caller";
import { artPng } from "../services/brand-kits/art/render-art";
import { exportKitPdf } from "../services/brand-kits/export-pdf";
import { findKit } from "../services/brand-kits/find-kit";
import { sharePageHtml } from "../services/brand-kits/share-page";
import { getPublicBrandKit } from "../services/brand-kits/get-public-brand-kit";
import { contentDisposition } from "./file-response";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The business kits' non-JSON answers: drawn pictures (public, immutable: the key is the hash of
 * the drawing), the PDF export (the kit's own store only) and the server-rendered share page with
 * its social preview tags (public).
 */
export function mountBrandKitFiles(router: Router, deps: AppDeps): void {
  router.get("/app/brand-kit-art/:key.png", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const key = String(req.params.key);
      const png = /^[0-9a-f]{64}$/.test(key) ? await artPng(deps.pool, key) : null;
      if (!png) throw new AppError("NOT_FOUND", "Picture was not found");
      res.setHeader("content-type", "image/png");
      res.setHeader("cache-control", "public, max-age=31536000, immutable");
      res.end(png);
    } catch (err) {
      next(err);
    }
  });

  router.get("/web/brand-kits/:id/export.pdf", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const ctx = await memberFromToken(req.ctx, bearerToken(req.header("authorization")), getBrandKit);
      const id = String(req.params.id);
      if (!UUID.test(id)) throw new AppError("VALIDATION_FAILED", "params.id must be a UUID", [{ field: "params.id", reason: "must be a UUID" }]);
      const kit = await findKit(deps.pool, ctx, id);
      const { fileName, bytes } = await exportKitPdf(deps.pool, { id: kit.id, category: kit.category, productDescription: kit.product_description, parts: kit.parts });
      res.setHeader("content-type", "application/pdf");
      res.setHeader("content-disposition", contentDisposition("attachment", fileName));
      res.setHeader("cache-control", "private, no-store");
      res.end(Buffer.from(bytes));
    } catch (err) {
      next(err);
    }
  });

  router.get("/app/brand-kits/:id/share.html", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const id = String(req.params.id);
      if (!UUID.test(id)) throw new AppError("NOT_FOUND", "Business kit was not found");
      const kit = await getPublicBrandKit(deps.pool, id);
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-security-policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
      res.end(sharePageHtml(kit, deps.config.webOrigin.split(",")[0] ?? ""));
    } catch (err) {
      next(err);
    }
  });
}
