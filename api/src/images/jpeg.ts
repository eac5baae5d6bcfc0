import { decode } from "jpeg-js";
import { ImageDecodeError, MAX_PIXELS, tooLarge, type Raster } from "./raster";

// Ordinary photos are JPEGs. jpeg-js is pure JavaScript (baseline and progressive), so no native
// build is needed; its own limits stop a crafted file from taking the process's memory.

export function isJpeg(bytes: Buffer): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Decodes a JPEG to RGBA (CMYK and greyscale come out as RGB; alpha is opaque). */
export function decodeJpeg(bytes: Buffer): Raster {
  try {
    const image = decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1_000_000, maxMemoryUsageInMB: 512 });
    return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
  } catch (err) {
    const reason = (err as Error).message ?? String(err);
    if (/maxResolutionInMP|maxMemoryUsageInMB/i.test(reason)) throw tooLarge();
    throw new ImageDecodeError(`is a JPEG that could not be read (${reason.slice(0, 120)})`);
  }
}
