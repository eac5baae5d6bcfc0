// A tiny drawing kit for card pictures. Everything is a rect, circle, ellipse or polygon with a
// solid fill (and fill-opacity): exactly what the rasteriser in svg.ts draws, so the picture a
// browser shows and the one image search describes are the same picture. Curves are polygons.

/** The colours one picture is drawn with, all derived from the item's colour. */
export type Palette = {
  main: string;
  dark: string;
  darker: string;
  light: string;
  metal: string;
  ink: string;
  paper: string;
  background: string;
};

/** Draws shapes shifted by (dx, dy) and scaled by s about the centre: a seed's small variation. */
export type Pen = {
  rect(x: number, y: number, w: number, h: number, fill: string, opts?: { rx?: number; opacity?: number }): void;
  circle(cx: number, cy: number, r: number, fill: string, opacity?: number): void;
  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, opacity?: number): void;
  poly(points: readonly number[], fill: string, opacity?: number): void;
  /** A ring segment between radii r0 and r1 (degrees, 0 = right, clockwise as SVG's y runs down). */
  band(cx: number, cy: number, rx: number, ry: number, width: number, from: number, to: number, fill: string, opacity?: number): void;
  /** A filled elliptic sector-like cap: the arc from `from` to `to`, closed by its chord. */
  arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number, fill: string, opacity?: number): void;
  svg(): string;
};

const r2 = (v: number) => Math.round(v * 100) / 100;

function arcPoints(cx: number, cy: number, rx: number, ry: number, from: number, to: number, steps = 18): number[] {
  const out: number[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    out.push(cx + rx * Math.cos(a), cy + ry * Math.sin(a));
  }
  return out;
}

export function createPen(dx: number, dy: number, s: number): Pen {
  const parts: string[] = [];
  const X = (x: number) => r2(50 + (x - 50) * s + dx);
  const Y = (y: number) => r2(50 + (y - 50) * s + dy);
  const L = (v: number) => r2(v * s);
  const op = (o?: number) => (o === undefined || o >= 1 ? "" : ` fill-opacity="${o}"`);
  const pen: Pen = {
    rect(x, y, w, h, fill, opts = {}) {
      const rx = opts.rx ? ` rx="${L(opts.rx)}"` : "";
      parts.push(`<rect x="${X(x)}" y="${Y(y)}" width="${L(w)}" height="${L(h)}"${rx} fill="${fill}"${op(opts.opacity)}/>`);
    },
    circle(cx, cy, r, fill, opacity) {
      parts.push(`<circle cx="${X(cx)}" cy="${Y(cy)}" r="${L(r)}" fill="${fill}"${op(opacity)}/>`);
    },
    ellipse(cx, cy, rx, ry, fill, opacity) {
      parts.push(`<ellipse cx="${X(cx)}" cy="${Y(cy)}" rx="${L(rx)}" ry="${L(ry)}" fill="${fill}"${op(opacity)}/>`);
    },
    poly(points, fill, opacity) {
      const pts: string[] = [];
      for (let i = 0; i + 1 < points.length; i += 2) pts.push(`${X(points[i]!)},${Y(points[i + 1]!)}`);
      parts.push(`<polygon points="${pts.join(" ")}" fill="${fill}"${op(opacity)}/>`);
    },
    band(cx, cy, rx, ry, width, from, to, fill, opacity) {
      const outer = arcPoints(cx, cy, rx, ry, from, to);
      const inner = arcPoints(cx, cy, rx - width, ry - width, to, from);
      pen.poly([...outer, ...inner], fill, opacity);
    },
    arc(cx, cy, rx, ry, from, to, fill, opacity) {
      pen.poly(arcPoints(cx, cy, rx, ry, from, to), fill, opacity);
    },
    svg: () => parts.join(""),
  };
  return pen;
}

/** The six hex digits of a colour, lower case; grey when it is not a hex colour. */
export function hexDigits(color: string): string {
  return /^#?([0-9a-f]{6})$/i.exec(color.trim())?.[1]?.toLowerCase() ?? "888888";
}

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const v = hexDigits(hex);
  return [parseInt(v.slice(0, 2), 16), parseInt(v.slice(2, 4), 16), parseInt(v.slice(4, 6), 16)];
}

const toHex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, "0")).join("")}`;
const mixRgb = (a: Rgb, b: Rgb, t: number) => toHex(a.map((c, i) => c + (b[i]! - c) * t));

/**
 * The palette for an item colour. Light colours (white, cream) sit on a darker tint, so the
 * object keeps an edge; the seed warms or cools the background a little.
 */
export function paletteFor(color: string, seed: number): Palette {
  const base = rgbOf(color);
  const lum = (0.299 * base[0] + 0.587 * base[1] + 0.114 * base[2]) / 255;
  const tints: Rgb[] = [[255, 255, 255], [255, 248, 238], [240, 246, 255]];
  const tint = tints[seed % tints.length]!;
  const background = lum > 0.78 ? mixRgb(base, [140, 150, 165], 0.42) : mixRgb(base, tint, 0.84);
  return {
    main: toHex(base),
    dark: mixRgb(base, [0, 0, 0], lum > 0.78 ? 0.16 : 0.28),
    darker: mixRgb(base, [0, 0, 0], lum > 0.78 ? 0.32 : 0.5),
    light: mixRgb(base, [255, 255, 255], lum > 0.78 ? 0.6 : 0.4),
    metal: "#c7ccd3",
    ink: "#2b2f36",
    paper: lum > 0.85 ? "#f1f3f5" : "#fbfaf7",
    background,
  };
}
