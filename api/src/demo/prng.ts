// A seeded pseudo-random generator (sfc32): the demo data must be the same on every run and
// every machine, so nothing here may touch Math.random or the clock.

export type Rng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** n distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], n: number): T[];
  /** A normally distributed float (Box–Muller). */
  normal(mean: number, sd: number): number;
  /** A version-4-shaped UUID drawn from the stream. */
  uuid(): string;
  /** An independent generator for a named part, so adding rows to one part never shifts another. */
  fork(label: string): Rng;
};

function hashSeed(label: string): number {
  let h = 1779033703 ^ label.length;
  for (let i = 0; i < label.length; i++) {
    h = Math.imul(h ^ label.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return h >>> 0;
}

/** A generator from a numeric seed and an optional label. */
export function createRng(seed: number, label = ""): Rng {
  let a = hashSeed(`${seed}:a:${label}`);
  let b = hashSeed(`${seed}:b:${label}`);
  let c = hashSeed(`${seed}:c:${label}`);
  let d = 1;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return (r >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(entries) {
      const total = entries.reduce((s, [, w]) => s + w, 0);
      let x = next() * total;
      for (const [v, w] of entries) {
        x -= w;
        if (x < 0) return v;
      }
      return entries[entries.length - 1]![0];
    },
    sample(items, n) {
      const copy = [...items];
      const out: (typeof items)[number][] = [];
      while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
      return out;
    },
    normal(mean, sd) {
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    uuid() {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = "4";
      hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
      const s = hex.join("");
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
    fork: (sub) => createRng(seed, `${label}/${sub}`),
  };
  return rng;
}
