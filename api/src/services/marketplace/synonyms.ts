// Words shoppers use for the same thing. A keyword word is OR-ed with its group in the full-text
// query and its group is added to the text embedded for semantic search, so "coffee cup" also
// finds mugs and "tee" finds T-shirts. Groups are small on purpose: a wrong synonym costs precision.
const GROUPS: readonly (readonly string[])[] = [
  ["mug", "cup", "tumbler"],
  ["t-shirt", "tee", "tshirt"],
  ["hoodie", "sweatshirt", "pullover"],
  ["tote", "bag", "shopper", "sack"],
  ["sneaker", "trainer", "running shoe"],
  ["necklace", "pendant", "chain"],
  ["earring", "stud"],
  ["jacket", "coat", "outerwear"],
  ["cap", "hat"],
  ["bottle", "flask"],
  ["notebook", "journal"],
  ["plush", "stuffed toy", "soft toy"],
  ["box", "carton", "mailer"],
  ["pouch", "sachet"],
  ["label", "tag"],
  ["sticker", "decal"],
  ["logo", "branding", "brand identity"],
  ["website", "storefront", "web design"],
  ["photo", "photography", "product shoot"],
  ["jean", "denim"],
  ["legging", "tights"],
  ["swimsuit", "swimwear", "bikini"],
  ["serum", "essence"],
  ["perfume", "fragrance", "eau de parfum"],
  ["lipstick", "lip colour"],
  ["candle", "votive"],
  ["vase", "planter"],
  ["sofa", "couch"],
  ["wallet", "purse", "card holder"],
  ["phone case", "phone cover"],
  ["earbud", "earphone", "headphone"],
  ["factory", "manufacturer", "supplier", "maker"],
];

const INDEX = new Map<string, readonly string[]>();
for (const group of GROUPS) for (const word of group) INDEX.set(word, group);

function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

/** The keyword as word groups: each word with its synonyms (at most 8 words). */
export function expandKeyword(keyword: string): string[][] {
  const words = (keyword.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []).slice(0, 8);
  return words.map((w) => {
    const group = INDEX.get(w) ?? INDEX.get(singular(w));
    return group ? [w, ...group.filter((g) => g !== w && g !== singular(w))] : [w];
  });
}

/** The text embedded for a keyword: the words and their synonyms. */
export function semanticText(groups: string[][]): string {
  return groups.flat().join(" ");
}
