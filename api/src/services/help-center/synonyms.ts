// Words visitors use for what the articles call otherwise. A question's words are searched with
// these added (OR), so "talk to a human" finds the support article and "how much to start" the
// plans. Kept small and one-way: each entry adds the articles' word, never the reverse, so a
// precise question ("storage fee per bin") is not widened.
const SYNONYMS: Record<string, readonly string[]> = {
  human: ["support", "contact"],
  person: ["support", "contact"],
  someone: ["support", "contact"],
  agent: ["support"],
  representative: ["support", "contact"],
  reach: ["contact"],
  speak: ["contact"],
  talk: ["contact"],
  email: ["contact"],
  phone: ["contact"],
  pricing: ["plans"],
  prices: ["plans"],
  subscription: ["plans"],
  start: ["plans", "overview"],
  started: ["overview", "platform"],
  begin: ["overview", "platform"],
  package: ["order", "status"],
  parcel: ["order", "status"],
  delivery: ["order", "status"],
  sell: ["channels"],
  channel: ["channels"],
};

/** The question's words with the articles' words for them, each once. */
export function withSynonyms(words: readonly string[]): string[] {
  return [...new Set(words.flatMap((w) => [w, ...(SYNONYMS[w] ?? [])]))];
}
