import type { Router } from "express";
import { invalid } from "../errors";
import { CARD_PICTURE_PATH, itemImageSvg, parseCardPictureName } from "./item-image";

/**
 * Serves seeded items' card pictures (`GET /app/card-pictures/<kind>-<seed>-<rrggbb>.svg`, public; the
 * older kind-less `<seed>-<rrggbb>.svg` still draws what it drew): the
 * name says what is drawn, so an answer never changes and browsers and proxies keep it for a year.
 * Search answers link here instead of carrying each drawing inline (docs/decisions.md).
 */
export function mountCardPictures(router: Router): void {
  router.get(`${CARD_PICTURE_PATH}/:name`, (req, res, next) => {
    const picture = parseCardPictureName(String(req.params.name));
    if (!picture) return next(invalid("params.name", "must be <kind>-<seed>-<rrggbb>.svg or <seed>-<rrggbb>.svg (a drawing kind such as tshirt or mug, an integer seed and a lower-case hex colour)"));
    res.setHeader("content-type", "image/svg+xml");
    res.setHeader("cache-control", "public, max-age=31536000, immutable");
    // Our own drawing, but an SVG is a document: nothing in it may run.
    res.setHeader("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.send(itemImageSvg(picture));
  });
}
