import { Resvg } from "@resvg/resvg-js";
import { RESVG_FONTS } from "../../images/fonts";

/**
 * SVG to PNG with resvg (docs/decisions.md, issue 19): a full SVG renderer (paths, gradients,
 * patterns, clip paths, blur) shipped as a prebuilt binary inside the npm package.
 */
export function svgToPng(svg: string, width: number): Buffer {
  const rendered = new Resvg(svg, { fitTo: { mode: "width", value: width }, font: RESVG_FONTS }).render();
  return Buffer.from(rendered.asPng());
}
