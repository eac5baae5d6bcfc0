import { Resvg } from "@resvg/resvg-js";
import { RESVG_FONTS } from "./fonts";
import { ImageDecodeError, type Raster } from "./raster";

// SVG through resvg (docs/decisions.md, issue 19): paths, strokes, text, gradients, transforms and
// clip paths are drawn as a browser would, from a prebuilt binary inside the npm package. It
// replaces a hand-written rasteriser that only filled rects, circles, ellipses and polygons.

export function looksLikeSvg(text: string): boolean {
  return /<svg[\s>]/i.test(text.slice(0, 2000));
}

/** Draws an SVG `size` pixels wide (height to its aspect), over white where nothing is drawn. */
export function rasterizeSvg(text: string, size = 64): Raster {
  let rendered;
  try {
    // No resources directory: an SVG from a user never reads files beside it.
    rendered = new Resvg(text, { fitTo: { mode: "width", value: size }, background: "white", font: RESVG_FONTS }).render();
  } catch (err) {
    throw new ImageDecodeError(`is an SVG drawing that could not be read (${String((err as Error).message ?? err).slice(0, 120)})`);
  }
  if (rendered.width === 0 || rendered.height === 0) throw new ImageDecodeError("is an SVG without a size");
  const pixels = rendered.pixels;
  return { width: rendered.width, height: rendered.height, data: new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.byteLength) };
}
