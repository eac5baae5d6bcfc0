import { clampChroma, formatHex, oklch, wcagContrast } from "culori";
import type { PaletteColor } from "@atelier/contracts/brand-kits";
import type { Rng } from "./random";
import { COLOUR_WORDS } from "./themes";

export type PaletteTone = "darker" | "lighter" | "warmer" | "cooler";

/** Roles of the four colours, in palette order (the first is the slide colour). */
const ROLES = [
  { role: "Primary", l: [0.42, 0.6], c: [0.09, 0.16], use: "the logo, buttons and headlines" },
  { role: "Accent", l: [0.62, 0.78], c: [0.1, 0.18], use: "highlights, stickers and sale tags" },
  { role: "Light neutral", l: [0.93, 0.97], c: [0.01, 0.035], use: "backgrounds and packaging paper" },
  { role: "Dark neutral", l: [0.2, 0.28], c: [0.01, 0.04], use: "body text and fine print" },
] as const;

function hueFamily(h: number, c: number): keyof typeof COLOUR_WORDS {
  if (c < 0.04) return "neutral";
  if (h < 20 || h >= 345) return "pink";
  if (h < 45) return "red";
  if (h < 75) return "orange";
  if (h < 105) return "yellow";
  if (h < 165) return "green";
  if (h < 200) return "teal";
  if (h < 265) return "blue";
  if (h < 320) return "purple";
  return "pink";
}

const LIGHT_NEUTRALS = ["Oat", "Linen", "Cream", "Porcelain"] as const;
const DARK_NEUTRALS = ["Charcoal", "Ink", "Espresso", "Slate"] as const;

const toHex = (l: number, c: number, h: number) => formatHex(clampChroma({ mode: "oklch", l, c, h }, "oklch"))!.toUpperCase();

/**
 * Four colours in OKLCH (primary, accent, light and dark neutral) around the theme's hues, gamut
 * mapped to sRGB. The dark neutral is darkened until it reads on the light one at 7:1 and the
 * primary until white text reads on it at 4.5:1 (WCAG AA for buttons).
 */
export function drawPalette(rng: Rng, hues: readonly number[], tone?: PaletteTone): PaletteColor[] {
  const base = rng.pick(hues) + rng.int(-12, 12);
  const accentHue = rng.next() < 0.5 ? base + 180 + rng.int(-30, 30) : rng.pick(hues) + rng.int(-15, 15);
  const shift = tone === "darker" ? -0.12 : tone === "lighter" ? 0.1 : 0;
  const hueShift = tone === "warmer" ? -25 : tone === "cooler" ? 25 : 0;
  const colours = ROLES.map((r, i) => {
    const h = ((i === 1 ? accentHue : base) + hueShift + 360) % 360;
    const l = Math.min(0.98, Math.max(0.12, r.l[0] + rng.next() * (r.l[1] - r.l[0]) + (i === 2 ? shift / 4 : shift)));
    const c = r.c[0] + rng.next() * (r.c[1] - r.c[0]);
    return { l, c, h };
  });
  const [primary, , light, dark] = colours as [{ l: number; c: number; h: number }, unknown, { l: number; c: number; h: number }, { l: number; c: number; h: number }];
  while (wcagContrast(toHex(primary.l, primary.c, primary.h), "#FFFFFF") < 4.5 && primary.l > 0.15) primary.l -= 0.02;
  while (wcagContrast(toHex(dark.l, dark.c, dark.h), toHex(light.l, light.c, light.h)) < 7 && dark.l > 0.08) dark.l -= 0.02;
  const used = new Set<string>();
  return colours.map((col, i) => {
    const hexCode = toHex(col.l, col.c, col.h);
    const family = hueFamily(col.h, col.c);
    const words = family === "neutral" ? (col.l > 0.6 ? LIGHT_NEUTRALS : DARK_NEUTRALS) : COLOUR_WORDS[family]!;
    let name = rng.pick(words);
    for (const w of words) if (used.has(name)) name = w;
    used.add(name);
    const role = ROLES[i]!;
    return { hexCode, name, description: `${role.role}: for ${role.use}.${i === 0 ? " White text reads on it." : i === 3 ? ` Reads on ${[...used][2] ?? "the light neutral"} at ${wcagContrast(hexCode, toHex(light.l, light.c, light.h)).toFixed(1)}:1.` : ""}` };
  });
}

/** The contrast of a text colour on a background (WCAG 2 ratio). */
export function contrast(a: string, b: string): number {
  return wcagContrast(a, b);
}

/** Black or white, whichever reads better on the colour. */
export function textOn(hex: string): string {
  return wcagContrast(hex, "#FFFFFF") >= wcagContrast(hex, "#111111") ? "#FFFFFF" : "#111111";
}

/** The colour's OKLCH lightness 0–1. */
export function lightness(hex: string): number {
  return oklch(hex)?.l ?? 0.5;
}
