import { createHash } from "node:crypto";

/** A seeded random source: the same key always draws the same sequence. */
export type Rng = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** count distinct picks, in drawn order. */
  sample<T>(list: readonly T[], count: number): T[];
  /** A stable uuid (v4 layout) from the key and a label. */
  uuid(label: string): string;
};

/**
 * Every offline slot draws from sha256(kit id, slot, seed, inputs): regenerating one slot moves
 * only its own seed, so every other slot stays byte-identical.
 */
export function rngFor(...key: (string | number)[]): Rng {
  const digest = createHash("sha256").update(key.join("\u241f")).digest();
  let a = digest.readUInt32LE(0);
  const next = () => {
    // mulberry32: small, fast and well distributed for picking words and shapes.
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    sample(list, count) {
      const pool = [...list];
      const out: (typeof list)[number][] = [];
      while (out.length < count && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      return out;
    },
    uuid(label) {
      const h = createHash("sha256").update(`${key.join("\u241f")}\u241f${label}`).digest("hex");
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
  };
}
