import { rngFor, type Rng } from "../offline/random";
import { textOn } from "../offline/palette";

/** What a picture shows: the same spec always draws the same SVG (and so the same PNG). */
export type ArtSpec = {
  kind: "moodboard" | "idea" | "sku" | "thumbnail";
  /** The slot's seed key (kit, slot, seed). */
  seed: string;
  /** Which picture of its set (mood-board tile 0–7, idea image 0–3, slide index). */
  index: number;
  colors: string[];
  /** Brand name, SKU title or slide title. */
  title: string;
  /** Slogan or subtitle. */
  subtitle: string;
};

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c]!);
const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";
const SERIF = "DejaVu Serif, Georgia, serif";

function blob(rng: Rng, cx: number, cy: number, r: number, fill: string, opacity = 1): string {
  const points = 7;
  const pts = Array.from({ length: points }, (_, i) => {
    const a = (i / points) * Math.PI * 2;
    const rr = r * (0.7 + rng.next() * 0.5);
    return [cx + Math.cos(a) * rr, cy + Math.sin(a) * rr] as const;
  });
  // A closed Catmull-Rom curve through the points, as cubic Béziers: a soft organic shape.
  let d = `M${pts[0]![0].toFixed(1)},${pts[0]![1].toFixed(1)}`;
  for (let i = 0; i < points; i++) {
    const p0 = pts[(i - 1 + points) % points]!, p1 = pts[i]!, p2 = pts[(i + 1) % points]!, p3 = pts[(i + 2) % points]!;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${c1[0]!.toFixed(1)},${c1[1]!.toFixed(1)} ${c2[0]!.toFixed(1)},${c2[1]!.toFixed(1)} ${p2[0].toFixed(1)},${p2[1].toFixed(1)}`;
  }
  return `<path d="${d} Z" fill="${fill}" opacity="${opacity}"/>`;
}

function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const w of text.split(/\s+/)) {
    if ((line + " " + w).trim().length > max && line) {
      lines.push(line);
      line = w;
    } else line = (line + " " + w).trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

function moodboard(spec: ArtSpec, rng: Rng): string {
  const [a, b, c, d] = spec.colors as [string, string, string, string];
  const size = 512;
  const composition = spec.index % 4;
  const parts: string[] = [`<rect width="${size}" height="${size}" fill="${rng.pick([c, a, b])}"/>`];
  if (composition === 0) for (let i = 0; i < 5; i++) parts.push(blob(rng, rng.int(40, 470), rng.int(40, 470), rng.int(60, 170), rng.pick([a, b, d]), 0.55 + rng.next() * 0.4));
  else if (composition === 1) {
    const w = rng.int(28, 60);
    for (let x = -size; x < size * 2; x += w * 2) parts.push(`<rect x="${x}" y="-200" width="${w}" height="${size * 2}" fill="${rng.pick([a, b, d])}" transform="rotate(${rng.pick([20, 30, 45])} 256 256)" opacity="0.85"/>`);
    parts.push(`<circle cx="${rng.int(150, 360)}" cy="${rng.int(150, 360)}" r="${rng.int(80, 140)}" fill="${c}"/>`);
  } else if (composition === 2) {
    const n = rng.int(4, 6);
    const cell = size / n;
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
      const fill = rng.pick([a, b, c, d]);
      parts.push(rng.next() < 0.5 ? `<circle cx="${x * cell + cell / 2}" cy="${y * cell + cell / 2}" r="${cell * 0.38}" fill="${fill}"/>` : `<path d="M${x * cell},${y * cell + cell} A${cell},${cell} 0 0 1 ${x * cell + cell},${y * cell}" fill="none" stroke="${fill}" stroke-width="${cell / 5}"/>`);
    }
  } else {
    parts.push(`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${size}" height="${size}" fill="url(#g)"/>`);
    parts.push(blob(rng, 256, 300, 150, c, 0.9));
    parts.push(`<circle cx="${rng.int(330, 420)}" cy="${rng.int(90, 160)}" r="46" fill="${d}"/>`);
  }
  return svg(size, size, parts.join(""));
}

function ideaImage(spec: ArtSpec, rng: Rng): string {
  const [a, b, c, d] = spec.colors as [string, string, string, string];
  const size = 512;
  const initial = esc(spec.title.trim().charAt(0).toUpperCase() || "B");
  const name = esc(spec.title);
  switch (spec.index % 4) {
    case 0: // logo mark
      return svg(size, size, `<rect width="${size}" height="${size}" fill="${c}"/><circle cx="256" cy="210" r="120" fill="${a}"/>${blob(rng, 300, 170, 50, b, 0.9)}<text x="256" y="252" font-family="${SERIF}" font-size="130" font-weight="bold" text-anchor="middle" fill="${textOn(a)}">${initial}</text><text x="256" y="410" font-family="${FONT}" font-size="${Math.min(52, 900 / Math.max(6, spec.title.length))}" font-weight="bold" text-anchor="middle" fill="${d}" letter-spacing="2">${esc(spec.title.toUpperCase())}</text>`);
    case 1: // packaging
      return svg(size, size, `<rect width="${size}" height="${size}" fill="${b}"/><rect x="146" y="110" width="220" height="300" rx="18" fill="${a}"/><rect x="146" y="110" width="220" height="60" rx="18" fill="${d}"/><rect x="160" y="220" width="192" height="110" rx="8" fill="${c}"/><text x="256" y="285" font-family="${SERIF}" font-size="${Math.min(30, 300 / Math.max(6, spec.title.length))}" font-weight="bold" text-anchor="middle" fill="${d}">${name}</text><ellipse cx="256" cy="430" rx="140" ry="14" fill="${d}" opacity="0.25"/>`);
    case 2: { // pattern
      const tiles: string[] = [`<rect width="${size}" height="${size}" fill="${a}"/>`];
      for (let y = 0; y < 6; y++) for (let x = 0; x < 6; x++) tiles.push(`<text x="${x * 85 + 42}" y="${y * 85 + 60}" font-family="${SERIF}" font-size="50" text-anchor="middle" fill="${(x + y) % 2 ? b : c}" opacity="0.9">${initial}</text>`);
      return svg(size, size, tiles.join(""));
    }
    default: { // social post
      const lines = wrap(spec.subtitle || spec.title, 16).map((l, i) => `<text x="48" y="${200 + i * 58}" font-family="${SERIF}" font-size="48" font-weight="bold" fill="${textOn(d)}">${esc(l)}</text>`);
      return svg(size, size, `<rect width="${size}" height="${size}" fill="${d}"/>${blob(rng, 440, 80, 110, b, 0.9)}${lines.join("")}<text x="48" y="470" font-family="${FONT}" font-size="24" fill="${b}" letter-spacing="3">${esc(spec.title.toUpperCase())}</text>`);
    }
  }
}

/** A product drawn from its title's kind (bottle, jar, tee, bag, box, mug), in the brand's colours. */
function skuImage(spec: ArtSpec, rng: Rng): string {
  const [a, b, c, d] = spec.colors as [string, string, string, string];
  const t = spec.title.toLowerCase();
  const label = esc(spec.subtitle || spec.title);
  let body: string;
  if (/sauce|oil|bottle|serum|dropper|shampoo/.test(t)) body = `<rect x="226" y="90" width="60" height="70" rx="8" fill="${d}"/><path d="M196 160 h120 l24 60 v200 a20 20 0 0 1 -20 20 h-128 a20 20 0 0 1 -20 -20 v-200z" fill="${a}"/><rect x="186" y="260" width="140" height="100" fill="${c}"/>`;
  else if (/tee|shirt|hoodie|jersey|bra|top/.test(t)) body = `<path d="M176 110 l-80 50 36 70 44 -22 v212 h160 v-212 l44 22 36 -70 -80 -50 q-40 30 -80 0z" fill="${a}"/><circle cx="256" cy="250" r="38" fill="${b}"/>`;
  else if (/legging|chino|short|pant/.test(t)) body = `<path d="M186 90 h140 l20 340 h-64 l-26 -230 -26 230 h-64z" fill="${a}"/><rect x="186" y="90" width="140" height="26" fill="${d}"/>`;
  else if (/mug|cup|pour/.test(t)) body = `<rect x="166" y="170" width="160" height="200" rx="20" fill="${a}"/><path d="M326 210 a50 50 0 0 1 0 110" fill="none" stroke="${a}" stroke-width="22"/><rect x="186" y="230" width="120" height="60" fill="${c}"/>`;
  else if (/tin|jar|balm|rub|crisp|matcha|candle/.test(t)) body = `<rect x="166" y="150" width="180" height="40" rx="10" fill="${d}"/><rect x="176" y="190" width="160" height="210" rx="16" fill="${a}"/><rect x="176" y="250" width="160" height="90" fill="${c}"/>`;
  else if (/mat/.test(t)) body = `<rect x="136" y="160" width="240" height="190" rx="95" fill="${a}"/><circle cx="256" cy="255" r="60" fill="${b}"/>`;
  else if (/sock|cap|hat/.test(t)) body = `<path d="M146 300 a110 110 0 0 1 220 0z" fill="${a}"/><rect x="120" y="296" width="180" height="26" rx="12" fill="${d}"/>`;
  else body = `<path d="M156 170 h200 v240 h-200z" fill="${a}"/><path d="M156 170 l40 -50 h120 l40 50z" fill="${d}"/><rect x="186" y="250" width="140" height="80" fill="${c}"/>`;
  return svg(512, 512, `<rect width="512" height="512" fill="${c}"/>${blob(rng, 256, 270, 200, b, 0.35)}${body}<text x="256" y="480" font-family="${FONT}" font-size="22" text-anchor="middle" fill="${d}">${label}</text>`);
}

/** A slide's thumbnail (16:9): its colour, its title and a band of the palette. */
function thumbnail(spec: ArtSpec, rng: Rng): string {
  const [a, b, c, d] = spec.colors as [string, string, string, string];
  const fg = textOn(a);
  const lines = wrap(spec.subtitle, 40).map((l, i) => `<text x="48" y="${200 + i * 30}" font-family="${FONT}" font-size="22" fill="${fg}" opacity="0.85">${esc(l)}</text>`);
  return svg(640, 360, `<rect width="640" height="360" fill="${a}"/>${blob(rng, 560, 90, 120, b, 0.5)}<text x="48" y="130" font-family="${SERIF}" font-size="44" font-weight="bold" fill="${fg}">${esc(spec.title)}</text>${lines.join("")}${[a, b, c, d].map((col, i) => `<rect x="${48 + i * 60}" y="300" width="52" height="28" rx="4" fill="${col}" stroke="${fg}" stroke-opacity="0.4"/>`).join("")}`);
}

function svg(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/** The SVG of a picture: drawn from its seed, so the same spec is the same picture. */
export function drawArt(spec: ArtSpec): string {
  const rng = rngFor(spec.kind, spec.seed, spec.index, spec.colors.join(","), spec.title);
  if (spec.kind === "moodboard") return moodboard(spec, rng);
  if (spec.kind === "idea") return ideaImage(spec, rng);
  if (spec.kind === "sku") return skuImage(spec, rng);
  return thumbnail(spec, rng);
}
