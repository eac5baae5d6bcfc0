import { createHash } from "node:crypto";
import { svgToPng } from "./rasterise";
import type { GeneratedImage, ImageGenerator, ImageRequest } from "./types";

// The offline image model: reads the product, colours, pattern and style out of the prompt and
// draws a studio shot of that product as SVG (silhouette with shading, the pattern clipped to the
// printable area, a soft shadow drawn as a gradient since a blur filter doubles the rasterising
// time, a backdrop), rasterised to PNG. Each of the four candidates varies
// the palette, the pattern's scale and the backdrop, deterministically from the request's seed.

export const OFFLINE_IMAGE_MODEL = "atelier-offline-drawing";
const SIZE = 512;

type Product = { key: string; words: RegExp; body: string; /** Printable area inside the body. */ print: string; extra?: (c: Colours) => string };
type Colours = { base: string; shade: string; light: string; accent: string; backdrop: string };

const PRODUCTS: Product[] = [
  {
    key: "mug",
    words: /\b(mugs?|cups?|tumblers?|teacups?)\b/,
    body: "M150 170 H350 V380 Q350 410 320 410 H180 Q150 410 150 380 Z",
    print: "M150 190 H350 V380 Q350 410 320 410 H180 Q150 410 150 380 Z",
    extra: (c) => `<path d="M350 215 C420 215 420 345 350 345" fill="none" stroke="${c.shade}" stroke-width="26" stroke-linecap="round"/><ellipse cx="250" cy="170" rx="100" ry="18" fill="${c.shade}"/><ellipse cx="250" cy="170" rx="88" ry="12" fill="#3b2a20" opacity="0.85"/>`,
  },
  {
    key: "hoodie",
    words: /\b(hoodies?|sweatshirts?|jumpers?|sweaters?)\b/,
    body: "M190 110 Q256 60 322 110 L410 150 L450 300 L395 315 L375 230 L375 430 L137 430 L137 230 L117 315 L62 300 L102 150 Z",
    print: "M137 200 H375 V430 H137 Z",
    extra: (c) => `<path d="M200 112 Q256 190 312 112" fill="none" stroke="${c.shade}" stroke-width="10"/><rect x="190" y="330" width="132" height="60" rx="12" fill="${c.shade}" opacity="0.5"/>`,
  },
  {
    key: "tshirt",
    words: /\b(t-?shirts?|tees?|shirts?|tops?)\b/,
    body: "M195 100 Q256 135 317 100 L420 145 L455 225 L390 250 L375 215 L375 430 L137 430 L137 215 L122 250 L57 225 L92 145 Z",
    print: "M137 170 H375 V430 H137 Z",
    extra: (c) => `<path d="M205 103 Q256 150 307 103" fill="none" stroke="${c.shade}" stroke-width="9"/>`,
  },
  {
    key: "bottle",
    words: /\b(bottles?|flasks?|water bottles?)\b/,
    body: "M225 70 H287 V120 Q330 150 330 200 V420 Q330 440 310 440 H202 Q182 440 182 420 V200 Q182 150 225 120 Z",
    print: "M182 210 H330 V420 Q330 440 310 440 H202 Q182 440 182 420 Z",
    extra: (c) => `<rect x="219" y="52" width="74" height="34" rx="8" fill="${c.accent}"/>`,
  },
  {
    key: "tote",
    words: /\b(totes?|bags?|backpacks?|pouch(es)?)\b/,
    body: "M130 190 H382 L400 440 H112 Z",
    print: "M130 190 H382 L400 440 H112 Z",
    extra: (c) => `<path d="M190 195 C190 90 322 90 322 195" fill="none" stroke="${c.shade}" stroke-width="14"/>`,
  },
  {
    key: "cap",
    words: /\b(caps?|hats?|beanies?)\b/,
    body: "M140 300 C140 160 372 160 372 300 Z",
    print: "M140 300 C140 160 372 160 372 300 Z",
    extra: (c) => `<path d="M300 300 Q420 300 450 330 Q380 345 300 320 Z" fill="${c.shade}"/><circle cx="256" cy="178" r="9" fill="${c.shade}"/>`,
  },
  {
    key: "candle",
    words: /\b(candles?|jars?)\b/,
    body: "M165 200 H347 V410 Q347 430 327 430 H185 Q165 430 165 410 Z",
    print: "M165 250 H347 V380 H165 Z",
    extra: (c) => `<rect x="250" y="160" width="12" height="40" fill="#333"/><path d="M256 110 C275 140 270 165 256 170 C242 165 237 140 256 110 Z" fill="#f6b73c"/><rect x="165" y="195" width="182" height="14" fill="${c.light}"/>`,
  },
  {
    key: "notebook",
    words: /\b(notebooks?|journals?|planners?|books?)\b/,
    body: "M150 90 H370 Q380 90 380 100 V420 Q380 430 370 430 H150 Z",
    print: "M170 90 H380 V430 H170 Z",
    extra: (c) => `<rect x="140" y="90" width="30" height="340" fill="${c.shade}"/><rect x="330" y="90" width="14" height="380" fill="${c.accent}"/>`,
  },
  {
    key: "phone case",
    words: /\b(phone ?cases?|cases?|covers?)\b/,
    body: "M180 70 H332 Q362 70 362 100 V412 Q362 442 332 442 H180 Q150 442 150 412 V100 Q150 70 180 70 Z",
    print: "M180 70 H332 Q362 70 362 100 V412 Q362 442 332 442 H180 Q150 442 150 412 V100 Q150 70 180 70 Z",
    extra: (c) => `<rect x="170" y="92" width="70" height="80" rx="18" fill="${c.shade}"/><circle cx="192" cy="115" r="12" fill="#222"/><circle cx="220" cy="148" r="12" fill="#222"/>`,
  },
  {
    key: "box",
    words: /\b(boxe?s?|packaging|packages?|cartons?)\b/,
    body: "M256 110 L410 180 V360 L256 430 L102 360 V180 Z",
    print: "M102 180 L256 250 V430 L102 360 Z M256 250 L410 180 V360 L256 430 Z",
    extra: (c) => `<path d="M256 110 L410 180 L256 250 L102 180 Z" fill="${c.light}"/>`,
  },
];
const GENERIC: Product = { key: "product", words: /$^/, body: "M206 90 H306 V150 Q380 190 380 290 Q380 430 256 430 Q132 430 132 290 Q132 190 206 150 Z", print: "M132 230 H380 V430 H132 Z" };

const NAMED_COLOURS: Record<string, string> = {
  black: "#23232a", white: "#f4f2ee", grey: "#9a9ca3", gray: "#9a9ca3", red: "#d2433b", orange: "#ee8a32", yellow: "#f2c94c", green: "#3f9a5b",
  teal: "#2a9d8f", blue: "#2f6fd1", navy: "#1f2d55", purple: "#7a4fc4", pink: "#ec7ab0", brown: "#8a5a3b", beige: "#e3d3b8", cream: "#f3ead8",
  gold: "#c9a227", silver: "#c4c8cf", terracotta: "#c8664a", olive: "#7d8a3a", sage: "#9cb59a", mint: "#9fe2c8", lavender: "#b9a7e8", coral: "#f27c6b",
  ocean: "#2f7fb5", sand: "#dcc7a1", charcoal: "#3a3d44", ceramic: "#e9e4da",
};
const PATTERNS = ["wave", "stripes", "dots", "floral", "geometric", "checker", "plain"] as const;
type Pattern = (typeof PATTERNS)[number];
const PATTERN_WORDS: [Pattern, RegExp][] = [
  ["wave", /\bwav(e|es|y)\b|\bocean\b|\bsea\b/],
  ["stripes", /\bstrip(e|es|ed)\b|\blines?\b/],
  ["dots", /\bdot(s|ted)?\b|polka|\bspots?\b/],
  ["floral", /\bflor(al|a)\b|\bflowers?\b|botanical|\bleaf|leaves/],
  ["geometric", /geometric|triangles?|hexagons?|\bart deco\b/],
  ["checker", /check(er|ered|s)?\b|gingham|plaid|tartan/],
];

function seeded(seed: string): () => number {
  let h = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix(hex: string, toward: string, amount: number): string {
  const a = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const b = [1, 3, 5].map((i) => parseInt(toward.slice(i, i + 2), 16));
  return `#${a.map((v, i) => Math.round(v + (b[i]! - v) * amount).toString(16).padStart(2, "0")).join("")}`;
}

/** What the prompt asks for: the product, its colours, its pattern and whether it is minimalist. */
export function readPrompt(prompt: string): { product: Product; colours: string[]; pattern: Pattern | null; minimalist: boolean } {
  const text = prompt.toLowerCase();
  const product = PRODUCTS.find((p) => p.words.test(text)) ?? GENERIC;
  const colours = Object.entries(NAMED_COLOURS)
    .map(([name, hex]) => ({ hex, at: text.search(new RegExp(`\\b${name}\\b`)) }))
    .filter((c) => c.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((c) => c.hex);
  const pattern = PATTERN_WORDS.find(([, re]) => re.test(text))?.[0] ?? null;
  return { product, colours, pattern, minimalist: /minimal|simple|clean|plain/.test(text) };
}

function patternDef(pattern: Pattern, c: Colours, scale: number, minimalist: boolean): string {
  const s = Math.round(scale);
  const w = minimalist ? 3 : 6;
  switch (pattern) {
    case "wave":
      return `<pattern id="pat" patternUnits="userSpaceOnUse" width="${s * 2}" height="${s}"><path d="M0 ${s / 2} Q${s / 2} 0 ${s} ${s / 2} T${s * 2} ${s / 2}" fill="none" stroke="${c.accent}" stroke-width="${w}"/></pattern>`;
    case "stripes":
      return `<pattern id="pat" patternUnits="userSpaceOnUse" width="${s}" height="${s}"><rect width="${s}" height="${s / 3}" fill="${c.accent}"/></pattern>`;
    case "dots":
      return `<pattern id="pat" patternUnits="userSpaceOnUse" width="${s}" height="${s}"><circle cx="${s / 2}" cy="${s / 2}" r="${s / (minimalist ? 8 : 5)}" fill="${c.accent}"/></pattern>`;
    case "floral":
      return `<pattern id="pat" patternUnits="userSpaceOnUse" width="${s * 1.5}" height="${s * 1.5}"><g transform="translate(${s * 0.75} ${s * 0.75})">${[0, 72, 144, 216, 288].map((a) => `<ellipse rx="${s / 7}" ry="${s / 3.5}" transform="rotate(${a}) translate(0 ${-s / 4})" fill="${c.accent}"/>`).join("")}<circle r="${s / 9}" fill="${c.light}"/></g></pattern>`;
    case "geometric":
      return `<pattern id="pat" patternUnits="userSpaceOnUse" width="${s}" height="${s}"><path d="M0 ${s} L${s / 2} 0 L${s} ${s} Z" fill="none" stroke="${c.accent}" stroke-width="${w / 2}"/></pattern>`;
    case "checker":
      return `<pattern id="pat" patternUnits="userSpaceOnUse" width="${s}" height="${s}"><rect width="${s / 2}" height="${s / 2}" fill="${c.accent}"/><rect x="${s / 2}" y="${s / 2}" width="${s / 2}" height="${s / 2}" fill="${c.accent}"/></pattern>`;
    case "plain":
      return `<pattern id="pat" patternUnits="userSpaceOnUse" width="${SIZE}" height="${SIZE}"><rect x="0" y="${SIZE * 0.55}" width="${SIZE}" height="${minimalist ? 4 : 14}" fill="${c.accent}"/></pattern>`;
  }
}

/** One candidate as SVG: exported for tests and for the brand-kit drawings that may reuse it. */
export function drawProductSvg(prompt: string, seed: string): string {
  const rand = seeded(`${prompt}\u0000${seed}`);
  const read = readPrompt(prompt);
  const hue = Math.floor(rand() * 360);
  const base = read.colours[0] ?? (read.minimalist ? "#ece8e1" : hslHex(hue, 0.45, 0.55));
  const accent = read.colours[1] ?? (read.minimalist ? "#2f4f6f" : hslHex((hue + 150 + Math.floor(rand() * 60)) % 360, 0.5, 0.4));
  const backdrops = ["#f5f1ea", "#eef2f5", "#f3eef6", "#eef5ef", "#fbf3e8"];
  const c: Colours = { base, accent, shade: mix(base, "#000000", 0.22), light: mix(base, "#ffffff", 0.45), backdrop: backdrops[Math.floor(rand() * backdrops.length)]! };
  const pattern = read.pattern ?? (read.minimalist ? "plain" : PATTERNS[Math.floor(rand() * PATTERNS.length)]!);
  const scale = 26 + rand() * 30;
  const tilt = (rand() - 0.5) * 8;
  const p = read.product;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs>
<radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${c.backdrop}"/></radialGradient>
<linearGradient id="shade" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.24"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<clipPath id="print"><path d="${p.print}"/></clipPath>
${patternDef(pattern, c, scale, read.minimalist)}
</defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
<ellipse cx="256" cy="452" rx="180" ry="28" fill="url(#shadow)"/>
<g transform="rotate(${tilt.toFixed(2)} 256 260)">
<path d="${p.body}" fill="${c.base}"/>
<g clip-path="url(#print)"><rect width="${SIZE}" height="${SIZE}" fill="url(#pat)"/></g>
${p.extra ? p.extra(c) : ""}
<path d="${p.body}" fill="url(#shade)"/>
</g>
</svg>`;
}

function hslHex(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))));
  return `#${[f(0), f(8), f(4)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

export function describeOffline(prompt: string): string {
  const r = readPrompt(prompt);
  return `A studio shot of a ${r.product.key}${r.pattern ? ` with a ${r.pattern} pattern` : ""}: ${prompt.trim()}`;
}

export function createOfflineImageGenerator(): ImageGenerator {
  return {
    async generate(req: ImageRequest) {
      const images: GeneratedImage[] = [];
      for (let i = 0; i < req.count; i++) {
        images.push({ png: svgToPng(drawProductSvg(req.prompt, `${req.seed}:${i}`), SIZE), width: SIZE, height: SIZE, revisedPrompt: describeOffline(req.prompt) });
      }
      return { model: OFFLINE_IMAGE_MODEL, images };
    },
  };
}
