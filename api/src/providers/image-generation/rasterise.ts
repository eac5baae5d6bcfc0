import { Resvg } from "@resvg/resvg-js";

/**
 * SVG to PNG with resvg (docs/decisions.md, issue 19): a full SVG renderer (paths, gradients,
 * patterns, clip paths, blur) shipped as a prebuilt binary inside the npm package.
 */
export function svgToPng(svg: string, width: number): Buffer {
  const rendered = new Resvg(svg, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } }).render();
  return Buffer.from(rendered.asPng());
}
