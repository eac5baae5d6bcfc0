import type { Intent, IntentContext, Outcome, PlannedCall, Step } from "./offline-types";
import { countryName, parseAnyCountry, parseMoq, parseProduct } from "./offline-parse";
import { call, got, gotAll, usd } from "./offline-steps";
import { lastShown, parseOrdinal, referredEntity } from "./offline-references";
import { parseQuantityOf, parseSort, type SortWish } from "./offline-slots";
import type { ToolResponse } from "@atelier/tools/tool-results";

// The sourcing marketplace as the offline copilot understands it: supplier search, samples into
// the cart, the cart and checkout (approval-gated by the tool), and favourites of what is on screen.

type MoqBucket = "0_100" | "100_1000" | "1000_PLUS";
const MOQ_BUCKETS: { key: MoqBucket; from: number; to: number }[] = [
  { key: "0_100", from: 0, to: 100 },
  { key: "100_1000", from: 100, to: 1000 },
  { key: "1000_PLUS", from: 1000, to: Infinity },
];

/** An MOQ limit the user typed: "under MOQ 500" is a ceiling, "MOQ over 1000" a floor. */
export type MoqLimit = { max?: number; min?: number };

export function parseMoqLimit(text: string): MoqLimit | undefined {
  const n = parseMoq(text);
  if (n === undefined) return undefined;
  return /\b(over|above|more than|at least|minimum of)\b/i.test(text) ? { min: n } : { max: n };
}

/**
 * The filter's buckets are fixed ([0,100), [100,1000), 1000+), so a limit like "under 500" is
 * searched as every bucket it overlaps, one call each, and the answer keeps suppliers within it.
 */
export function moqBucketsFor(limit: MoqLimit): MoqBucket[] {
  return MOQ_BUCKETS.filter((b) => (limit.max === undefined || b.from <= limit.max) && (limit.min === undefined || b.to > limit.min)).map((b) => b.key);
}

/** The search words of a request: the product left once framing, filters and place are removed. */
export function parseKeyword(text: string): string | undefined {
  const stripped = withoutRegion(text).replace(/\b(with )?samples? between.*$|,?\s*\d+\s*\+\s*(employees|people|staff|workers)|\b(with )?[1-4]\s*(\+|stars?( or (more|better|above|higher))?)|,?\s*(under|less than|within) (a|one|1) month( production)?|\bbig\b|\bproduction\b/gi, " ").replace(/\b(show|list|display|browse|give|get|look up|any|good|best|top|cheap|supliers?|that ship fast|ship(s|ping)? fast|fast)\b/gi, " ");
  return parseProduct(stripped);
}

/** Continents as the marketplace's region filter ("sticker printers in europe" → EU). */
const REGION_WORDS: [RegExp, "AF" | "NA" | "SA" | "AS" | "EU" | "OA"][] = [
  [/\b(?:in |from )?(?:europe|the eu|european)\b/i, "EU"],
  [/\b(?:in |from )?(?:asia|asian)\b/i, "AS"],
  [/\b(?:in |from )?(?:africa|african)\b/i, "AF"],
  [/\b(?:in |from )?(?:north america)\b/i, "NA"],
  [/\b(?:in |from )?(?:south america|latin america|latam)\b/i, "SA"],
  [/\b(?:in |from )?(?:oceania)\b/i, "OA"],
];

/** The regions a request names. */
export function parseRegions(text: string): string[] {
  return REGION_WORDS.filter(([re]) => re.test(text)).map(([, code]) => code);
}

/** The marketplace's other filters as users say them: stars, production time, company size, sample price. */
export function parseSupplierFilters(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const stars = text.match(/\b([1-4])(?:\.0)? ?(?:\+|stars? ?(?:or (?:more|better|above|higher)|\+|and up))/i)?.[1];
  if (stars) out.review = stars;
  if (/\b(under|less than|within|in under) (a|one|1) month\b|\bfast production\b/i.test(text)) out.productionTime = "UNDER_1_MONTH";
  else if (/\b(1|one)\s*(-|to)\s*(2|two) months\b/i.test(text)) out.productionTime = "1_2_MONTHS";
  const size = parseInt(text.match(/\b(\d+)\s*\+\s*(?:employees|people|staff|workers)\b|\b(?:over|more than|at least)\s+(\d+)\s+(?:employees|people|staff|workers)\b/i)?.slice(1).find(Boolean) ?? "", 10);
  if (size >= 250) out.supplierSize = "250_PLUS";
  else if (size >= 100) out.supplierSize = "100_PLUS";
  else if (size >= 50) out.supplierSize = "50_PLUS";
  const sample = text.match(/\bsamples?\b[^.]*?\bbetween \$?(\d+) and \$?(\d+)/i);
  if (sample) {
    const [lo, hi] = [Number(sample[1]), Number(sample[2])];
    out.samplePrice = lo >= 100 ? "100_PLUS" : lo >= 50 && hi <= 100 ? "50_100" : hi <= 50 ? "5_50" : "ALL";
    if (out.samplePrice === "ALL") delete out.samplePrice;
  }
  return out;
}

function withoutRegion(text: string): string {
  return REGION_WORDS.reduce((t, [re]) => t.replace(re, " "), text);
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, " ")
    .split(/\s+/)
    .filter((w) => w.length > 1 && !["the", "of", "a", "an", "and", "with", "from", "to", "my", "for"].includes(w))
    .map((w) => (w.length > 3 ? w.replace(/(es|s)$/, "") : w));

/** How much of the name the title covers (0–1), word by word, singular and plural alike. */
function coverage(name: string, title: string): number {
  const wanted = words(name);
  if (!wanted.length) return 0;
  const have = new Set(words(title));
  return wanted.filter((w) => have.has(w)).length / wanted.length;
}

function bestByName<T>(list: T[], name: string, label: (x: T) => string): T | undefined {
  let best: { x: T; score: number } | undefined;
  for (const x of list) {
    const score = coverage(name, label(x));
    if (score >= 0.5 && (!best || score > best.score)) best = { x, score };
  }
  return best?.x;
}

/** A supplier row of a search: the marketplace's, the packaging agent's or the visitors'. */
export type SupplierRow = ToolResponse<"search_suppliers">["list"][number];
/** An item or supplier the thread has shown: enough to name it and act on it. */
export type Seen = { id: string; title: string };
export type SeenSupplier = { id: string; name: string };
type SupplierSearchTool = "search_suppliers" | "search_packaging_suppliers";

/** Catalog items the thread has seen, newest first: searches, item pages, supplier profiles. */
export function itemsSeen(outcomes: Outcome[]): Seen[] {
  const out: Seen[] = [];
  for (const o of [...outcomes].reverse()) {
    const one = [o];
    for (const tool of ["search_catalog_items", "match_design_products", "search_catalog_by_image"] as const) for (const r of gotAll(one, tool)) out.push(...r.value.list);
    for (const r of gotAll(one, "get_catalog_item")) out.push(r.value.item, ...r.value.similarProducts);
    for (const r of gotAll(one, "get_supplier")) out.push(...r.value.tabs.BASE_PRODUCTS.list);
  }
  return out;
}

/** Suppliers the thread has seen, newest first. */
export function suppliersSeen(outcomes: Outcome[]): SeenSupplier[] {
  const out: SeenSupplier[] = [];
  for (const o of [...outcomes].reverse()) {
    const one = [o];
    for (const r of gotAll(one, "search_suppliers")) out.push(...r.value.list);
    for (const r of gotAll(one, "get_supplier")) out.push(r.value.supplier);
    for (const r of gotAll(one, "get_catalog_item")) out.push(r.value.supplier);
  }
  return out;
}

/** What the screen shows: a supplier profile or a catalog item page, by the screen context's entity. */
export function screenEntity(context: IntentContext): { kind: "SUPPLIER" | "CATALOG_ITEM"; id: string } | undefined {
  const entity = context.screen?.entity;
  if (entity?.type === "catalog_item") return { kind: "CATALOG_ITEM", id: entity.id };
  if (entity?.type === "supplier") return { kind: "SUPPLIER", id: entity.id };
  return undefined;
}

const refersToScreen = (t: string) => /\b(this|it|that|current)\b/i.test(t);
/** "I need 2000 pairs of wool socks", "make 500 candles": a quantity of a product to be made. */
export const wantsMade = (t: string) => /\b(need|want|looking for|make|made|produce|manufacture|order)\b/i.test(t) && parseQuantityOf(t) !== undefined && parseProduct(t) !== undefined;
export const saysSupplier = (t: string) => /\b(suppliers?|factor(y|ies)|manufacturers?|vendors?|makers?)\b/i.test(t);

/** One supplier as a line of an answer: place, MOQ, samples, production time and rating. */
export function supplierLine(s: SupplierRow): string {
  const sample = s.samplePriceMinCents == null ? "custom-quote samples" : `samples from ${usd(s.samplePriceMinCents)}`;
  const rating = s.reviewCount ? `, rated ${Number(s.averageReview).toFixed(1)} (${s.reviewCount})` : "";
  return `- **${s.name}** (${s.city ? `${s.city}, ` : ""}${countryName(s.countryCode)}) — MOQ ${s.moq ?? "custom quote"}, ${sample}, ${s.productionDaysMin}-${s.productionDaysMax} days${rating}`;
}

/** The answer to one or more supplier searches: merged, within the MOQ limit, best first. */
export function searchAnswer(searches: { args: Record<string, unknown>; value: { list: SupplierRow[] } }[], limit: MoqLimit | undefined): string {
  const seen = new Set<string>();
  const list: SupplierRow[] = [];
  for (const o of searches) for (const s of o.value.list) if (!seen.has(s.id) && (seen.add(s.id), true)) list.push(s);
  const within = list.filter((s) => !limit || (s.moq != null && (limit.max === undefined || s.moq <= limit.max) && (limit.min === undefined || s.moq >= limit.min)));
  const args = searches[0]?.args ?? {};
  // The search's own sort ("cheapest") keeps its order; otherwise the best matches come first.
  if (!args.sort) within.sort((a, b) => (b.score ?? -1) - (a.score ?? -1));
  const what = [args.keyword ? `"${args.keyword}"` : "your search", args.sort === "productionMinPrice" ? "cheapest first" : "", args.review ? "rated 4 and up" : "", args.productionTime ? "production under a month" : "", limit?.max !== undefined ? `MOQ up to ${limit.max}` : "", limit?.min !== undefined ? `MOQ from ${limit.min}` : "", Array.isArray(args.countryCodes) ? `in ${args.countryCodes.map(countryName).join(", ")}` : ""].filter(Boolean).join(", ");
  if (!within.length) return `No supplier matched ${what}. Try fewer filters or other words.`;
  return [`Suppliers for ${what}:`, ...within.slice(0, 8).map(supplierLine), "Say \"favourite <supplier>\" to keep one, or \"add a sample of <product> to my cart\"."].join("\n");
}

function cartAnswer(cart: ToolResponse<"get_cart">): string {
  const items = cart.items;
  if (!items.length || !cart.invoice) return "Your cart is empty. Search for a product and say \"add a sample of <product> to my cart\".";
  const lines = items.map((i) => `- ${i.title} — ${i.kind === "SAMPLE" ? "sample" : "production"}, ${i.quantity} × ${usd(i.unitPriceCents)} = ${usd(i.totalCents)}${i.supplierName ? ` (${i.supplierName})` : ""}`);
  return [`Your cart (${items.length} item${items.length === 1 ? "" : "s"}):`, ...lines, `Total: ${usd(cart.invoice.totalCents)}.`, cart.refundPolicy, "Say \"pay my cart\" to pay with your default card."].join("\n");
}

function sampleName(text: string): string | undefined {
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- reads at most OFFLINE_TEXT_LIMIT (2,000) characters of a message
  const m = text.match(/\bsamples?\s+(?:of|for)\s+(?:the\s+|a\s+|an\s+)?(.+?)(?:\s+(?:to|in|into)\s+(?:my|the)\s+(?:shopping\s+)?cart\b|\s+please\b|[.?!]|$)/i) ?? text.match(/\b(?:add|order|get|buy)\s+(?:the\s+|a\s+|an\s+)?(.+?)\s+samples?\b/i);
  const name = m?.[1]?.trim();
  return name && !/^(a|an|the|one|some|\d+|this|it|that|this one|that one|this item|this product)$/i.test(name) ? name : undefined;
}

function sampleQuantity(text: string): number {
  const m = text.match(/\b(\d{1,2})\s+samples?\b/i);
  return m?.[1] ? Math.min(10, Math.max(1, Number(m[1]))) : 1;
}

function orderSample(item: { id: string }, text: string): Step {
  return call("create_order_item", { catalogItemId: item.id, kind: "SAMPLE", quantity: sampleQuantity(text), addToCart: true });
}

function favouriteName(text: string): string | undefined {
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- reads at most OFFLINE_TEXT_LIMIT (2,000) characters of a message
  const m = text.match(/\b(?:favou?rite|bookmark|save)\s+(.+?)(?:\s+(?:to|in)\s+(?:my\s+)?favou?rites)?[.?!]?$/i) ?? text.match(/\badd\s+(.+?)\s+to\s+(?:my\s+)?favou?rites\b/i);
  const name = m?.[1]?.replace(/\b(the|supplier|factory|manufacturer|vendor|item|product)\b/gi, " ").trim();
  return name && !refersToScreen(name) && name.length >= 2 ? name : undefined;
}

function favoriteLabel(f: { supplier?: { name: string } | null; item?: { title: string } | null }): string {
  return f.supplier?.name ?? f.item?.title ?? "it";
}

/** The browse screen's sort or filter for a sort word: "cheapest", "top rated", "fastest" ("low MOQ" picks the lowest MOQ bucket). */
function sortArgs(sort: SortWish | undefined): Record<string, string> {
  if (sort === "cheapest") return { sort: "productionMinPrice" };
  if (sort === "top-rated") return { review: "4" };
  if (sort === "fastest") return { productionTime: "UNDER_1_MONTH" };
  return {};
}

/**
 * Supplier search with a search tool (the marketplace's, or the packaging agent's): keyword and
 * country from the text, one call per MOQ bucket the limit overlaps, then the merged answer.
 */
export function supplierSearchStep(tool: SupplierSearchTool, keywordOf: (text: string) => string | undefined = parseKeyword): Intent["step"] {
  return (t, done) => {
    const limit = parseMoqLimit(t);
    const searches = gotAll(done, tool);
    if (searches.length) return { answer: searchAnswer(searches, limit) };
    const keyword = keywordOf(t);
    const country = parseAnyCountry(t);
    if (!keyword && !country && !parseRegions(t).length) return { answer: "Which product should the suppliers make? e.g. \"find suppliers for organic cotton tees under MOQ 500\"." };
    const args: Record<string, unknown> = { size: 10, ...sortArgs(parseSort(t)) };
    if (keyword) args.keyword = keyword;
    if (country) args.countryCodes = [country];
    const regions = parseRegions(t);
    if (regions.length && !country) args.regions = regions;
    Object.assign(args, parseSupplierFilters(t));
    const buckets = limit ? moqBucketsFor(limit) : parseSort(t) === "low-moq" ? (["0_100"] as const) : [];
    const calls: PlannedCall[] = buckets.length ? buckets.map((moq) => ({ name: tool, args: { ...args, moq } })) : [{ name: tool, args }];
    return { calls };
  };
}

/** Marketplace requests, most specific first; they sit before the sourcing agent's factory matching. */
/** "Tell me about the supplier …" / "… the product …": the page's own prompt, asked about the entity on screen. */
const asksAboutScreen = (t: string) => /^\s*(tell me (more )?about|describe|what (do you know|can you tell me) about)\b/i.test(t) && /\b(this|the)\s+(supplier|factory|product|item)\b/i.test(t);
/** "Tell me more about the second one", "open the first supplier", "details on #3": a result shown earlier, by position. */
const asksAboutShown = (t: string) => parseOrdinal(t) !== undefined && /\b(tell|more|about|open|details?|info|describe|show|see|look|what|who|which|profile|check)\b/i.test(t) && !/\b(favou?rite|bookmark|save|sample|cart|send|contact|email|message|sell|sells|carry|offer)\b/i.test(t);

/** "Open Lotus Ceramics", "tell me about Jade Kiln": a supplier or product named (capitalised) after the verb. */
const NAMED = /^\s*(?:open|tell me (?:more )?about|more about|what about|show me|info on|details (?:on|of|for))\s+(?!(?:my|your|the|this|that|a|an|it|them|those)\b)([A-Z][^?.!]{1,80})/;
const asksAboutNamed = (t: string) => NAMED.test(t) && !/\b(fees?|plan|cart|orders?|invoices?|team|credits?|favou?rites)\b/i.test(t);

/** The result a text points at by position ("the second one"), else undefined. */
const pointedAt = (t: string, history: Outcome[]) => (parseOrdinal(t) !== undefined ? referredEntity(t, history) : undefined);

function supplierAnswer(profile: ToolResponse<"get_supplier">): string {
  const s = profile.supplier;
  const reviews = profile.tabs.REVIEWS.summary;
  const products = profile.tabs.BASE_PRODUCTS.list.slice(0, 3).map((i) => i.title);
  return [
    supplierLine(s),
    s.description,
    s.capabilities.length ? `Capabilities: ${s.capabilities.join(", ")}.` : "",
    reviews.count ? `Rated ${reviews.average.toFixed(1)} from ${reviews.count} review${reviews.count === 1 ? "" : "s"}.` : "No reviews yet.",
    products.length ? `Products include: ${products.join(", ")}.` : "",
    profile.favoriteId ? "It's in your favourites." : "Say \"favourite this supplier\" to keep it.",
  ].filter(Boolean).join("\n");
}

function itemAnswer(detail: ToolResponse<"get_catalog_item">): string {
  const i = detail.item;
  const price = i.priceMinCents == null ? "price on quote" : i.priceMaxCents != null && i.priceMaxCents !== i.priceMinCents ? `${usd(i.priceMinCents)}–${usd(i.priceMaxCents)} per unit` : `${usd(i.priceMinCents)} per unit`;
  return [
    `**${i.title}** from **${detail.supplier.name}** (${countryName(detail.supplier.countryCode)}) — ${price}, MOQ ${i.moq ?? "custom quote"}, ${i.samplePriceCents == null ? "samples on quote" : `samples at ${usd(i.samplePriceCents)}`}, ${i.productionDaysMin}-${i.productionDaysMax} days.`,
    i.description,
    i.materials.length ? `Materials: ${i.materials.join(", ")}.` : "",
    "Say \"add a sample of this item to my cart\" to order one.",
  ].filter(Boolean).join("\n");
}

export const MARKETPLACE_INTENTS: Intent[] = [
  {
    name: "about-screen",
    tools: ["get_supplier", "get_catalog_item", "search_suppliers"],
    match: (t) => asksAboutScreen(t) || asksAboutShown(t) || asksAboutNamed(t),
    step: (t, done, history, context) => {
      const supplier = got(done, "get_supplier");
      if (supplier) return { answer: supplierAnswer(supplier.value) };
      const item = got(done, "get_catalog_item");
      if (item) return { answer: itemAnswer(item.value) };
      const shown = lastShown(history);
      const position = parseOrdinal(t);
      if (position !== undefined && shown.length && !referredEntity(t, history)) return { answer: `I showed ${shown.length} result${shown.length === 1 ? "" : "s"}; which one? Say e.g. "tell me more about the first one".` };
      const name = t.match(NAMED)?.[1]?.trim();
      if (name && !pointedAt(t, history)) {
        const seen = [...done, ...history];
        const supplierNamed = bestByName(suppliersSeen(seen), name, (x) => x.name);
        if (supplierNamed) return call("get_supplier", { id: supplierNamed.id });
        const itemNamed = bestByName(itemsSeen(seen), name, (x) => x.title);
        if (itemNamed) return call("get_catalog_item", { id: itemNamed.id });
        // Not seen yet: the supplier search finds it by name, then its profile opens.
        const searched = got(done, "search_suppliers");
        if (!searched) return call("search_suppliers", { keyword: name.slice(0, 200), size: 5 });
        const top = searched.value.list[0];
        return top ? call("get_supplier", { id: top.id }) : { answer: `I couldn't find a supplier called "${name}". Check the spelling, or search for what they make.` };
      }
      const entity = pointedAt(t, history) ?? screenEntity(context) ?? referredEntity(t, history);
      if (!entity) return { answer: "Open the supplier's or product's page and ask again, or search first and say e.g. \"tell me more about the second one\"." };
      return entity.kind === "SUPPLIER" ? call("get_supplier", { id: entity.id }) : call("get_catalog_item", { id: entity.id });
    },
  },
  {
    name: "list-favorites",
    tools: ["list_favorites"],
    match: (t) => /\bfavou?rites\b/i.test(t) && /\b(my|show|list|what|which|see)\b/i.test(t) && !/\b(add|remove|delete|unfavou?rite)\b/i.test(t),
    step: (t, done) => {
      const r = got(done, "list_favorites");
      if (!r) return call("list_favorites", saysSupplier(t) ? { kind: "SUPPLIER" } : /\b(items?|products?)\b/i.test(t) ? { kind: "CATALOG_ITEM" } : {});
      const list = r.value.list;
      if (!list.length) return { answer: "You have no favourites yet. On a supplier's or product's page, say \"favourite this\"." };
      return { answer: [`Your favourites (${r.value.total}):`, ...list.map((f) => `- ${favoriteLabel(f)} (${f.kind === "SUPPLIER" ? "supplier" : "product"})`)].join("\n") };
    },
  },
  {
    name: "remove-favorite",
    tools: ["list_favorites", "remove_favorite"],
    match: (t) => /\bun-?favou?rite\b/i.test(t) || (/\b(remove|delete|take)\b/i.test(t) && /\bfavou?rites?\b/i.test(t)),
    step: (t, done, _history, context) => {
      const removed = got(done, "remove_favorite");
      if (removed) return { answer: "Removed from your favourites." };
      const list = got(done, "list_favorites");
      if (!list) return call("list_favorites", { size: 100 });
      const favs = list.value.list;
      const entity = refersToScreen(t) ? screenEntity(context) : undefined;
      const name = favouriteName(t.replace(/\b(remove|delete|take|un-?favou?rite)\b/gi, "favourite").replace(/\s+from\s+(my\s+)?favou?rites?/i, ""));
      const fav = entity ? favs.find((f) => f.supplier?.id === entity.id || f.item?.id === entity.id) : name ? bestByName(favs, name, favoriteLabel) : undefined;
      if (!fav) return { answer: entity || name ? "That isn't in your favourites." : "Which favourite? Open its page and say \"unfavourite this\", or name it." };
      return call("remove_favorite", { id: fav.id });
    },
  },
  {
    name: "add-favorite",
    tools: ["add_favorite", "get_catalog_item"],
    match: (t) => /\b(favou?rites?|bookmark)\b/i.test(t) || (/\bsave\b/i.test(t) && /\b(suppliers?|items?|products?)\b/i.test(t)),
    step: (t, done, history, context) => {
      const added = got(done, "add_favorite");
      if (added) return { answer: `Added **${favoriteLabel(added.value)}** to your favourites.` };
      const pointed = pointedAt(t, history);
      if (pointed) return call("add_favorite", { kind: saysSupplier(t) && pointed.supplierId ? "SUPPLIER" : pointed.kind, targetId: saysSupplier(t) && pointed.supplierId ? pointed.supplierId : pointed.id });
      const entity = screenEntity(context);
      const item = got(done, "get_catalog_item");
      if (item) return call("add_favorite", { kind: "SUPPLIER", targetId: item.value.item.supplierId });
      if (entity && (refersToScreen(t) || !favouriteName(t))) {
        // On a product page, "this supplier" is the product's supplier: look it up first.
        if (entity.kind === "CATALOG_ITEM" && saysSupplier(t)) return call("get_catalog_item", { id: entity.id });
        return call("add_favorite", { kind: entity.kind, targetId: entity.id });
      }
      const name = favouriteName(t);
      const seen = [...done, ...history];
      const supplier = name && !/\b(items?|products?)\b/i.test(t) ? bestByName(suppliersSeen(seen), name, (s) => s.name) : undefined;
      if (supplier) return call("add_favorite", { kind: "SUPPLIER", targetId: supplier.id });
      const product = name ? bestByName(itemsSeen(seen), name, (i) => i.title) : undefined;
      if (product) return call("add_favorite", { kind: "CATALOG_ITEM", targetId: product.id });
      return { answer: "Which one? Open the supplier's or product's page and say \"favourite this\", or search first and name it." };
    },
  },
  {
    name: "checkout",
    tools: ["get_cart", "pay_sourcing_invoice"],
    match: (t) => /\bcheck\s?out\b/i.test(t) || (/\b(pay|purchase|buy)\b/i.test(t) && /\b(cart|samples?|basket)\b/i.test(t)),
    step: (t, done) => {
      const paid = got(done, "pay_sourcing_invoice");
      if (paid) {
        const r = paid.value;
        if (r.result !== "COMPLETED") return { answer: "Your card was declined, so nothing was charged and the items stay in your cart. Set another default card and say \"pay my cart\" again." };
        const address = r.invoice.shippingAddress ? "" : " Tell me the shipping address for these items (name, street, city, postal code, country).";
        return { answer: `Paid ${usd(r.invoice.totalCents)} (invoice ${r.invoice.sn}). ${r.invoice.items.length} item${r.invoice.items.length === 1 ? " is" : "s are"} now in production.${address}` };
      }
      const cart = got(done, "get_cart");
      if (!cart) return call("get_cart");
      if (!cart.value.invoice || !cart.value.items.length) return { answer: "Your cart is empty, so there is nothing to pay." };
      const code = t.match(/\bcode\s+([A-Za-z0-9_-]{2,40})/i)?.[1] ?? t.match(/\b(PRODUCTS10)\b/i)?.[1];
      return call("pay_sourcing_invoice", { invoiceId: cart.value.invoice.id, ...(code ? { promotionCode: code.toUpperCase() } : {}) });
    },
  },
  {
    name: "add-sample-to-cart",
    tools: ["search_catalog_items", "create_order_item"],
    match: (t) =>
      !/\bcancel\b/i.test(t) && (/\bsamples?\s+(of|for)\b/i.test(t) || /\b(add|order|get|buy|put)\s+(?:(?:a|an|one|the|this|\d{1,2})\s+)?samples?\b/i.test(t) || (/\bsamples?\b/i.test(t) && /\bto (my|the) cart\b/i.test(t))),
    step: (t, done, history, context) => {
      const created = got(done, "create_order_item");
      if (created) {
        const i = created.value;
        return { answer: `Added ${i.quantity} sample${i.quantity === 1 ? "" : "s"} of **${i.title.replace(/^sample:\s*/i, "")}**${i.supplierName ? ` from ${i.supplierName}` : ""} to your cart at ${usd(i.unitPriceCents)} each (${usd(i.totalCents)}). Say "pay my cart" to check out, or "what's in my cart".` };
      }
      const pointed = pointedAt(t, history);
      if (pointed?.kind === "CATALOG_ITEM") return orderSample(pointed, t);
      if (pointed) return { answer: `${pointed.name} is a supplier: open it ("tell me more about it") and name one of its products, e.g. "add a sample of the <product> to my cart".` };
      const name = sampleName(t);
      const entity = screenEntity(context);
      if (!name && entity?.kind === "CATALOG_ITEM") return orderSample(entity, t);
      if (!name) return { answer: "A sample of which product? e.g. \"add a sample of the ceramic mug to my cart\"." };
      const searched = got(done, "search_catalog_items");
      const known = bestByName(itemsSeen(searched ? done : [...done, ...history]), name, (i) => i.title);
      if (known) return orderSample(known, t);
      if (!searched) return call("search_catalog_items", { keyword: name.slice(0, 200), size: 5 });
      // The search ranks by meaning too: its best result stands for the name when no title matches word for word.
      const top = searched.value.list[0];
      return top ? orderSample(top, t) : { answer: `I couldn't find a product called "${name}". Try other words, or search first.` };
    },
  },
  {
    name: "remove-from-cart",
    tools: ["get_cart", "remove_from_cart"],
    match: (t) => /\b(remove|delete|take)\b/i.test(t) && /\b(cart|basket)\b/i.test(t),
    step: (t, done) => {
      const removed = got(done, "remove_from_cart");
      if (removed) return { answer: `Done: it's out of your cart (the order is kept, not cancelled). ${cartAnswer(removed.value)}` };
      const cart = got(done, "get_cart");
      if (!cart) return call("get_cart");
      const lines = cart.value.invoice?.items ?? [];
      const name = t.replace(/\b(remove|delete|take|out|from|of|my|the|cart|basket|please)\b/gi, " ").replace(/\s+/g, " ").trim();
      const line = name ? bestByName(lines, name, (l) => l.title) : lines.length === 1 ? lines[0] : undefined;
      if (!line) return { answer: lines.length ? `Which item? ${cartAnswer(cart.value)}` : "Your cart is empty." };
      return call("remove_from_cart", { id: line.id });
    },
  },
  {
    name: "cart",
    tools: ["get_cart"],
    match: (t) => /\b(cart|basket)\b/i.test(t),
    step: (_t, done) => {
      const cart = got(done, "get_cart");
      return cart ? { answer: cartAnswer(cart.value) } : call("get_cart");
    },
  },
  {
    name: "search-suppliers",
    tools: ["search_suppliers"],
    roles: ["copilot"],
    // "match factories for tote bags" asks for factory matching (find-suppliers), not the directory.
    match: (t) => (saysSupplier(t) || /\bwho (sells?|makes?|produces?|manufactures?|can make)\b/i.test(t) || wantsMade(t)) && !/\bmy (suppliers|factories|vendors)\b/i.test(t) && !/^\s*(?:please\s+)?match\b/i.test(t),
    step: supplierSearchStep("search_suppliers"),
  },
];
