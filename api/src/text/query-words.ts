/**
 * The distinct words of a search query, lower-cased, in order of first use: what a words-only
 * search (full text, or a keyword match against a dataset) looks for. Letters of any script and
 * digits make words; shorter ones than `minLength` are dropped (noise for ranking), and at most
 * `max` are kept so a pasted paragraph cannot make a query of thousands of terms.
 */
export function queryWords(text: string, opts: { minLength: number; max: number }): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter((w) => w.length >= opts.minLength).slice(0, opts.max);
}
