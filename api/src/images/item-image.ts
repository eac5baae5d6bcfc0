import { API_BASE_PATH } from "@atelier/contracts";

import { createPen, hexDigits, paletteFor } from "./pen";
import { DRAWINGS, isPictureKind, type PictureKind } from "./picture-kinds";

// Seeded catalog items have no photo; their card picture is drawn from the item's kind (what it
// is: a T-shirt, a mug, a mailer box; see picture-kinds.ts), image_seed and image_color as a small
// SVG: the object in the item's colour with simple shading, on a soft tinted background. The same
// drawing is what image search describes for them, so a saved card image finds its own item.

/** `kind` absent: the first, kind-less drawing, which links made before kinds still name. */
export type ItemImageInput = { imageSeed: number; imageColor: string; kind?: PictureKind };

function hexToRgb(hex: string): [number, number, number] {
  const v = hexDigits(hex);
  return [parseInt(v.slice(0, 2), 16), parseInt(v.slice(2, 4), 16), parseInt(v.slice(4, 6), 16)];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, "0")).join("")}`;

function mix(rgb: [number, number, number], toward: number, amount: number): string {
  return toHex(rgb.map((c) => c + (toward - c) * amount));
}

const svgOf = (background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="0" y="0" width="100" height="100" fill="${background}"/>${body}</svg>`;

/** The item's card picture as SVG text (viewBox 100 × 100, scales to every card size). */
export function itemImageSvg(input: ItemImageInput): string {
  return input.kind ? drawnPicture(input.kind, input) : legacyPicture(input);
}

/**
 * The object of its kind, moved and sized a little by the seed (two items of one kind and colour
 * still differ, so a saved card picture finds its own item), standing on a floor with a shadow.
 */
function drawnPicture(kind: PictureKind, { imageSeed, imageColor }: ItemImageInput): string {
  const seed = Math.abs(imageSeed | 0);
  const palette = paletteFor(imageColor, seed);
  const dx = ((seed >> 3) % 7) - 3;
  const dy = ((seed >> 6) % 5) - 2;
  const scale = 0.9 + ((seed >> 9) % 5) * 0.02;
  const pen = createPen(dx, dy, scale);
  DRAWINGS[kind](pen, palette);
  const floor = `<rect x="0" y="${86 + dy}" width="100" height="${14 - dy}" fill="#000000" fill-opacity="0.04"/>`;
  const shadow = `<ellipse cx="${50 + dx}" cy="${87 + dy}" rx="${34 * scale}" ry="4" fill="#000000" fill-opacity="0.12"/>`;
  return svgOf(palette.background, `${floor}${shadow}${pen.svg()}`);
}

/** The first drawing (a geometric placeholder), kept byte for byte: its links are immutable. */
function legacyPicture({ imageSeed, imageColor }: ItemImageInput): string {
  const seed = Math.abs(imageSeed | 0);
  const base = hexToRgb(imageColor);
  const background = mix(base, 255, 0.78);
  const main = toHex(base);
  const accent = mix(base, 0, 0.35 + ((seed >> 4) % 4) * 0.1);
  const dx = ((seed >> 2) % 5) * 4 - 8;
  const dy = ((seed >> 6) % 5) * 3 - 6;
  const shapes = [
    `<circle cx="${50 + dx}" cy="${50 + dy}" r="${26 + (seed % 7)}" fill="${main}"/><circle cx="${50 + dx}" cy="${50 + dy}" r="${10 + (seed % 5)}" fill="${accent}"/>`,
    `<rect x="${24 + dx}" y="${22 + dy}" width="${52 - (seed % 9)}" height="${56}" fill="${main}"/><rect x="${24 + dx}" y="${22 + dy}" width="${52 - (seed % 9)}" height="${12}" fill="${accent}"/>`,
    `<polygon points="${50 + dx},${16 + dy} ${82 + dx},${78 + dy} ${18 + dx},${78 + dy}" fill="${main}"/><rect x="${40 + dx}" y="${60 + dy}" width="20" height="18" fill="${accent}"/>`,
    `<ellipse cx="${50 + dx}" cy="${54 + dy}" rx="${34 - (seed % 6)}" ry="${22 + (seed % 6)}" fill="${main}"/><rect x="${20 + dx}" y="${30 + dy}" width="60" height="8" fill="${accent}"/>`,
    `<rect x="${14 + dx}" y="${34 + dy}" width="72" height="36" fill="${main}"/><circle cx="${30 + dx}" cy="${52 + dy}" r="9" fill="${accent}"/><circle cx="${70 + dx}" cy="${52 + dy}" r="9" fill="${accent}"/>`,
  ];
  return svgOf(background, shapes[seed % shapes.length]!);
}

/** The card picture as a data URL (an upload of the drawing, as a person who saved it would send it). */
export function itemImageDataUrl(input: ItemImageInput): string {
  return `data:image/svg+xml;base64,${Buffer.from(itemImageSvg(input)).toString("base64")}`;
}

/**
 * Where the API serves card pictures (public): `<kind>-<seed>-<rrggbb>.svg` names a drawing, which
 * never changes; the older `<seed>-<rrggbb>.svg` names the first, kind-less drawing and still works.
 */
export const CARD_PICTURE_PATH = "/app/card-pictures";
const CARD_PICTURE_NAME = /^(?:([a-z]{2,20})-)?(-?\d{1,10})-([0-9a-f]{6})\.svg$/;

/**
 * The card picture's address under the API base path, named by what it draws: answers carry this
 * short link instead of the drawing, and the browser keeps each picture once (it is immutable).
 */
export function itemImagePath({ imageSeed, imageColor, kind }: ItemImageInput): string {
  return `${API_BASE_PATH}${CARD_PICTURE_PATH}/${kind ? `${kind}-` : ""}${imageSeed | 0}-${hexDigits(imageColor)}.svg`;
}

/** The drawing a card picture's file name stands for; null when the name is not one. */
export function parseCardPictureName(name: string): ItemImageInput | null {
  const m = CARD_PICTURE_NAME.exec(name);
  if (!m) return null;
  const [, kind, seedText, hex] = m;
  if (kind !== undefined && !isPictureKind(kind)) return null;
  const seed = Number(seedText);
  if (!Number.isSafeInteger(seed) || seed !== (seed | 0)) return null;
  return kind === undefined ? { imageSeed: seed, imageColor: `#${hex}` } : { imageSeed: seed, imageColor: `#${hex}`, kind };
}

/** The drawing behind a card picture link (absolute, or the API path), whichever host serves it; else null. */
export function cardPictureOfUrl(url: string): ItemImageInput | null {
  let path: string;
  try {
    path = new URL(url, "http://card-picture.invalid").pathname;
  } catch {
    return null;
  }
  const prefix = `${API_BASE_PATH}${CARD_PICTURE_PATH}/`;
  return path.startsWith(prefix) ? parseCardPictureName(path.slice(prefix.length)) : null;
}
