import type { Raster } from "./raster";

// The offline image descriptor: 384 numbers computed from the pixels, compared by cosine.
//   64  colour histogram, 4 × 4 × 4 RGB bins over the whole picture  (which colours, how much)
//  192  8 × 8 grid of mean colours in opponent space (red–green,     (where the colours are)
//       yellow–blue, lightness), so two light pictures of different hue still differ
//   64  dHash: does brightness rise or fall left to right, 8 × 8       (edges and shape)
//   64  aHash: is each 8 × 8 cell brighter than the mean               (light/dark layout)
// Each block is L2-normalised and weighted, then the whole vector. It finds pictures of similar
// colours and composition (the same product shot, a recolour, a crop of the same layout); it
// cannot tell what an object is — a red mug and a red T-shirt on white look alike to it.

// v2: card pictures are drawn by kind (a T-shirt, a mug); the version names the vector space, so
// vectors of the old drawings read as stale and the index rebuilds at start (startImageIndexBuild).
// v3: pictures are decoded by sharp and SVG drawn by resvg (anti-aliased, with paths and strokes),
// so every stored vector is rebuilt.
export const DESCRIPTOR_KIND = "colour-layout-hash-v3";
export const DESCRIPTOR_DIMENSIONS = 384;

const WEIGHTS = { histogram: 0.4, grid: 0.35, dhash: 0.1, ahash: 0.15 };
const GRID = 32;

/** Box-filters a raster down to size × size RGB in 0–1, composited over white. */
function downscale(raster: Raster, w: number, h: number): Float64Array {
  const out = new Float64Array(w * h * 3);
  const counts = new Float64Array(w * h);
  // Sample at most ~256 × 256 source pixels: larger images add time, not information, at 32 × 32.
  const step = Math.max(1, Math.floor(Math.max(raster.width, raster.height) / 256));
  for (let y = 0; y < raster.height; y += step) {
    const ty = Math.min(h - 1, Math.floor((y * h) / raster.height));
    for (let x = 0; x < raster.width; x += step) {
      const tx = Math.min(w - 1, Math.floor((x * w) / raster.width));
      const o = (y * raster.width + x) * 4;
      const a = raster.data[o + 3]! / 255;
      const t = ty * w + tx;
      for (let c = 0; c < 3; c++) out[t * 3 + c]! += (raster.data[o + c]! * a + 255 * (1 - a)) / 255;
      counts[t]! += 1;
    }
  }
  for (let t = 0; t < w * h; t++) for (let c = 0; c < 3; c++) out[t * 3 + c] = counts[t] ? out[t * 3 + c]! / counts[t]! : 1;
  return out;
}

function normalise(v: number[], weight: number): number[] {
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => (norm === 0 ? 0 : (x / norm) * Math.sqrt(weight)));
}

const grey = (rgb: Float64Array, i: number) => 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;

/** The 384-number descriptor of a picture, L2-normalised. */
export function describeImage(raster: Raster): number[] {
  const small = downscale(raster, GRID, GRID);
  const histogram = new Array<number>(64).fill(0);
  // No closures inside per-pixel loops: the TypeScript loader names every function it creates,
  // which cost more than the loop's own work.
  const bin = (v: number) => Math.min(3, Math.floor(v * 4));
  for (let i = 0; i < GRID * GRID; i++) histogram[bin(small[i * 3]!) * 16 + bin(small[i * 3 + 1]!) * 4 + bin(small[i * 3 + 2]!)]! += 1;
  const grid8 = downscale(raster, 8, 8);
  const grid: number[] = [];
  for (let i = 0; i < 64; i++) {
    const [r, g, b] = [grid8[i * 3]!, grid8[i * 3 + 1]!, grid8[i * 3 + 2]!];
    grid.push((r - g) * 1.5, (r + g - 2 * b) * 0.75, (r + g + b) / 3 - 0.5);
  }
  const d9 = downscale(raster, 9, 8);
  const dhash: number[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) dhash.push(grey(d9, y * 9 + x + 1) > grey(d9, y * 9 + x) + 0.01 ? 1 : -1);
  const greys = Array.from({ length: 64 }, (_, i) => grey(grid8, i));
  const mean = greys.reduce((s, g) => s + g, 0) / 64;
  const ahash = greys.map((g) => (g > mean + 0.01 ? 1 : -1));
  const v = [...normalise(histogram, WEIGHTS.histogram), ...normalise(grid, WEIGHTS.grid), ...normalise(dhash, WEIGHTS.dhash), ...normalise(ahash, WEIGHTS.ahash)];
  return normalise(v, 1);
}

/** The picture's most common colours (of the 64 bins), as hex, most common first. */
export function dominantColors(raster: Raster, count = 3): string[] {
  const small = downscale(raster, GRID, GRID);
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i < GRID * GRID; i++) {
    const [r, g, b] = [small[i * 3]!, small[i * 3 + 1]!, small[i * 3 + 2]!];
    const key = Math.min(3, Math.floor(r * 4)) * 16 + Math.min(3, Math.floor(g * 4)) * 4 + Math.min(3, Math.floor(b * 4));
    const e = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bins.set(key, { n: e.n + 1, r: e.r + r, g: e.g + g, b: e.b + b });
  }
  return [...bins.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, count)
    .map((e) => `#${[e.r, e.g, e.b].map((c) => Math.round((c / e.n) * 255).toString(16).padStart(2, "0")).join("")}`);
}
