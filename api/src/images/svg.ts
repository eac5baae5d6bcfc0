import { createRaster, ImageDecodeError, type Raster } from "./raster";

// A small SVG rasteriser for flat drawings: rect (rounded too), circle, ellipse and polygon with solid fills,
// in document order, inside the root viewBox. It reads our own rendered item images exactly and
// the colours and layout of simple logos and mock-ups; gradients, paths, text, strokes and
// transforms are not drawn (a drawing made only of those is refused).

type Rgba = [number, number, number, number];
type Shape = { fill: Rgba; inside: (x: number, y: number) => boolean };

const NAMED: Record<string, [number, number, number]> = {
  white: [255, 255, 255], black: [0, 0, 0], red: [255, 0, 0], green: [0, 128, 0], blue: [0, 0, 255],
  yellow: [255, 255, 0], orange: [255, 165, 0], purple: [128, 0, 128], gray: [128, 128, 128], grey: [128, 128, 128],
  pink: [255, 192, 203], brown: [165, 42, 42], navy: [0, 0, 128], teal: [0, 128, 128],
};

export function looksLikeSvg(text: string): boolean {
  return /<svg[\s>]/i.test(text.slice(0, 2000));
}

/** Parses a CSS colour (#rgb, #rrggbb, rgb(), a few names); null for none or unknown. */
export function parseColor(value: string | undefined, opacity = 1): Rgba | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === "none" || v === "transparent") return null;
  let m = /^#([0-9a-f]{3})$/.exec(v);
  if (m) return [...m[1]!.split("").map((c) => parseInt(c + c, 16)), opacity * 255] as Rgba;
  m = /^#([0-9a-f]{6})$/.exec(v);
  if (m) return [parseInt(m[1]!.slice(0, 2), 16), parseInt(m[1]!.slice(2, 4), 16), parseInt(m[1]!.slice(4, 6), 16), opacity * 255];
  m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(v);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), opacity * 255 * (m[4] === undefined ? 1 : Number(m[4]))];
  const named = NAMED[v];
  return named ? [...named, opacity * 255] : null;
}

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(/([a-zA-Z][\w:-]*)\s*=\s*"([^"]*)"|([a-zA-Z][\w:-]*)\s*=\s*'([^']*)'/g)) out[(m[1] ?? m[3])!] = (m[2] ?? m[4])!;
  const style = out.style ?? "";
  for (const m of style.matchAll(/(fill|fill-opacity|opacity)\s*:\s*([^;]+)/g)) out[m[1]!] = m[2]!.trim();
  return out;
}

const num = (v: string | undefined, fallback = 0) => {
  const n = Number.parseFloat(v ?? "");
  return Number.isFinite(n) ? n : fallback;
};

function shapeOf(tag: string, a: Record<string, string>): Shape | null {
  const fill = parseColor(a.fill ?? "black", num(a["fill-opacity"], 1) * num(a.opacity, 1));
  if (!fill) return null;
  switch (tag) {
    case "rect": {
      const [x, y, w, h] = [num(a.x), num(a.y), num(a.width), num(a.height)];
      // Rounded corners: rx alone rounds both ways (as SVG does), and neither exceeds half a side.
      const rx = Math.min(w / 2, num(a.rx, num(a.ry)));
      const ry = Math.min(h / 2, num(a.ry, num(a.rx)));
      return { fill, inside: (px, py) => px >= x && px < x + w && py >= y && py < y + h && insideCorners(px - x, py - y, w, h, rx, ry) };
    }
    case "circle": {
      const [cx, cy, r] = [num(a.cx), num(a.cy), num(a.r)];
      return { fill, inside: (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r };
    }
    case "ellipse": {
      const [cx, cy, rx, ry] = [num(a.cx), num(a.cy), num(a.rx), num(a.ry)];
      return { fill, inside: (px, py) => rx > 0 && ry > 0 && ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 <= 1 };
    }
    case "polygon": {
      const n = (a.points ?? "").trim().split(/[\s,]+/).map(Number);
      const pts: [number, number][] = [];
      for (let i = 0; i + 1 < n.length; i += 2) pts.push([n[i]!, n[i + 1]!]);
      if (pts.length < 3 || pts.some((p) => !Number.isFinite(p[0]) || !Number.isFinite(p[1]))) return null;
      return { fill, inside: (px, py) => insidePolygon(pts, px, py) };
    }
    default:
      return null;
  }
}

/** Whether a point of a w × h box (box coordinates) lies within its rounded corners. */
function insideCorners(x: number, y: number, w: number, h: number, rx: number, ry: number): boolean {
  if (!(rx > 0 && ry > 0)) return true;
  const cx = x < rx ? rx : x > w - rx ? w - rx : x;
  const cy = y < ry ? ry : y > h - ry ? h - ry : y;
  return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
}

function insidePolygon(pts: [number, number][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!;
    const [xj, yj] = pts[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Draws an SVG's flat shapes onto a size × size canvas (white where nothing is drawn). */
export function rasterizeSvg(text: string, size = 64): Raster {
  const root = /<svg\b([^>]*)>/i.exec(text);
  if (!root) throw new ImageDecodeError("is not an SVG drawing");
  const rootAttrs = attributes(root[1]!);
  const box = (rootAttrs.viewBox ?? "").trim().split(/[\s,]+/).map(Number);
  const [minX, minY, boxW, boxH] = box.length === 4 && box.every(Number.isFinite) ? box : [0, 0, num(rootAttrs.width, 100), num(rootAttrs.height, 100)];
  if (!(boxW! > 0 && boxH! > 0)) throw new ImageDecodeError("is an SVG without a size");
  const shapes: Shape[] = [];
  for (const m of text.matchAll(/<(rect|circle|ellipse|polygon)\b([^>]*)\/?>/gi)) {
    const shape = shapeOf(m[1]!.toLowerCase(), attributes(m[2]!));
    if (shape) shapes.push(shape);
  }
  if (shapes.length === 0) throw new ImageDecodeError("is an SVG with no filled rect, circle, ellipse or polygon to compare");
  const raster = createRaster(size, size);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = minX! + ((px + 0.5) / size) * boxW!;
      const y = minY! + ((py + 0.5) / size) * boxH!;
      let [r, g, b] = [255, 255, 255];
      for (const s of shapes) {
        if (!s.inside(x, y)) continue;
        const alpha = s.fill[3] / 255;
        r = r * (1 - alpha) + s.fill[0] * alpha;
        g = g * (1 - alpha) + s.fill[1] * alpha;
        b = b * (1 - alpha) + s.fill[2] * alpha;
      }
      const o = (py * size + px) * 4;
      raster.data[o] = r;
      raster.data[o + 1] = g;
      raster.data[o + 2] = b;
      raster.data[o + 3] = 255;
    }
  }
  return raster;
}
