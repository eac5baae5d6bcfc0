/** Decoded pixels: width × height RGBA, 8 bits a channel, rows top to bottom. */
export type Raster = { width: number; height: number; data: Uint8ClampedArray };

/** An image the descriptor cannot read; the caller turns it into a 400 on the field it came from. */
export class ImageDecodeError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "ImageDecodeError";
  }
}

/** Largest picture decoded, in pixels: bigger ones would hold the event loop too long. */
export const MAX_PIXELS = 25_000_000;

/** The refusal of a picture over MAX_PIXELS. */
export function tooLarge(): ImageDecodeError {
  return new ImageDecodeError(`is too large (at most ${MAX_PIXELS / 1_000_000} megapixels)`);
}

export function createRaster(width: number, height: number): Raster {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/** The raster scaled down (box filter) so its longer side is at most `side`; smaller ones as they are. */
export function fitWithin(raster: Raster, side: number): Raster {
  const scale = Math.max(raster.width, raster.height) / side;
  if (scale <= 1) return raster;
  const out = createRaster(Math.max(1, Math.round(raster.width / scale)), Math.max(1, Math.round(raster.height / scale)));
  const sums = new Float64Array(out.width * out.height * 4);
  const counts = new Uint32Array(out.width * out.height);
  for (let y = 0; y < raster.height; y++) {
    const ty = Math.min(out.height - 1, Math.floor(y / scale));
    for (let x = 0; x < raster.width; x++) {
      const t = ty * out.width + Math.min(out.width - 1, Math.floor(x / scale));
      const o = (y * raster.width + x) * 4;
      for (let c = 0; c < 4; c++) sums[t * 4 + c]! += raster.data[o + c]!;
      counts[t]! += 1;
    }
  }
  for (let t = 0; t < counts.length; t++) for (let c = 0; c < 4; c++) out.data[t * 4 + c] = counts[t] ? sums[t * 4 + c]! / counts[t]! : 0;
  return out;
}
