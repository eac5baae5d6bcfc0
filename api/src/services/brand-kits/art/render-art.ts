import { createHash } from "node:crypto";
import { Resvg } from "@resvg/resvg-js";
import { RESVG_FONTS } from "../../../images/fonts";
import type { Queryable } from "../../../db/pool";
import { getArtPng, insertArt } from "../../../queries/brand-kits/art";
import { drawArt, type ArtSpec } from "./draw-art";

/** Where a stored picture is served (public: kits are shared by link, and the key is a hash nobody guesses). */
export const artUrl = (key: string) => `/rest/main/app/brand-kit-art/${key}.png`;
export const artKeyOfUrl = (url: string) => /\/brand-kit-art\/([0-9a-f]{64})\.png$/.exec(url)?.[1] ?? null;

export const artKey = (spec: ArtSpec) => createHash("sha256").update(JSON.stringify([spec.kind, spec.seed, spec.index, spec.colors, spec.title, spec.subtitle])).digest("hex");

/** SVG → PNG with resvg (the same SVG gives the same bytes). */
export function rasterise(svg: string, width?: number): Buffer {
  const resvg = new Resvg(svg, { fitTo: width ? { mode: "width", value: width } : { mode: "original" }, font: RESVG_FONTS });
  return resvg.render().asPng();
}

/** Draws and stores a picture once (content-addressed) and answers its address. */
export async function renderArt(db: Queryable, spec: ArtSpec): Promise<string> {
  const key = artKey(spec);
  if (!(await getArtPng(db, key))) await insertArt(db, key, spec, rasterise(drawArt(spec)));
  return artUrl(key);
}

/** The PNG of a stored picture, or null. */
export async function artPng(db: Queryable, key: string): Promise<Buffer | null> {
  return getArtPng(db, key);
}
