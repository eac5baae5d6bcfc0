import { IDEAS_PER_ROUND, type ProductIdea } from "@atelier/contracts/ideation";
import { findCountry } from "../../data/countries";
import type { Queryable } from "../../db/pool";
import { rngFor } from "../brand-kits/offline/random";
import { charm, RETAIL_MARKUP } from "../brand-kits/offline/product-skus";
import { themeFor } from "../brand-kits/offline/themes";
import { getCategoryMarket, type MarketItem } from "../marketplace/get-category-market";

// The offline idea writer: product ideas for a creator's brief, grounded in what the marketplace
// lists (what similar products cost landed with duty, their minimum orders, how many suppliers make
// them and how fast). Deterministic from (ideation, round, brief), so the same round always reads
// the same, and no figure is invented: without similar listings an idea says so.

export type Brief = { ideationId: string; round: number; prompt: string; category: string; maxUnitCost: number | null };

const STOP = new Set([
  "a", "an", "the", "and", "or", "for", "with", "of", "to", "in", "on", "my", "our", "your", "some", "that", "this", "want", "make", "sell", "like", "ideas", "idea",
  "product", "products", "brand", "small", "new", "good", "best", "people", "who", "love", "made", "from", "about", "give", "me", "i", "we", "can", "you",
]);

/** The brief's content words, lightly singularised ("toys" → "toy"), for catalogue search and fit. */
export function briefWords(prompt: string, category: string): string[] {
  const words = `${category} ${prompt}`
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, " ")
    .split(/\s+/)
    .filter((w) => w.length > 2 && !STOP.has(w))
    .map((w) => (w.length > 4 && w.endsWith("ies") ? `${w.slice(0, -3)}y` : w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
  return [...new Set(words)].slice(0, 8);
}

/** "eco-friendly dog toys for city apartments" → "city apartments": who or what it is for. */
function audienceOf(prompt: string): string | null {
  const m = prompt.match(/\bfor\s+([^,.;!?]{3,60})/i);
  return m ? m[1]!.trim().replace(/\s+/g, " ") : null;
}

const QUALITIES = ["eco", "eco-friendly", "sustainable", "organic", "vegan", "recycled", "minimalist", "luxury", "premium", "handmade", "natural", "reusable", "compostable", "personalised", "personalized"];

type Angle = { title: (t: string) => string; costFactor: number; why: string; /** Words that say the product already is this angle ("Signature starter set" needs no "starter set"). */ already?: RegExp };
const lc = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);
const ANGLES: readonly Angle[] = [
  { title: (t) => t, costFactor: 1, why: "A simple single product is the cheapest way to test demand." },
  { title: (t) => `${t} starter set`, costFactor: 2.2, why: "A set of three lifts the order value and makes a ready-made gift.", already: /\b(set|kit|bundle|pack)\b/i },
  { title: (t) => `Personalised ${lc(t)}`, costFactor: 1.15, why: "Names and initials turn it into a gift and carry a higher price.", already: /\b(personali[sz]ed|custom)\b/i },
  { title: (t) => `${t} gift box`, costFactor: 1.35, why: "Gift packaging sells in the holiday season and at a higher margin.", already: /\b(gift|box|set)\b/i },
  { title: (t) => `${t} refill subscription`, costFactor: 1, why: "A refill subscription brings repeat orders from the same customers.", already: /\b(subscription|refill|monthly)\b/i },
  { title: (t) => `Limited-edition ${lc(t)}`, costFactor: 1.1, why: "A numbered small run builds urgency for a first launch.", already: /\b(limited|edition|essential)\b/i },
];

/** A listing's title as a product idea: the first clause, without sizes and pack counts. */
function productName(title: string): string {
  const t = title.split(/[,(|–-]\s/)[0]!.replace(/\b\d+\s?(pcs|pack|ml|g|oz|cm|mm|in)\b/gi, "").replace(/\s+/g, " ").trim();
  const name = t.length > 60 ? t.slice(0, 60).replace(/\s+\S*$/, "") : t;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const landed = (i: MarketItem) => (i.unitPriceMin === null ? null : i.unitPriceMin * (1 + i.tariffRatePercent / 100));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : null;
};
const money = (n: number) => `$${n.toFixed(2)}`;

/** Listings sharing a word with the name, closest first (the listing the idea came from leads), so
 * the three shown as matches are the nearest and not merely the first found. */
function closest(items: MarketItem[], name: string, source?: MarketItem): MarketItem[] {
  const words = name.toLowerCase().split(/\s+/).filter((w) => w.length > 3);
  const shared = (it: MarketItem) => words.filter((w) => it.title.toLowerCase().includes(w)).length;
  return items
    .map((it, i) => ({ it, i, n: it === source ? Infinity : shared(it) }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .map((x) => x.it);
}

type Candidate = { name: string; what: string | null; typical: number | null; similar: MarketItem[] };

/** Product kinds to write ideas about: the marketplace's matching listings first, then the theme's staples. */
function candidatesFor(brief: Brief, items: MarketItem[], words: string[]): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const name = productName(item.title);
    const key = name.toLowerCase().split(/\s+/).slice(0, 3).join(" ");
    if (!name || seen.has(key)) continue;
    seen.add(key);
    const similar = closest(items, name, item);
    out.push({ name, what: null, typical: null, similar: similar.length ? similar : [item] });
  }
  const theme = themeFor(brief.category, brief.prompt);
  for (const [title, what, typical] of theme.products) {
    if (seen.has(title.toLowerCase().split(/\s+/).slice(0, 3).join(" "))) continue;
    out.push({ name: title, what, typical, similar: closest(items, title) });
  }
  // Ideas that fit the brief's own words come first.
  const fit = (c: Candidate) => words.filter((w) => c.name.toLowerCase().includes(w)).length;
  return out.map((c, i) => ({ c, i })).sort((a, b) => fit(b.c) - fit(a.c) || a.i - b.i).map((x) => x.c);
}

/** An idea as the offline writer costs it, with the marketplace facts it rests on kept apart (a model rewrites the rest). */
export type GroundedIdea = { idea: ProductIdea; marketFacts: string[]; productName: string };

/** One round of product ideas for the brief. */
export async function writeIdeas(db: Queryable, brief: Brief, now: Date): Promise<ProductIdea[]> {
  return (await groundedIdeas(db, brief, now, IDEAS_PER_ROUND)).map((g) => g.idea);
}

/** Up to `count` costed ideas for the brief, those within the unit-cost limit first. */
export async function groundedIdeas(db: Queryable, brief: Brief, now: Date, count: number): Promise<GroundedIdea[]> {
  const words = briefWords(brief.prompt, brief.category);
  const theme = themeFor(brief.category, brief.prompt);
  const market = await getCategoryMarket(db, [...words, ...theme.searchWords].slice(0, 10));
  const rng = rngFor(brief.ideationId, "ideas", brief.round, brief.prompt, brief.category, brief.maxUnitCost ?? "");
  const audience = audienceOf(brief.prompt);
  const said = QUALITIES.filter((q) => brief.prompt.toLowerCase().includes(q));
  // "eco-friendly" says "eco" already.
  const qualities = said.filter((q) => !said.some((other) => other !== q && other.includes(q)));
  const pool = candidatesFor(brief, market.items, words);
  // Later rounds move on to other product kinds before repeating any.
  const start = (brief.round * IDEAS_PER_ROUND) % Math.max(1, pool.length);
  const rotated = [...pool.slice(start), ...pool.slice(0, start)];
  const angles = rng.sample(ANGLES, ANGLES.length);
  const ideas = rotated.slice(0, Math.max(count, IDEAS_PER_ROUND * 2)).map((c, i) => {
    const drawn = angles[i % angles.length]!;
    const angle = drawn.already?.test(c.name) ? ANGLES[0]! : drawn;
    const costs = c.similar.flatMap((it) => (landed(it) === null ? [] : [landed(it)!]));
    const base = median(costs);
    const unitCost = base === null ? null : Math.round(base * angle.costFactor * 100) / 100;
    const retail = unitCost !== null ? charm(Math.max(unitCost * RETAIL_MARKUP, unitCost + 2)) : charm((c.typical ?? 20) * angle.costFactor);
    const margin = unitCost !== null ? Math.round(((retail - unitCost) / retail) * 100) : null;
    const moqs = c.similar.flatMap((it) => (it.moq === null ? [] : [it.moq]));
    const suppliers = new Set(c.similar.map((it) => it.supplierId)).size;
    const countries = new Map<string, number>();
    for (const it of c.similar) countries.set(it.countryCode, (countries.get(it.countryCode) ?? 0) + 1);
    const topCountry = [...countries.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
    const fit = words.filter((w) => c.name.toLowerCase().includes(w)).length;
    const title = angle.title(c.name);
    const described = c.what ?? `${c.name}${c.similar[0] ? `, as ${c.similar[0].supplierName}${suppliers > 1 ? " and others list" : " lists"} it` : ""}`;
    const facts: string[] = [];
    if (suppliers > 0) {
      facts.push(`${suppliers} supplier${suppliers === 1 ? "" : "s"} on the marketplace make${suppliers === 1 ? "s" : ""} something like it${topCountry ? `, most in ${findCountry(topCountry)?.name ?? topCountry}` : ""}.`);
      if (unitCost !== null && margin !== null) facts.push(`About ${money(unitCost)} a unit landed with US duty, so ${money(retail)} keeps ${margin} %.`);
      if (moqs.length) facts.push(`Orders start at ${Math.min(...moqs)} units.`);
    } else {
      facts.push("Nothing like it is listed on the marketplace yet: price it from factory quotes (a sourcing request reaches factories outside the network).");
    }
    const marketFacts = [...facts];
    facts.push(angle.why);
    const overLimit = brief.maxUnitCost !== null && unitCost !== null && unitCost > brief.maxUnitCost;
    if (overLimit) facts.push(`It costs more than your ${money(brief.maxUnitCost!)} a unit limit.`);
    const idea: ProductIdea = {
      uuid: rng.uuid(`idea-${i}-${title}`),
      title,
      description: `${described}${qualities.length ? `, ${qualities.slice(0, 2).join(" and ")}` : ""}${audience ? `, made for ${audience}` : ""}.`.replace(/\.\./g, "."),
      whyItSells: facts.join(" "),
      estimatedUnitCost: unitCost,
      suggestedRetailPrice: retail,
      marginPercent: margin,
      moq: moqs.length ? Math.min(...moqs) : null,
      suppliers,
      productionDays: c.similar.length ? { min: Math.min(...c.similar.map((it) => it.productionDaysMin)), max: Math.max(...c.similar.map((it) => it.productionDaysMax)) } : null,
      popularity: Math.min(100, 35 + Math.min(suppliers, 8) * 6 + fit * 8 + rng.int(0, 9)),
      matchingItems: c.similar.slice(0, 3).map((it) => ({ itemId: it.itemId, title: it.title, supplierName: it.supplierName, unitPrice: it.unitPriceMin, moq: it.moq })),
      createdAt: now.toISOString(),
    };
    if (overLimit) marketFacts.push(facts.at(-1)!);
    return { idea, marketFacts, productName: c.name, overLimit };
  });
  // Within the creator's unit-cost limit first; over-limit ideas only fill the round.
  return [...ideas.filter((x) => !x.overLimit), ...ideas.filter((x) => x.overLimit)].slice(0, count).map(({ overLimit: _o, ...g }) => g);
}

/** A name for an ideation from its brief: "Eco-friendly dog toys". */
export function titleFromBrief(prompt: string, category: string): string {
  const first = (prompt.trim().split(/[.;\n]/)[0] ?? "").replace(/^(i want to (make|sell)|ideas for|product ideas for|give me|some)\s+/i, "").trim() || category.trim();
  const t = first.charAt(0).toUpperCase() + first.slice(1);
  return t.length > 120 ? `${t.slice(0, 117)}…` : t;
}
