import { GOODS_DRAWINGS } from "./drawings-goods";
import { WEAR_DRAWINGS, type Drawing } from "./drawings-wear";

/** Every drawing a card picture can be, by name (the name is part of the picture's link). */
export const DRAWINGS: Record<PictureKind, Drawing> = { ...WEAR_DRAWINGS, ...GOODS_DRAWINGS };

export type PictureKind = keyof typeof WEAR_DRAWINGS | keyof typeof GOODS_DRAWINGS;

/** What an item with no recognisable noun is drawn as: a parcel. */
export const DEFAULT_PICTURE_KIND: PictureKind = "box";

// Which drawing an item's title asks for. Titles end with their noun ("Premium Jojoba Oil
// Shampoo", "Kraft Paper Mailer Box"), so the match that ends last wins over material words; on a
// tie the earlier rule wins, which is why the specific nouns come first ("garment bag" before
// "bag"). Covers every noun the demo taxonomy produces (api/src/demo/taxonomy.ts) and the usual
// words a person gives their own items.
const RULES: readonly (readonly [PictureKind, RegExp])[] = [
  ["camera", /\b(photo|video|shoot|ugc)\b/],
  ["browser", /\b(store build|store migration|theme|storefront|checkout|website|app integration|feature build|speed optimisation|cro|accessibility|analytics|catalogue import|support retainer|security review|content update)\b/],
  ["brief", /\b(brand identity|packaging design|tech pack|illustration|pattern (collection|making)|social media|campaign|email flow|seo|sourcing agent|inspection|freight|customs|bookkeeping|prototype|formulation|sample development|description pack|brand story|ad copy)\b/],
  ["giftbox", /\b(gift box|rigid box)\b/],
  ["garmentbag", /\bgarment bag/],
  ["bubblewrap", /\bbubble/],
  ["fill", /\b(crinkle|void fill|shred)/],
  ["stickers", /\b(sticker|seal|product label|label sheet)/],
  ["tag", /\b(hang tag|woven label|swing tag|tag)\b/],
  ["box", /\b(box|boxes|carton|insert)\b/],
  ["mailer", /\b(mailer|envelope)/],
  ["folded", /\b(tissue|towel|duvet|blanket|swaddle|bedding|pillowcase)/],
  ["tote", /\b(tote|shopping bag|paper bag|market bag)/],
  ["backpack", /\b(backpack|rucksack)/],
  ["pouch", /\b(pouch|coffee|tea|granola)/],
  ["phonecase", /\bphone case/],
  ["sunglasses", /\b(sunglasses|glasses)/],
  ["earbuds", /\b(earbud|headphone)/],
  ["watch", /\b(fitness band|watch|smartwatch)/],
  ["collar", /\b(collar|leash)/],
  ["bone", /\b(chew toy|dog treat|treat|bone)/],
  ["petbed", /\bpet bed|dog bed/],
  ["plush", /\b(plush|teddy|toy)/],
  ["bib", /\bbib\b/],
  ["hoodie", /\b(hoodie|sweatshirt|sweater|jacket|crewneck|cardigan)/],
  ["tshirt", /\b(t-shirt|tee|tshirt|jersey|onesie|polo|top)\b/],
  ["trousers", /\b(legging|jean|jogger|pant|trouser|lounge set|shorts)/],
  ["dress", /\b(dress|swimsuit|skirt)/],
  ["sock", /\bsock/],
  ["cap", /\b(cap|hat|beanie)\b/],
  ["wallet", /\b(wallet|purse|card holder)/],
  ["belt", /\b(belt|strap)/],
  ["scarf", /\b(scarf|bandana)/],
  ["necklace", /\b(necklace|chain|anklet|pendant)/],
  ["earring", /\bearring/],
  ["ring", /\b(ring|bracelet|bangle)s?\b/],
  ["dropper", /\b(dropper bottle|serum|dropper|beard oil|oil)\b/],
  ["pump", /\b(pump bottle|pump|shampoo|body wash|lotion|conditioner|wash)\b/],
  ["lipstick", /\b(lipstick|lip balm)/],
  ["perfume", /\b(parfum|perfume|fragrance|nail polish|cologne)/],
  ["candle", /\bcandle/],
  ["mug", /\b(mug|cup)s?\b/],
  ["board", /\b(cutting board|board)\b/],
  ["vase", /\bvase/],
  ["plate", /\b(plate|bowl|tableware)/],
  ["bar", /\b(protein bar|chocolate|bar)\b/],
  ["jar", /\b(jar|gummy|vitamin|supplement)/],
  ["tube", /\btube/],
  ["can", /\b(can|tin|sparkling drink|soda)\b/],
  ["cable", /\b(cable|charger)/],
  ["plug", /\bplug\b/],
  ["lamp", /\b(lamp|light)\b/],
  ["boot", /\bboot/],
  ["slide", /\b(slide|sandal|slipper|flip-flop)/],
  ["shoe", /\b(sneaker|trainer|shoe)/],
  ["notebook", /\b(notebook|planner|journal|diary)/],
  ["card", /\b(card)s?\b/],
  ["print", /\b(art print|print|poster)\b/],
  ["mat", /\byoga mat|\bmat\b/],
  ["bottle", /\b(bottle|sauce|flask|tumbler)/],
  ["chair", /\bchair/],
  ["tote", /\bbag\b/],
];

/** The drawing for an item, from the nouns in its title; a parcel when none is recognised. */
export function pictureKindOf(title: string): PictureKind {
  const text = title.toLowerCase();
  let best: { kind: PictureKind; end: number } | null = null;
  for (const [kind, pattern] of RULES) {
    const end = lastMatchEnd(text, pattern);
    if (end > (best?.end ?? -1)) best = { kind, end };
  }
  return best?.kind ?? DEFAULT_PICTURE_KIND;
}

function lastMatchEnd(text: string, pattern: RegExp): number {
  let end = -1;
  for (const m of text.matchAll(new RegExp(pattern.source, "g"))) end = m.index + m[0].length;
  return end;
}

/** Whether a name is one of the drawings (for parsing links). */
export function isPictureKind(name: string): name is PictureKind {
  return Object.hasOwn(DRAWINGS, name);
}
