import sharp from "sharp";
import { ImageDecodeError, MAX_PIXELS, tooLarge, type Raster } from "./raster";

// Bitmap pictures through sharp (libvips; docs/decisions.md, issue 19): PNG of every colour type
// and interlace, JPEG (baseline, progressive, CMYK), GIF (first frame), WebP, TIFF and AVIF, from
// the prebuilt binaries inside the @img/sharp-* npm packages. It replaces hand-written decoders.

const READABLE = new Set(["png", "jpeg", "gif", "webp", "tiff", "heif", "avif"]);

/** Decodes a bitmap picture to RGBA (the first frame of an animation; EXIF rotation applied). */
export async function decodeBitmap(bytes: Buffer): Promise<Raster> {
  let format: string | undefined;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
    const meta = await image.metadata();
    format = meta.format;
    if (!format || !READABLE.has(format)) throw new ImageDecodeError("is not a PNG, JPEG, GIF, WebP or SVG picture");
    if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > MAX_PIXELS) throw tooLarge();
    const { data, info } = await image.rotate().ensureAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
  } catch (err) {
    if (err instanceof ImageDecodeError) throw err;
    const reason = String((err as Error).message ?? err);
    if (/pixel limit/i.test(reason)) throw tooLarge();
    if (/unsupported image format/i.test(reason)) throw new ImageDecodeError("is not a PNG, JPEG, GIF, WebP or SVG picture");
    throw new ImageDecodeError(`is a ${format ? format.toUpperCase() : "picture"} that could not be read (${reason.slice(0, 120)})`);
  }
}

/** Encodes RGBA pixels as PNG, scaled down (never up) so the longer side is at most `maxSide`. */
export async function encodePng(raster: Raster, maxSide?: number): Promise<Buffer> {
  let image = sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), { raw: { width: raster.width, height: raster.height, channels: 4 } });
  if (maxSide) image = image.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
  return image.png().toBuffer();
}
