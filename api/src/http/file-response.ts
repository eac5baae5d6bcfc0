import type { Readable } from "node:stream";
import type { NextFunction, Response } from "express";

/** Files that open in the browser: raster pictures, which browsers only draw. SVG is a document that can carry script. */
const INLINE_PICTURES = new Set(["png", "jpg", "jpeg", "gif", "webp", "bmp"]);

/**
 * A Content-Disposition value per RFC 6266: a plain-ASCII `filename` for old clients and the exact
 * name in `filename*` (RFC 5987), so "Café menu.pdf" is saved as itself and a quote or line break
 * in a name can never end the header's value.
 */
export function contentDisposition(disposition: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "_").trim();
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  // A name with no ASCII letters before its extension ("日本.png") falls back to "file.png".
  return `${disposition}; filename="${/^[^.]/.test(ascii) ? ascii : `file${ascii}`}"; filename*=UTF-8''${exact}`;
}

export type StoredFile = {
  contentType: string;
  fileName: string;
  /** Lower-case, without the dot: decides whether the file opens inline. */
  extension: string;
  /** Unknown for a file made on the way (a thumbnail). */
  sizeBytes?: number;
  body: Readable;
}

/**
 * Sends a file a user uploaded (a store's upload, a conversation attachment). Only raster pictures
 * open in the browser; anything else is downloaded; and opened anyway (a saved link), it is
 * sandboxed: no script, no forms, its own origin.
 */
export function sendStoredFile(res: Response, next: NextFunction, file: StoredFile): void {
  res.setHeader("content-type", file.contentType);
  if (file.sizeBytes !== undefined) res.setHeader("content-length", String(file.sizeBytes));
  res.setHeader("content-disposition", contentDisposition(INLINE_PICTURES.has(file.extension.toLowerCase()) ? "inline" : "attachment", file.fileName));
  res.setHeader("content-security-policy", "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("cache-control", "private, max-age=300");
  file.body.on("error", next);
  file.body.pipe(res);
}
