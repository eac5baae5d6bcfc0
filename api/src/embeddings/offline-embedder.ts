// The built-in embedder used when no embedding model is configured: feature hashing of words,
// word pairs and character trigrams. It knows no synonyms, but texts sharing words or word
// pieces ("mug", "mugs", "ceramic mug") land close together, which is what catalog search and
// supplier matching need offline. Deterministic: the same text gives the same vector everywhere.

/** Dimensions of every embedding column (vector(384)). */
export const EMBEDDING_DIMENSIONS = 384;

const WORD_WEIGHT = 1;
const PAIR_WEIGHT = 0.6;
const TRIGRAM_WEIGHT = 0.35;

/** Lower-case words without accents; a trailing plural "s" is dropped so singular and plural agree. */
export function tokenize(text: string): string[] {
  const plain = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const words = plain.match(/[a-z0-9]+/g) ?? [];
  return words.map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
}

// FNV-1a, 32-bit: fast, well spread, and identical in every runtime.
function hash(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function add(v: Float64Array, feature: string, weight: number) {
  const h = hash(feature, 0);
  // A second hash picks the sign so collisions cancel on average instead of piling up.
  const sign = hash(feature, 0x9e3779b9) & 1 ? 1 : -1;
  v[h % EMBEDDING_DIMENSIONS]! += sign * weight;
}

/** Embeds a text into 384 dimensions, L2-normalised (all zeros for a text with no words). */
export function embedText(text: string): number[] {
  const v = new Float64Array(EMBEDDING_DIMENSIONS);
  const words = tokenize(text);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    add(v, `w:${w}`, WORD_WEIGHT);
    if (i + 1 < words.length) add(v, `p:${w} ${words[i + 1]}`, PAIR_WEIGHT);
    const padded = `^${w}$`;
    for (let j = 0; j + 3 <= padded.length; j++) add(v, `c:${padded.slice(j, j + 3)}`, TRIGRAM_WEIGHT);
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  return Array.from(v, (x) => (norm === 0 ? 0 : x / norm));
}

/** pgvector's text form ("[0.1,-0.2,…]"), rounded to 5 decimals to keep inserts small. */
export function toVectorLiteral(v: readonly number[]): string {
  return `[${v.map((x) => (Math.round(x * 1e5) / 1e5).toString()).join(",")}]`;
}

/** Cosine similarity of two embeddings (dot product: both are normalised). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}
