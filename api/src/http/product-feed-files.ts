import type { Router, Request, Response, NextFunction } from "express";
import { FEED_PLATFORMS, PUBLIC_FEED_PATHS } from "@atelier/contracts/product-feeds";
import type { AppDeps } from "../context";
import { fetchPublicFeed } from "../services/sales-channels/download-product-feed";

/**
 * GET /product-feeds/:token/google-merchant-center.tsv and …/meta-catalog.csv: the feeds Google
 * Merchant Center's scheduled fetch and Meta's data source schedule read, without a session (the
 * secret token is the key). Raw text, not the JSON envelope: the platforms read the file itself.
 */
export function mountProductFeedFiles(router: Router, _deps: AppDeps): void {
  for (const platform of FEED_PLATFORMS) {
    router.get(`/product-feeds/:token/${PUBLIC_FEED_PATHS[platform]}`, async (req: Request, res: Response, next: NextFunction) => {
      try {
        const file = await fetchPublicFeed(req.ctx, String(req.params.token), platform);
        res.setHeader("x-content-type-options", "nosniff");
        res.setHeader("x-robots-tag", "noindex");
        res.setHeader("cache-control", "no-store");
        if (!file) {
          res.status(404).type("text/plain").send("This feed address is not in use: make a new one on the Google Shopping or Instagram page of Atelier.\n");
          return;
        }
        res.setHeader("content-type", file.contentType);
        res.send(file.content);
      } catch (err) {
        next(err);
      }
    });
  }
}
