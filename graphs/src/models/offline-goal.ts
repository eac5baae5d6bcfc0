import type { ToolResponse } from "@atelier/tools/tool-results";
import { countryName, parseCountries, parseProduct } from "./offline-parse";
import { digits, parseDate, parsePrice, parseQuantityOf } from "./offline-slots";
import { readToolResult } from "@atelier/tools/tool-results";
import type { IntentContext, Outcome } from "./offline-types";

// The sourcing goal as the offline assistant builds it with the user (001 §3, §5): each turn's
// facts are read from the user's own words, merged into the goal saved by the API (keyed by the
// thread), and the validator's answer says which required facts are still missing. The tech pack
// is written from that saved goal, so it carries everything said in the conversation.

export type SavedGoal = ToolResponse<"get_sourcing_goal">;
type GoalValues = SavedGoal["goal"];
export type GoalFacts = Partial<{
  productDescription: string;
  quantity: number;
  targetUnitPrice: number;
  budget: number;
  targetDate: string;
  destinationCountryCode: string;
  originCountryCode: string;
  materials: string[];
  printDetails: string;
  packagingNeeds: string;
  attachments: string[];
}>;

const GOAL_TOOLS = ["save_sourcing_goal", "update_sourcing_goal", "get_sourcing_goal"] as const;

/** The newest goal the API answered with among outcomes (saved, updated or read). */
export function latestGoal(outcomes: Outcome[]): SavedGoal | undefined {
  for (const o of [...outcomes].reverse()) {
    if (o.error || o.declined || !(GOAL_TOOLS as readonly string[]).includes(o.name)) continue;
    const read = readToolResult(o.name as (typeof GOAL_TOOLS)[number], o.result);
    if (read.ok) return read.value;
  }
  return undefined;
}

const SIZE = "(?:XXS|XS|S|M|L|XL|XXL|XXXL|2XL|3XL)";
/** "sizes S, M and L": the size run, read before the edits are split at commas. */
export const SIZE_RUN = new RegExp(`\\bsizes?\\s*(?::\\s*)?(${SIZE}(?:\\s*(?:,|and|&|/)\\s*${SIZE})*)\\b`, "i");

const MATERIAL =
  /\b((?:100%\s+)?(?:(?:organic|recycled|heavyweight|brushed|washed|vegan|full[- ]grain|merino|pima|supima)\s+)?(?:cotton|linen|wool|cashmere|silk|polyester|nylon|bamboo|hemp|leather|canvas|denim|fleece|ceramic|porcelain|stoneware|glass|stainless steel|aluminium|aluminum|oak|walnut|soy wax|beeswax|coconut wax|silicone|kraft paper|cardboard|corrugated board|jersey|french terry|spandex|acrylic|jute|cork))\b/gi;

/** "organic cotton", "100% linen": the materials a sentence names, without repeats. */
export function parseMaterials(text: string): string[] {
  const found = [...text.matchAll(MATERIAL)].map((m) => m[1]!.toLowerCase().replace(/\s+/g, " "));
  return [...new Set(found)].filter((m, _i, all) => !all.some((o) => o !== m && o.includes(m)));
}

const PRINT_WORD = /^(?:logos?|print(?:ed|ing|s)?|embroider(?:ed|y)|monogram(?:med)?|debossed|embossed|engraved|screen[- ]?print(?:ed)?)$/i;
const PRINT_STOP = /^(?:with|for|make|made|can|who|and|a|an|my|our|the|of|in|on|plus|featuring|having|\d.*)$/i;

/** "with a two-colour logo", "our logo in green", "embroidered": the print and branding details. */
export function parsePrintDetails(text: string): string | undefined {
  const words = text.replace(/[,;.!?()]/g, " , ").split(/\s+/).filter(Boolean);
  const at = words.findIndex((w) => PRINT_WORD.test(w));
  if (at < 0) return undefined;
  let start = at;
  while (start > 0 && at - start < 3 && words[start - 1] !== "," && !PRINT_STOP.test(words[start - 1]!)) start--;
  let end = at + 1;
  // "logo in green", "print on the front and back": where and in what colour.
  if (/^(?:in|on|at)$/i.test(words[end] ?? "")) {
    end++;
    if (/^the$/i.test(words[end] ?? "")) end++;
    end++;
    if (/^(?:and|&)$/i.test(words[end] ?? "") && words[end + 1] && words[end + 1] !== ",") end += 2;
  }
  const clause = words.slice(start, end).filter((w) => w !== ",").join(" ").trim();
  return clause.length >= 3 ? clause.slice(0, 2000) : undefined;
}

/** Words that frame a request and are never the product ("i wanna make", "we're launching a … line"). */
const FRAMING = /\b(?:i|we|i'm|we're|im|wanna|want to|want|would like to|would like|'d like to|'d like|need|launching|launch|starting|start|creating|create|making|make|produce|get|order|source|sourcing|design|designing|a|an|the|some|our|my|line|brand|collection|run|of|new|custom|please|pls|hey|hi|write up|write|draft|tech ?pack|for|target|targeting|about|around|roughly|approx(?:imately)?)\b/gi;
/** Words that never start or make a product on their own: answers, questions, pleasantries. */
const NOT_PRODUCT = /^(?:by|when|what|which|how|yes|yeah|ok|okay|sure|no|ship|send|goal|so far|each|per|unit|units|dollars?|usd|price|looks?|good|great|fine|thanks?|date|budget|total|it|them|to|destination|deliver(?:ed)?|in|from)\b/i;

/** The product of a goal sentence: "300 organic cotton tote bags with a logo" → "organic cotton tote bags". */
/** A count's unit alone ("500 units at $6"): the product is named elsewhere in the sentence. */
const UNIT_WORD = /^(?:units?|pcs|pieces?|pairs?|sets?|items?)$/i;

export function parseGoalProduct(text: string): string | undefined {
  const t = digits(text);
  // "1000 soy candles in amber jars", "2000 pairs of bamboo socks": the noun phrase after the quantity.
  const counted = t.match(/\b\d[\d,]*\s+(?:(?:units?|pcs|pieces?|pairs?|sets?)\s+of\s+)?((?:[a-z][\w'-]*\s+){0,4}?[a-z][\w'-]*)(?=\s*(?:$|[,.;!?(]|\s(?:with|in|at|by|for|to|from|made|that|which|and|target|around|about|under|each|per|,)\b))/i)?.[1];
  const framed = (counted && !UNIT_WORD.test(counted) ? counted : undefined) ?? parseProduct(t.replace(/\$\s?\d[\d,.]*\s*(?:each|per unit|a piece|target)?/gi, " "));
  if (!framed) return undefined;
  const product = framed.replace(FRAMING, " ").replace(/[^\w\s'&-]/g, " ").replace(/\s+/g, " ").trim();
  if (product.length < 3 || NOT_PRODUCT.test(product) || /^\d/.test(product)) return undefined;
  return product.slice(0, 200);
}

/** "1000 soy candles in amber jars, $5 target" → 1000 and "soy candles in amber jars": a count right before the product, and the product with its details. */
export function parseCountedProduct(text: string): { quantity: number; description: string } | undefined {
  // Spelled-out counts ("five hundred mugs") become digits only when no digit was typed, so "two-colour" stays words.
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- reads at most OFFLINE_TEXT_LIMIT (2,000) characters of a message
  const m = (/\d/.test(text) ? text : digits(text)).match(/(?<![$\d.,/-])\b(\d{1,3}(?:,\d{3})+|\d+)\s+(?:(?:units?|pcs|pieces?|pairs?|sets?)\s+of\s+)?([a-z][^,;$!?]*?)(?=\s*(?:$|[,;$!?]|\s(?:target|targeting|by|to the|to [A-Z]|shipped|at \$|for \$|about \$|around \$|each|under)\b))/i);
  if (!m) return undefined;
  const quantity = Number(m[1]!.replace(/,/g, ""));
  if (!quantity || (quantity >= 2020 && quantity <= 2099) || /^(?:%|percent|days?|weeks?|months?|years?|gsm|cm|mm|ml|oz|colou?rs?|dollars?|usd|bucks)\b/i.test(m[2]!)) return undefined;
  const description = m[2]!.replace(/\s+/g, " ").trim();
  // "500 units at $6" counts units of a product named elsewhere in the sentence: the unit is no product.
  if (UNIT_WORD.test(description)) return undefined;
  return description.length >= 3 ? { quantity, description: description.slice(0, 2000) } : undefined;
}

/** A bare count answering "how many?": "500", "500 units", "about 1,200". */
const BARE_COUNT = /^(?:(?:about|around|roughly|maybe)\s+|~)?(\d[\d,]*)(?:\s*(?:units?|pcs|pieces?|pairs?))?[.!]?$/i;

/**
 * What this turn of the user says about the goal, compared with the saved goal: only what is new
 * or changed, so an update never overwrites a fact with a guess. A bare number or a bare country
 * answers the goal's first missing question.
 */
export function goalFacts(utterance: string, saved: GoalValues | undefined, context: IntentContext = {}): GoalFacts {
  const text = utterance.replace(/\btech ?pack\b/gi, " ");
  const facts: GoalFacts = {};
  const counted = parseCountedProduct(text);
  const product = counted?.description ?? parseGoalProduct(text);
  if (product && (!saved?.productDescription || !saved.productDescription.toLowerCase().includes(product.toLowerCase()))) {
    // A later turn changes the product only when it plainly names one ("make it in linen" keeps it).
    if (!saved?.productDescription || /\b(make|instead|actually|switch|change|want|need|launching)\b/i.test(text)) facts.productDescription = product;
  }
  const bare = BARE_COUNT.exec(digits(text).trim())?.[1];
  const quantity = parseQuantityOf(text) ?? counted?.quantity ?? (bare && !saved?.quantity ? Number(bare.replace(/,/g, "")) : undefined);
  if (quantity !== undefined && quantity > 0 && quantity !== saved?.quantity) facts.quantity = quantity;
  const amount = parsePrice(text);
  if (amount !== undefined && amount > 0) {
    if (/\b(budget|total|in all|overall|altogether)\b/i.test(text)) {
      if (amount !== saved?.budget) facts.budget = amount;
    } else if (amount !== saved?.targetUnitPrice) facts.targetUnitPrice = amount;
  }
  const date = parseDate(text);
  if (date && date !== saved?.targetDate) facts.targetDate = date;
  const { origin, destination } = parseCountries(text);
  // "US" on its own answers "which country will the goods ship to?" once the rest is known.
  const bareCountry = !destination && saved && !saved.destinationCountryCode && text.trim().split(/\s+/).length <= 4 ? parseCountries(`ship to ${text.replace(/^(?:to|into|ship(?:ped)? to)\s+/i, "")}`).destination : undefined;
  const dest = destination ?? bareCountry;
  if (dest && dest !== saved?.destinationCountryCode) facts.destinationCountryCode = dest;
  if (origin && /\b(made|make|produce|manufactur|from)\b/i.test(text) && origin !== saved?.originCountryCode) facts.originCountryCode = origin;
  const materials = parseMaterials(text).filter((m) => !saved?.materials.some((s) => s.toLowerCase() === m));
  if (materials.length) facts.materials = [...(saved?.materials ?? []), ...materials].slice(0, 30);
  const print = parsePrintDetails(text);
  if (print && print !== saved?.printDetails) facts.printDetails = print;
  const packaging = text.match(/\b(?:pack(?:ed|aged)? in|packaging:?)\s+([^,.;]{3,120})/i)?.[1];
  if (packaging && packaging.trim() !== saved?.packagingNeeds) facts.packagingNeeds = packaging.trim();
  const attachments = (context.attachments ?? []).filter((a) => !saved?.attachments.includes(a));
  if (attachments.length) facts.attachments = [...(saved?.attachments ?? []), ...attachments].slice(0, 20);
  return facts;
}

/** "300 × organic cotton tote bags, $4.00 per unit, by 2027-03-31, to the United States". */
export function goalLine(goal: GoalValues): string {
  const product = goal.productDescription ?? "your product";
  return [
    goal.quantity ? `${goal.quantity} × ${product}` : product,
    goal.materials.length ? goal.materials.join(", ") : "",
    goal.printDetails ? `with ${goal.printDetails}` : "",
    goal.targetUnitPrice != null ? `$${goal.targetUnitPrice.toFixed(2)} per unit` : goal.budget != null ? `budget $${goal.budget.toFixed(2)}` : "",
    goal.targetDate ? `by ${goal.targetDate}` : "",
    goal.destinationCountryCode ? `to ${countryName(goal.destinationCountryCode)}` : "",
    goal.originCountryCode ? `made in ${countryName(goal.originCountryCode)}` : "",
    goal.attachments.length ? `${goal.attachments.length} attachment${goal.attachments.length === 1 ? "" : "s"}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** The questions for the required facts still missing, asked together in one short message. */
export function missingQuestions(saved: SavedGoal): string {
  const asks = saved.validation.questions.map((q) => `- ${q.question}`);
  const problems = saved.validation.problems.map((p) => `- The ${FIELD_WORDS[p.field] ?? "value"} ${p.reason}.`);
  if (!asks.length && !problems.length) return "";
  return [asks.length ? "To ask factories for quotes I still need:" : "Before factories can quote:", ...asks, ...problems].join("\n");
}

const FIELD_WORDS: Record<string, string> = {
  productDescription: "product description",
  quantity: "quantity",
  targetUnitPrice: "target price",
  budget: "budget",
  targetDate: "date",
  destinationCountryCode: "destination",
  originCountryCode: "origin country",
};

/** A short product name for a tech pack: "Organic cotton tote bags". */
export function productName(description: string): string {
  const short = description.split(/[,.;]|\s(?:with|for|in)\s/i)[0]!.trim() || description;
  return (short.charAt(0).toUpperCase() + short.slice(1)).slice(0, 200);
}

/** The tech pack's fields from the whole conversation's goal. */
export function techPackArgsFromGoal(goal: GoalValues, extra: { attachments?: string[] } = {}): Record<string, unknown> {
  const description = [goal.productDescription, goal.packagingNeeds ? `Packaging: ${goal.packagingNeeds}` : "", goal.destinationCountryCode ? `Ships to ${countryName(goal.destinationCountryCode)}.` : ""]
    .filter(Boolean)
    .join("\n");
  const attachments = [...new Set([...goal.attachments, ...(extra.attachments ?? [])])].slice(0, 20);
  const args: Record<string, unknown> = { productName: productName(goal.productDescription ?? "Product"), description: description.slice(0, 5000) };
  if (goal.materials.length) args.materials = goal.materials;
  if (goal.quantity) args.quantities = [{ quantity: goal.quantity }];
  if (goal.printDetails) args.printDetails = goal.printDetails;
  if (goal.packagingNeeds) args.packaging = goal.packagingNeeds;
  if (goal.targetUnitPrice != null) args.targetUnitPrice = goal.targetUnitPrice;
  if (goal.targetDate) args.targetDate = goal.targetDate;
  if (attachments.length) args.attachments = attachments;
  return args;
}

/** The tech pack as the user confirms it: every field written, one line each. */
export function techPackAnswer(pack: ToolResponse<"create_tech_pack">): string {
  return [
    `Tech pack **${pack.productName}** (version ${pack.version}):`,
    pack.description ? `- Description: ${pack.description.replace(/\n/g, " ")}` : "",
    pack.totalQuantity ? `- Quantity: ${pack.totalQuantity} units${pack.sizes.length ? ` (sizes ${pack.sizes.join(", ")})` : ""}` : "- Quantity: not given yet",
    pack.targetUnitPrice != null ? `- Target price: $${pack.targetUnitPrice.toFixed(2)} per unit` : "- Target price: not given yet",
    pack.targetDate ? `- Ready by: ${pack.targetDate}` : "",
    pack.materials.length ? `- Materials: ${pack.materials.join(", ")}` : "",
    pack.printDetails ? `- Print and logo: ${pack.printDetails}` : "",
    pack.packaging ? `- Packaging: ${pack.packaging}` : "",
    pack.attachments.length ? `- Attachments: ${pack.attachments.length}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

export const sameFacts = (facts: GoalFacts) => Object.keys(facts).length === 0;
