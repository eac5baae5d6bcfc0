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
