import type { Palette, Pen } from "./pen";

// Things worn or carried: apparel, accessories, jewellery, footwear, baby and toys. Each drawing
// fills about the middle 70 × 70 of a 100 × 100 picture, standing on a floor near y = 86.

export type Drawing = (p: Pen, c: Palette) => void;

const SHADE = "#000000";
const SHINE = "#ffffff";

export const WEAR_DRAWINGS = {
  tshirt: (p, c) => {
    p.poly([40, 20, 27, 24, 12, 38, 21, 50, 31, 44, 31, 84, 69, 84, 69, 44, 79, 50, 88, 38, 73, 24, 60, 20], c.main);
    p.arc(50, 20, 10, 7, 0, 180, c.dark);
    p.poly([69, 44, 79, 50, 88, 38, 84, 34], SHADE, 0.12);
    p.poly([31, 44, 21, 50, 12, 38, 16, 34], SHADE, 0.08);
    p.poly([58, 30, 69, 30, 69, 84, 62, 84], SHADE, 0.08);
    p.rect(31, 80, 38, 4, SHADE, { opacity: 0.1 });
  },
  hoodie: (p, c) => {
    p.poly([38, 22, 26, 26, 13, 70, 22, 72, 31, 44, 31, 86, 69, 86, 69, 44, 78, 72, 87, 70, 74, 26, 62, 22], c.main);
    p.ellipse(50, 24, 14, 10, c.main);
    p.ellipse(50, 26, 9, 7, c.darker);
    p.rect(46, 32, 1.6, 12, c.light);
    p.rect(52.4, 32, 1.6, 12, c.light);
    p.poly([36, 60, 64, 60, 66, 76, 34, 76], c.dark);
    p.rect(31, 81, 38, 5, c.dark);
    p.rect(13, 67, 9, 5, c.dark);
    p.rect(78, 67, 9, 5, c.dark);
    p.poly([69, 44, 78, 72, 87, 70, 74, 26], SHADE, 0.12);
  },
  trousers: (p, c) => {
    p.poly([30, 24, 70, 24, 75, 86, 55, 86, 50, 42, 45, 86, 25, 86], c.main);
    p.rect(30, 16, 40, 9, c.dark);
    p.rect(48, 16, 4, 9, c.darker);
    p.poly([56, 26, 62, 26, 60, 40], SHADE, 0.15);
    p.poly([55, 86, 50, 42, 53, 42, 60, 86], SHADE, 0.12);
    p.rect(25, 82, 20, 4, SHADE, { opacity: 0.12 });
    p.rect(55, 82, 20, 4, SHADE, { opacity: 0.12 });
  },
  dress: (p, c) => {
    p.rect(42, 10, 3, 10, c.dark);
    p.rect(55, 10, 3, 10, c.dark);
    p.poly([41, 18, 59, 18, 61, 30, 56, 40, 76, 86, 24, 86, 44, 40, 39, 30], c.main);
    p.rect(43, 37, 14, 4, c.dark);
    p.poly([52, 41, 56, 41, 76, 86, 64, 86], SHADE, 0.1);
    p.poly([46, 41, 48, 41, 38, 86, 32, 86], SHINE, 0.15);
  },
  sock: (p, c) => {
    p.rect(38, 12, 22, 50, c.main);
    p.poly([38, 56, 60, 56, 78, 66, 82, 76, 76, 84, 46, 84, 38, 74], c.main);
    p.rect(37, 10, 24, 9, c.dark);
    p.circle(44, 76, 8, c.dark);
    p.ellipse(76, 76, 7, 8, c.dark);
    for (let y = 24; y < 56; y += 8) p.rect(38, y, 22, 3, c.light, { opacity: 0.5 });
  },
  cap: (p, c) => {
    p.poly([62, 58, 92, 63, 90, 70, 60, 66], c.dark);
    p.poly([62, 66, 90, 70, 92, 63], SHADE, 0.15);
    p.arc(46, 64, 28, 32, 180, 360, c.main);
    p.arc(46, 64, 28, 32, 270, 360, SHADE, 0.1);
    p.poly([44, 32, 48, 32, 50, 64, 46, 64], c.dark, 0.6);
    p.circle(46, 32, 3, c.dark);
    p.rect(18, 60, 56, 5, c.dark);
  },
  tote: (p, c) => {
    p.band(50, 44, 15, 18, 3.5, 180, 360, c.dark);
    p.poly([26, 42, 74, 42, 78, 86, 22, 86], c.main);
    p.poly([62, 42, 74, 42, 78, 86, 66, 86], SHADE, 0.1);
    p.rect(26, 42, 48, 4, c.dark);
    p.rect(38, 56, 24, 16, c.light, { opacity: 0.6 });
  },
  backpack: (p, c) => {
    p.band(50, 24, 9, 8, 3, 180, 360, c.dark);
    p.rect(27, 22, 46, 64, c.main, { rx: 14 });
    p.rect(33, 56, 34, 26, c.dark, { rx: 7 });
    p.rect(33, 62, 34, 2, c.darker);
    p.rect(31, 38, 38, 2, c.darker);
    p.rect(60, 22, 13, 64, SHADE, { rx: 6, opacity: 0.1 });
  },
  wallet: (p, c) => {
    p.rect(26, 26, 30, 20, c.paper, { rx: 2 });
    p.rect(30, 30, 30, 18, c.light, { rx: 2 });
    p.rect(18, 38, 64, 40, c.main, { rx: 5 });
    p.rect(18, 38, 64, 14, c.dark, { rx: 5 });
    p.circle(70, 50, 3, c.metal);
    p.rect(18, 74, 64, 4, SHADE, { opacity: 0.12 });
  },
  phonecase: (p, c) => {
    p.rect(32, 12, 36, 76, c.main, { rx: 8 });
    p.rect(36, 16, 15, 18, c.darker, { rx: 4 });
    p.circle(41, 21, 3, c.ink);
    p.circle(41, 29, 3, c.ink);
    p.circle(47, 25, 1.6, c.light);
    p.rect(60, 12, 8, 76, SHADE, { rx: 4, opacity: 0.1 });
    p.circle(50, 60, 5, c.light, 0.5);
  },
  belt: (p, c) => {
    p.rect(8, 46, 66, 12, c.main, { rx: 2 });
    for (let x = 22; x < 60; x += 8) p.circle(x, 52, 1.5, c.darker);
    p.rect(68, 40, 20, 24, c.metal, { rx: 3 });
    p.rect(72, 44, 12, 16, c.background, { rx: 2 });
    p.rect(70, 51, 10, 2.4, c.metal);
    p.rect(60, 46, 14, 12, c.dark);
  },
  collar: (p, c) => {
    p.band(50, 46, 28, 24, 8, 0, 360, c.main);
    p.band(50, 46, 28, 24, 8, 20, 160, SHADE, 0.12);
    p.rect(44, 64, 12, 8, c.metal, { rx: 2 });
    p.circle(50, 78, 7, "#e0b43c");
    p.circle(48, 76, 2, SHINE, 0.5);
  },
  scarf: (p, c) => {
    p.band(50, 30, 22, 14, 9, 0, 360, c.main);
    p.poly([36, 36, 48, 36, 46, 80, 34, 80], c.main);
    p.poly([50, 38, 62, 38, 66, 76, 54, 76], c.dark);
    for (let x = 34; x < 46; x += 3) p.rect(x, 80, 1.5, 6, c.main);
    for (let x = 54; x < 66; x += 3) p.rect(x + 1, 76, 1.5, 6, c.dark);
    for (let y = 46; y < 76; y += 8) p.rect(35, y, 12, 2, c.light, { opacity: 0.5 });
  },
  sunglasses: (p, c) => {
    p.rect(8, 44, 10, 3, c.main);
    p.rect(82, 44, 10, 3, c.main);
    p.rect(44, 46, 12, 4, c.main);
    p.ellipse(32, 54, 16, 13, c.main);
    p.ellipse(68, 54, 16, 13, c.main);
    p.ellipse(32, 54, 12.5, 10, c.ink);
    p.ellipse(68, 54, 12.5, 10, c.ink);
    p.ellipse(27, 50, 4, 3, SHINE, 0.35);
    p.ellipse(63, 50, 4, 3, SHINE, 0.35);
  },
  necklace: (p, c) => {
    for (let a = 200; a <= 340; a += 7) {
      const rad = (a * Math.PI) / 180;
      p.circle(50 + 30 * Math.cos(rad), 22 - 40 * Math.sin(rad), 1.8, c.dark);
    }
    p.band(50, 62, 4, 4, 1.5, 0, 360, c.dark);
    p.poly([50, 64, 60, 74, 50, 88, 40, 74], c.main);
    p.poly([50, 64, 60, 74, 50, 76], SHINE, 0.3);
    p.poly([50, 76, 60, 74, 50, 88], SHADE, 0.15);
  },
  ring: (p, c) => {
    p.band(50, 60, 24, 19, 6, 0, 360, c.main);
    p.band(50, 60, 24, 19, 6, 20, 160, SHADE, 0.15);
    p.band(50, 60, 24, 19, 3, 200, 260, SHINE, 0.4);
    p.poly([40, 38, 60, 38, 66, 30, 58, 22, 42, 22, 34, 30], c.light);
    p.poly([42, 22, 58, 22, 66, 30, 34, 30], SHINE, 0.45);
    p.rect(44, 38, 12, 4, c.dark);
  },
  earring: (p, c) => {
    for (const x of [34, 66]) {
      p.band(x, 24, 6, 7, 1.6, 180, 360, c.dark);
      p.circle(x + 6, 24, 1.6, c.dark);
      p.rect(x - 1, 24, 2, 18, c.dark);
      p.circle(x, 44, 4, c.main);
      p.ellipse(x, 62, 9, 14, c.main);
      p.ellipse(x - 3, 57, 3, 5, SHINE, 0.4);
      p.arc(x, 62, 9, 14, 0, 90, SHADE, 0.15);
    }
  },
  shoe: (p, c) => {
    p.poly([14, 72, 14, 52, 30, 46, 42, 54, 58, 48, 74, 58, 88, 64, 88, 72], c.main);
    p.rect(12, 70, 78, 10, c.paper, { rx: 4 });
    p.rect(12, 76, 78, 4, SHADE, { rx: 2, opacity: 0.12 });
    for (let i = 0; i < 4; i++) p.rect(42 + i * 5, 52 + i * 1.6, 5, 2, c.light);
    p.poly([14, 52, 30, 46, 30, 70, 14, 70], c.dark);
    p.poly([70, 60, 88, 64, 88, 70, 70, 70], c.dark);
  },
  slide: (p, c) => {
    p.rect(12, 66, 76, 12, c.dark, { rx: 6 });
    p.rect(12, 64, 76, 6, c.light, { rx: 3 });
    p.poly([40, 66, 42, 46, 70, 46, 76, 66], c.main);
    p.poly([62, 46, 70, 46, 76, 66, 66, 66], SHADE, 0.12);
  },
  boot: (p, c) => {
    p.poly([28, 14, 54, 14, 56, 58, 80, 64, 86, 76, 28, 76], c.main);
    p.rect(26, 74, 62, 10, c.darker, { rx: 3 });
    p.rect(28, 14, 26, 6, c.dark);
    for (let y = 24; y < 58; y += 8) p.rect(50, y, 6, 2, c.light);
    p.poly([28, 20, 36, 20, 36, 74, 28, 74], SHADE, 0.1);
  },
  plush: (p, c) => {
    p.circle(33, 26, 8, c.main);
    p.circle(67, 26, 8, c.main);
    p.circle(33, 26, 4, c.light);
    p.circle(67, 26, 4, c.light);
    p.ellipse(50, 70, 22, 18, c.main);
    p.ellipse(27, 66, 7, 11, c.dark);
    p.ellipse(73, 66, 7, 11, c.dark);
    p.ellipse(38, 85, 9, 5, c.dark);
    p.ellipse(62, 85, 9, 5, c.dark);
    p.circle(50, 40, 18, c.main);
    p.ellipse(50, 46, 8, 6, c.light);
    p.circle(43, 36, 2.2, c.ink);
    p.circle(57, 36, 2.2, c.ink);
    p.ellipse(50, 43, 3, 2, c.ink);
    p.ellipse(50, 72, 11, 9, c.light, 0.6);
  },
  bib: (p, c) => {
    p.circle(50, 54, 30, c.main);
    p.circle(50, 28, 12, c.background);
    p.rect(38, 14, 24, 14, c.background);
    p.arc(50, 60, 30, 24, 0, 180, c.dark);
    p.rect(20, 58, 60, 3, c.darker);
    p.circle(30, 30, 2.5, c.light);
  },
} satisfies Record<string, Drawing>;
