import { GifReader } from "omggif";
import { createRaster, ImageDecodeError, MAX_PIXELS, tooLarge, type Raster } from "./raster";

// GIFs (product shots exported from old tools, first frame of an animation) through omggif, a
// small pure-JavaScript decoder. Only the first frame is read: it is what a thumbnail shows.

export function isGif(bytes: Buffer): boolean {
  return bytes.length > 6 && bytes.subarray(0, 4).toString("latin1") === "GIF8";
}

/** Decodes a GIF's first frame to RGBA; transparent pixels stay transparent. */
export function decodeGif(bytes: Buffer): Raster {
  let reader: GifReader;
  try {
    reader = new GifReader(bytes);
  } catch (err) {
    throw unreadable(err);
  }
  if (reader.width * reader.height > MAX_PIXELS) throw tooLarge();
  if (reader.numFrames() < 1) throw new ImageDecodeError("is a GIF without a picture");
  const raster = createRaster(reader.width, reader.height);
  try {
    reader.decodeAndBlitFrameRGBA(0, raster.data as unknown as Uint8Array);
  } catch (err) {
    throw unreadable(err);
  }
  return raster;
}

function unreadable(err: unknown): ImageDecodeError {
  return new ImageDecodeError(`is a GIF that could not be read (${String((err as Error).message ?? err).slice(0, 120)})`);
}
