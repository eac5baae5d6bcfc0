import type { Drawing } from "./drawings-wear";

// Things stood on a shelf or shipped: beauty, home, food, pets, gadgets, paper goods, sports,
// packaging and, for services, the tool of the trade (a camera, a browser window, a brief).

const SHADE = "#000000";
const SHINE = "#ffffff";

export const GOODS_DRAWINGS = {
  dropper: (p, c) => {
    p.ellipse(50, 20, 6, 9, c.ink);
    p.rect(43, 26, 14, 12, c.darker, { rx: 2 });
    p.rect(32, 38, 36, 48, c.main, { rx: 8 });
    p.rect(37, 52, 26, 20, c.paper, { opacity: 0.85 });
    p.rect(40, 57, 20, 2, c.dark);
    p.rect(58, 40, 8, 44, SHADE, { rx: 4, opacity: 0.12 });
    p.rect(35, 42, 4, 36, SHINE, { rx: 2, opacity: 0.3 });
  },
  pump: (p, c) => {
    p.rect(38, 16, 20, 6, c.darker, { rx: 2 });
    p.rect(56, 17, 14, 4, c.darker);
    p.rect(46, 22, 6, 8, c.darker);
    p.rect(42, 28, 16, 8, c.dark, { rx: 2 });
    p.rect(30, 36, 40, 50, c.main, { rx: 10 });
    p.rect(36, 50, 28, 22, c.paper, { opacity: 0.85 });
    p.rect(40, 56, 20, 2, c.dark);
    p.rect(60, 38, 9, 46, SHADE, { rx: 4, opacity: 0.12 });
  },
  lipstick: (p, c) => {
    p.poly([42, 46, 58, 46, 58, 20, 42, 30], c.main);
    p.poly([52, 46, 58, 46, 58, 20, 52, 24], SHADE, 0.15);
    p.rect(40, 44, 20, 12, "#d4af37");
    p.rect(36, 54, 28, 32, c.ink, { rx: 2 });
    p.rect(38, 56, 4, 28, SHINE, { opacity: 0.15 });
  },
  perfume: (p, c) => {
    p.rect(42, 16, 16, 16, c.darker, { rx: 2 });
    p.rect(46, 30, 8, 8, c.metal);
    p.rect(26, 38, 48, 48, c.main, { rx: 8, opacity: 0.9 });
    p.rect(32, 44, 36, 36, c.light, { rx: 5, opacity: 0.45 });
    p.rect(38, 56, 24, 10, c.paper, { opacity: 0.85 });
    p.rect(30, 42, 4, 38, SHINE, { rx: 2, opacity: 0.35 });
  },
  candle: (p, c) => {
    p.rect(28, 40, 44, 46, c.main, { rx: 4 });
    p.ellipse(50, 40, 22, 6, c.light);
    p.ellipse(50, 40, 19, 4.5, "#f3ead8");
    p.rect(49, 28, 2, 10, c.ink);
    p.ellipse(50, 22, 4.5, 8, "#f4a93b");
    p.ellipse(50, 24, 2.2, 4.5, "#fde68a");
    p.rect(28, 54, 44, 16, c.paper, { opacity: 0.85 });
    p.rect(62, 40, 10, 46, SHADE, { rx: 4, opacity: 0.12 });
  },
  mug: (p, c) => {
    p.band(70, 58, 14, 14, 6, -80, 80, c.main);
    p.rect(24, 32, 46, 54, c.main, { rx: 6 });
    p.ellipse(47, 32, 23, 6, c.dark);
    p.ellipse(47, 33, 20, 4.5, c.darker);
    p.rect(58, 34, 12, 52, SHADE, { rx: 5, opacity: 0.12 });
    p.rect(28, 38, 5, 40, SHINE, { rx: 2, opacity: 0.25 });
  },
  board: (p, c) => {
    p.rect(68, 50, 22, 14, c.main, { rx: 6 });
    p.circle(83, 57, 3, c.background);
    p.rect(14, 32, 60, 50, c.main, { rx: 10 });
    for (let y = 40; y < 78; y += 7) p.rect(20, y, 48, 1.5, c.dark, { opacity: 0.5 });
    p.rect(14, 76, 60, 6, SHADE, { rx: 3, opacity: 0.12 });
  },
  folded: (p, c) => {
    p.rect(18, 64, 64, 20, c.main, { rx: 7 });
    p.rect(20, 46, 60, 19, c.light, { rx: 7 });
    p.rect(22, 28, 56, 19, c.main, { rx: 7 });
    for (const y of [28, 46, 64]) p.rect(y === 46 ? 20 : y === 28 ? 22 : 18, y, 8, y === 64 ? 20 : 19, SHADE, { rx: 4, opacity: 0.12 });
    p.rect(22, 44, 56, 3, SHADE, { opacity: 0.1 });
    p.rect(20, 62, 60, 3, SHADE, { opacity: 0.1 });
  },
  vase: (p, c) => {
    p.ellipse(50, 62, 22, 24, c.main);
    p.rect(42, 22, 16, 26, c.main);
    p.ellipse(50, 22, 11, 3.5, c.dark);
    p.ellipse(50, 22, 7, 2.2, c.darker);
    p.arc(50, 62, 22, 24, -60, 60, SHADE, 0.12);
    p.ellipse(41, 58, 4, 12, SHINE, 0.3);
  },
  plate: (p, c) => {
    p.ellipse(50, 62, 40, 20, c.dark);
    p.ellipse(50, 60, 40, 20, c.main);
    p.ellipse(50, 60, 27, 13, c.light);
    p.ellipse(50, 61, 25, 11.5, c.main, 0.25);
    p.ellipse(34, 52, 6, 2, SHINE, 0.4);
  },
  pouch: (p, c) => {
    p.poly([30, 18, 70, 18, 73, 86, 27, 86], c.main);
    p.rect(30, 18, 40, 7, c.dark);
    p.circle(50, 34, 3.5, c.darker);
    p.rect(36, 46, 28, 22, c.paper, { opacity: 0.9 });
    p.rect(40, 52, 20, 3, c.main);
    p.rect(40, 58, 14, 2, c.dark);
    p.poly([62, 25, 70, 25, 73, 86, 64, 86], SHADE, 0.12);
  },
  bar: (p, c) => {
    p.rect(18, 40, 64, 24, c.main, { rx: 2 });
    p.poly([10, 40, 18, 40, 18, 64, 10, 64, 13, 58, 10, 52, 13, 46], c.dark);
    p.poly([90, 40, 82, 40, 82, 64, 90, 64, 87, 58, 90, 52, 87, 46], c.dark);
    p.rect(38, 40, 24, 24, c.paper, { opacity: 0.9 });
    p.rect(42, 48, 16, 3, c.main);
    p.rect(42, 54, 10, 2, c.dark);
    p.rect(18, 58, 64, 6, SHADE, { opacity: 0.1 });
  },
  jar: (p, c) => {
    p.rect(28, 24, 44, 14, c.darker, { rx: 3 });
    p.rect(30, 38, 40, 48, c.main, { rx: 9 });
    p.rect(30, 50, 40, 22, c.paper, { opacity: 0.9 });
    p.rect(36, 56, 28, 3, c.main);
    p.rect(36, 62, 18, 2, c.dark);
    p.rect(61, 40, 9, 44, SHADE, { rx: 4, opacity: 0.12 });
  },
  bottle: (p, c) => {
    p.band(50, 18, 7, 6, 2.5, 180, 360, c.darker);
    p.rect(40, 16, 20, 14, c.darker, { rx: 3 });
    p.rect(36, 30, 28, 56, c.main, { rx: 9 });
    p.rect(36, 48, 28, 18, c.light, { opacity: 0.55 });
    p.rect(56, 32, 8, 52, SHADE, { rx: 4, opacity: 0.12 });
    p.rect(39, 34, 4, 46, SHINE, { rx: 2, opacity: 0.3 });
  },
  can: (p, c) => {
    p.rect(32, 24, 36, 60, c.main);
    p.ellipse(50, 84, 18, 4, c.main);
    p.ellipse(50, 24, 18, 4.5, c.metal);
    p.ellipse(50, 24, 14, 3, "#aeb4bc");
    p.rect(32, 42, 36, 22, c.paper, { opacity: 0.85 });
    p.rect(38, 50, 24, 4, c.main);
    p.rect(58, 24, 10, 60, SHADE, { opacity: 0.12 });
  },
  bone: (p, c) => {
    p.rect(28, 45, 44, 14, c.main);
    for (const [x, y] of [[26, 45], [26, 59], [74, 45], [74, 59]] as const) p.circle(x, y, 8, c.main);
    p.rect(28, 54, 44, 5, SHADE, { opacity: 0.12 });
    p.ellipse(50, 48, 16, 2, SHINE, 0.3);
  },
  petbed: (p, c) => {
    p.ellipse(50, 64, 40, 20, c.main);
    p.ellipse(50, 60, 28, 11, c.light);
    p.ellipse(50, 62, 26, 9, c.dark, 0.25);
    p.arc(50, 64, 40, 20, 20, 160, SHADE, 0.1);
  },
  cable: (p, c) => {
    p.band(46, 48, 24, 22, 3.5, 0, 330, c.main);
    p.band(46, 48, 17, 15, 3.5, 30, 360, c.main);
    p.rect(62, 54, 12, 18, c.dark, { rx: 3 });
    p.rect(64, 72, 8, 8, c.metal);
  },
  earbuds: (p, c) => {
    p.rect(24, 46, 52, 38, c.main, { rx: 16 });
    p.rect(24, 60, 52, 2, c.dark);
    p.circle(50, 70, 2, "#4ade80");
    p.rect(32, 26, 6, 20, c.light, { rx: 3 });
    p.circle(37, 26, 8, c.light);
    p.rect(62, 26, 6, 20, c.light, { rx: 3 });
    p.circle(63, 26, 8, c.light);
    p.circle(39, 26, 3, c.dark);
    p.circle(61, 26, 3, c.dark);
  },
  plug: (p, c) => {
    p.rect(40, 74, 5, 12, c.metal);
    p.rect(55, 74, 5, 12, c.metal);
    p.rect(30, 22, 40, 54, c.main, { rx: 10 });
    p.circle(50, 40, 7, c.light);
    p.circle(50, 40, 4, c.main);
    p.circle(50, 62, 2, "#4ade80");
    p.rect(60, 24, 9, 50, SHADE, { rx: 4, opacity: 0.12 });
  },
  watch: (p, c) => {
    p.rect(40, 8, 20, 84, c.main, { rx: 8 });
    for (let y = 72; y < 88; y += 5) p.circle(50, y, 1.3, c.dark);
    p.rect(33, 32, 34, 36, c.ink, { rx: 9 });
    p.rect(37, 36, 26, 28, "#111827", { rx: 6 });
    p.rect(41, 44, 18, 3, c.light);
    p.rect(41, 50, 12, 3, c.main);
  },
  lamp: (p, c) => {
    p.poly([36, 18, 64, 18, 76, 48, 24, 48], c.main);
    p.poly([56, 18, 64, 18, 76, 48, 64, 48], SHADE, 0.12);
    p.ellipse(50, 49, 18, 3, "#fde68a");
    p.rect(48, 50, 4, 30, c.ink);
    p.ellipse(50, 82, 16, 4, c.darker);
  },
  notebook: (p, c) => {
    p.rect(30, 16, 44, 70, c.paper);
    p.rect(26, 14, 44, 70, c.main, { rx: 3 });
    p.rect(26, 14, 7, 70, c.dark, { rx: 2 });
    p.rect(60, 14, 3, 70, c.darker);
    p.rect(38, 28, 18, 8, c.paper, { opacity: 0.85 });
  },
  card: (p, c) => {
    p.poly([64, 22, 78, 30, 78, 84, 64, 80], c.dark);
    p.poly([26, 26, 64, 22, 64, 80, 26, 86], c.main);
    p.circle(45, 46, 10, c.light);
    p.rect(35, 64, 20, 3, c.paper, { opacity: 0.8 });
    p.rect(38, 70, 14, 2, c.paper, { opacity: 0.8 });
  },
  stickers: (p, c) => {
    p.rect(24, 14, 52, 72, c.paper, { rx: 3 });
    p.circle(39, 30, 9, c.main);
    p.rect(54, 22, 16, 16, c.dark, { rx: 4 });
    p.rect(30, 46, 40, 12, c.main, { rx: 6 });
    p.circle(40, 72, 8, c.light);
    p.poly([62, 64, 66, 72, 62, 80, 58, 72], c.main);
    p.rect(24, 80, 52, 6, SHADE, { rx: 3, opacity: 0.06 });
  },
  print: (p, c) => {
    p.rect(22, 12, 56, 74, c.ink);
    p.rect(26, 16, 48, 66, c.paper);
    p.rect(32, 22, 36, 54, c.light);
    p.circle(58, 34, 5, "#f4a93b");
    p.poly([32, 76, 32, 60, 44, 42, 56, 62, 60, 56, 68, 66, 68, 76], c.main);
    p.poly([44, 42, 50, 52, 44, 76, 32, 76, 32, 60], c.dark);
  },
  mat: (p, c) => {
    p.poly([40, 76, 90, 76, 86, 86, 36, 86], c.light);
    p.rect(22, 50, 48, 30, c.main);
    p.ellipse(22, 65, 8, 15, c.dark);
    p.ellipse(22, 65, 5, 10, c.main);
    p.ellipse(22, 65, 2, 4, c.dark);
    p.rect(22, 72, 48, 8, SHADE, { opacity: 0.12 });
    p.ellipse(70, 65, 8, 15, c.main);
  },
  chair: (p, c) => {
    p.poly([26, 86, 30, 86, 72, 50, 68, 48], c.ink);
    p.poly([70, 86, 74, 86, 32, 48, 28, 50], c.ink);
    p.rect(27, 18, 4, 36, c.ink);
    p.rect(69, 18, 4, 36, c.ink);
    p.poly([29, 20, 71, 20, 70, 48, 30, 48], c.main);
    p.poly([24, 48, 76, 48, 70, 60, 30, 60], c.dark);
    p.rect(18, 44, 14, 4, c.ink);
    p.rect(68, 44, 14, 4, c.ink);
  },
  box: (p, c) => {
    p.poly([50, 18, 84, 32, 50, 46, 16, 32], c.light);
    p.poly([16, 32, 50, 46, 50, 86, 16, 72], c.main);
    p.poly([50, 46, 84, 32, 84, 72, 50, 86], c.dark);
    p.poly([30, 24, 38, 21, 72, 35, 64, 38], c.paper, 0.6);
    p.poly([64, 38, 72, 35, 72, 45, 64, 48], c.paper, 0.5);
  },
  giftbox: (p, c) => {
    p.rect(24, 46, 52, 40, c.main);
    p.rect(20, 36, 60, 12, c.dark);
    p.rect(45, 36, 10, 50, c.paper);
    p.ellipse(40, 30, 10, 6, c.paper);
    p.ellipse(60, 30, 10, 6, c.paper);
    p.circle(50, 32, 4, c.light);
    p.rect(64, 48, 12, 38, SHADE, { opacity: 0.1 });
  },
  mailer: (p, c) => {
    p.rect(14, 26, 72, 52, c.main, { rx: 3 });
    p.poly([14, 26, 86, 26, 50, 52], c.dark);
    p.rect(54, 58, 24, 14, c.paper);
    p.rect(57, 62, 14, 2, c.ink);
    p.rect(57, 66, 10, 2, c.ink);
    p.rect(14, 72, 72, 6, SHADE, { opacity: 0.1 });
  },
  garmentbag: (p, c) => {
    p.band(50, 14, 4, 5, 1.6, 180, 360, c.ink);
    p.poly([50, 16, 70, 26, 30, 26], c.ink);
    p.rect(28, 24, 44, 64, c.main, { rx: 5 });
    p.rect(49, 28, 2, 56, c.darker);
    p.rect(34, 34, 12, 18, c.light, { rx: 2, opacity: 0.7 });
    p.rect(62, 24, 10, 64, SHADE, { rx: 4, opacity: 0.1 });
  },
  tube: (p, c) => {
    p.rect(32, 14, 36, 7, c.dark);
    p.poly([33, 21, 67, 21, 60, 72, 40, 72], c.main);
    p.rect(42, 72, 16, 14, c.darker, { rx: 2 });
    p.rect(40, 34, 20, 16, c.paper, { opacity: 0.85 });
    p.poly([58, 21, 67, 21, 60, 72, 55, 72], SHADE, 0.12);
  },
  tag: (p, c) => {
    p.poly([50, 8, 52, 8, 56, 20, 54, 20], c.ink);
    p.poly([34, 28, 50, 16, 66, 28, 66, 86, 34, 86], c.main);
    p.circle(50, 27, 3.5, c.background);
    p.rect(40, 48, 20, 4, c.paper, { opacity: 0.85 });
    p.rect(42, 56, 16, 2.5, c.paper, { opacity: 0.7 });
    p.rect(58, 28, 8, 58, SHADE, { opacity: 0.1 });
  },
  bubblewrap: (p, c) => {
    p.poly([12, 34, 80, 26, 88, 76, 20, 84], c.light, 0.8);
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 6; col++) {
        const x = 22 + col * 11 + row * 1.4;
        const y = 38 - col * 1.2 + row * 10;
        p.circle(x, y, 4.2, c.main, 0.7);
        p.circle(x - 1.4, y - 1.4, 1.3, SHINE, 0.8);
      }
    }
  },
  fill: (p, c) => {
    p.ellipse(50, 72, 38, 14, c.dark);
    const strips: readonly (readonly [number, number, number, number])[] = [[14, 70, 40, 56], [24, 62, 60, 74], [34, 52, 70, 64], [40, 76, 84, 66], [22, 58, 56, 48], [50, 54, 86, 72], [30, 78, 66, 80], [44, 44, 66, 58]];
    for (const [n, [x1, y1, x2, y2]] of strips.entries()) {
      p.poly([x1, y1, x2, y2, x2, y2 + 3, x1, y1 + 3], n % 2 ? c.main : c.light);
    }
  },
  camera: (p, c) => {
    p.rect(34, 24, 24, 12, c.darker, { rx: 3 });
    p.rect(16, 32, 68, 48, c.main, { rx: 7 });
    p.rect(16, 44, 68, 26, c.dark, { opacity: 0.5 });
    p.circle(50, 56, 17, c.metal);
    p.circle(50, 56, 12, c.ink);
    p.circle(46, 52, 3, SHINE, 0.6);
    p.rect(70, 36, 8, 5, c.light);
  },
  browser: (p, c) => {
    p.rect(12, 18, 76, 64, c.paper, { rx: 5 });
    p.rect(12, 18, 76, 11, c.main, { rx: 5 });
    for (const x of [19, 25, 31]) p.circle(x, 23.5, 2, c.paper);
    p.rect(18, 36, 30, 22, c.light);
    p.rect(54, 36, 28, 4, c.main);
    p.rect(54, 44, 22, 3, c.dark, { opacity: 0.5 });
    p.rect(54, 50, 24, 3, c.dark, { opacity: 0.5 });
    p.rect(18, 64, 20, 8, c.main, { rx: 3 });
    p.rect(12, 78, 76, 4, SHADE, { opacity: 0.08 });
  },
  brief: (p, c) => {
    p.rect(26, 12, 46, 70, c.paper);
    p.rect(32, 20, 24, 5, c.main);
    for (let y = 32; y < 70; y += 7) p.rect(32, y, y % 2 ? 30 : 24, 2.5, c.ink, { opacity: 0.35 });
    p.poly([60, 82, 86, 46, 92, 50, 66, 86], c.main);
    p.poly([60, 82, 66, 86, 58, 90], "#f3d9a4");
  },
} satisfies Record<string, Drawing>;
