import type { TariffLineRow } from "../../queries/sourcing-agent/tariffs";

// Tariff lines are split by how a garment is made (knitted, chapter 61, or woven, chapter 62), by
// fibre, and for some goods by value ("valued over $20 each"). Text search alone put cotton
// T-shirts on the woven-shirt line (27.2 % instead of 24 % from China), silk scarves on the
// synthetic line, wool sweaters on the cotton one and an $18 handbag on the over-$20 line. The
// search's candidates are re-ranked here by what the product's words say about each.

/** Garments that are knitted unless said otherwise, and words that say woven. */
const KNIT_GOODS = /\b(t-?shirts?|tees?|tanks? tops?|hoodies?|sweatshirts?|sweaters?|jumpers?|pullovers?|cardigans?|polos?|socks?|leggings?|beanies?|onesies?|bodysuits?|jerseys?|knit(ted|wear)?)\b/i;
const WOVEN_GOODS = /\b(woven|denim|jeans|dress shirts?|button[- ](down|up)|oxford|blouses?|chinos?|trousers?|suits?|flannel shirts?)\b/i;

/** Fibres and materials as a product names them, and as a line's description names them. */
const FIBRES: { name: string; said: RegExp; line: RegExp }[] = [
  { name: "cotton", said: /\b(cotton|organic cotton|canvas)\b/i, line: /\bcotton\b/i },
  { name: "wool", said: /\b(wool(len)?|merino|cashmere|alpaca|lambswool)\b/i, line: /\b(wool|fine animal hair)\b/i },
  { name: "silk", said: /\bsilk\b/i, line: /\bsilk\b/i },
  { name: "synthetic", said: /\b(polyester|nylon|acrylic|spandex|synthetic|man-made|fleece|microfiber)\b/i, line: /\b(man-made|synthetic)\b/i },
  // Faux and vegan leather are plastics at the border.
  { name: "leather", said: /(?<!\b(?:faux|vegan|pu|fake)\s)\bleather\b/i, line: /(?<!\b(?:imitation|faux)\s)\bleather\b/i },
];

/** "valued over $20 each" / "valued not over $20 each" in a line's description. */
function valueBracket(description: string): { over: boolean; usd: number } | null {
  const m = /valued (not )?over \$(\d+(?:\.\d+)?)/i.exec(description);
  return m ? { over: !m[1], usd: Number(m[2]) } : null;
}

function fit(product: string, price: number | null, line: TariffLineRow): number {
  let score = 0;
  const knitLine = /\bknit(ted)?\b|crocheted/i.test(line.description);
  const knitChapter = line.hts_code.startsWith("61");
  const wovenChapter = line.hts_code.startsWith("62");
  if (WOVEN_GOODS.test(product)) score += wovenChapter ? 2 : knitChapter || knitLine ? -2 : 0;
  else if (KNIT_GOODS.test(product)) score += knitChapter || knitLine ? 2 : wovenChapter ? -2 : 0;
  const said = FIBRES.filter((f) => f.said.test(product));
  for (const f of FIBRES) {
    if (!f.line.test(line.description)) continue;
    if (said.some((s) => s.name === f.name)) score += 1.5;
    else if (said.length) score -= 1.5;
  }
  const bracket = valueBracket(line.description);
  if (bracket && price !== null) score += (bracket.over ? price > bracket.usd : price <= bracket.usd) ? 1 : -4;
  return score;
}

/**
 * The candidates in the order that fits the product best: the construction, fibre and value the
 * product's words and price imply first, the text search's own order among equals.
 */
export function rankTariffLines(product: string, price: number | null, candidates: TariffLineRow[]): TariffLineRow[] {
  return candidates
    .map((line, i) => ({ line, i, fit: fit(product, price, line) }))
    .sort((a, b) => b.fit - a.fit || a.i - b.i)
    .map((x) => x.line);
}
