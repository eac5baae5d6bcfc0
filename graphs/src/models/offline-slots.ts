import nlp from "compromise";
import * as chrono from "chrono-node";

// Slot extraction for the offline assistant: spelled-out numbers and noun phrases with compromise,
// dates with chrono, and the request's structure for the rest (origin and destination, MOQ and
// price constraints, sort words). Parsers read a bounded prefix of the message (OFFLINE_TEXT_LIMIT).

/** "five hundred" → "500", "5k" → "5000", "1.5k" → "1500": numbers as digits, for every parser. */
export function digits(text: string): string {
  let out = text.replace(/\b(\d+(?:\.\d+)?)\s?k\b/gi, (_m, n: string) => String(Math.round(Number(n) * 1000)));
  if (/\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|dozen)\b/i.test(out)) {
    const doc = nlp(out);
    doc.numbers().toNumber();
    out = doc.text();
  }
  return out;
}

/** How many the user wants made or bought: "300 units", "2000 pairs", "5k hoodies", "five hundred mugs". */
export function parseQuantityOf(text: string): number | undefined {
  const t = digits(text);
  const unit = t.match(/(\d[\d,]*)\s*(?:units?|pcs|pieces?|pairs?|sets?|items?|boxes|bags|shirts|tees|mugs|bottles|candles|hoodies|sweaters|socks|caps|hats)\b/i);
  if (unit?.[1]) return Number(unit[1].replace(/,/g, ""));
  const make = t.match(/\b(?:make|order|produce|need|want|buy|get)\s+(?:about\s+|around\s+|roughly\s+)?(\d[\d,]{1,})\b(?!\s*(?:%|dollars|usd|\$))/i);
  return make?.[1] ? Number(make[1].replace(/,/g, "")) : undefined;
}

/** Words after a number that say it counts something other than goods (money, time, a reason…). */
const NOT_GOODS = /^(?:%|percent|samples?|dollars?|usd|bucks|cents?|each|per|a (?:unit|piece|pc)|days?|weeks?|months?|years?|hours?|minutes?|am|pm|because|is|are|was|were|to|from|in|into|at|by|on|and|or|with|of|for|st|nd|rd|th)\b/i;
const MONEY_OR_TIME = /^(?:%|percent|dollars?|usd|bucks|cents?|each|per|a (?:unit|piece|pc)|days?|weeks?|months?|years?|hours?|minutes?|am|pm|st|nd|rd|th)\b/i;
const MONTH_WORD = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? ?(?:\d{1,2},? ?)?$/i;

/**
 * How many, wherever the request says it: the counted forms of `parseQuantityOf`, then a number
 * before the goods it counts ("5k phone cases", "1,200 beanies") or closing the request ("… for
 * 1000?"). Prices, percentages, order numbers, dates and durations are not quantities.
 */
export function parseGoodsCount(text: string): number | undefined {
  const counted = parseQuantityOf(text);
  if (counted !== undefined) return counted;
  const t = digits(text);
  for (const m of t.matchAll(/(?<![\w$€£#.,-])(\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?!\.\d)(?![\w,-])/g)) {
    const n = Number(m[1]!.replace(/,/g, ""));
    const before = t.slice(Math.max(0, m.index - 16), m.index);
    const after = t.slice(m.index + m[0].length);
    if (n < 2 || /\b(?:order|orders|ordr|no\.?|number|rma|invoice|sku|#)\s*$/i.test(before) || MONTH_WORD.test(before)) continue;
    if (/^\s*(?:[-/:.]\d|x\s?\d)/i.test(after)) continue;
    const next = /^\s+([a-z][\w'-]*(?:\s+[a-z]+)?)/i.exec(after)?.[1];
    if (next && !NOT_GOODS.test(next)) {
      // A year is a date ("by 2027", "in 2026"), not a count, unless goods follow it.
      if (n >= 1900 && n <= 2100 && /\b(?:in|by|of|since|until|from)\s*$/i.test(before)) continue;
      return n;
    }
    // "… for 3000?", "for 3000 at $2": a count after "for", unless money or time follows it.
    if ((!next || !MONEY_OR_TIME.test(next)) && /\b(?:for|of|quantity|qty|order(?:ing)?|buy(?:ing)?|make|making|need|want)\s*(?:about\s+|around\s+)?$/i.test(before)) return n;
  }
  return undefined;
}

/** A target unit price: "$4 each", "target $4 per unit", "4 dollars a piece", "under $5". */
export function parsePrice(text: string): number | undefined {
  const m = text.match(/\$\s?(\d+(?:\.\d+)?)/) ?? text.match(/(\d+(?:\.\d+)?)\s*(?:usd|dollars?|bucks)\b/i) ?? text.match(/(?:unit price|price per unit|per[- ]unit price|target price)\D{0,6}(\d+(?:\.\d+)?)/i);
  return m?.[1] ? Number(m[1]) : undefined;
}

/** When the goods should be ready, as YYYY-MM-DD: "by March 2027", "by March", "2027-03-15", "in 6 weeks". */
export function parseDate(text: string, now: Date = new Date()): string | undefined {
  const iso = text.match(/\b(\d{4}-\d{2}-\d{2})\b/)?.[1];
  if (iso) return iso;
  if (!/\b(by|before|until|till|deadline|due|ready|in \d+ (?:weeks?|months?|days?)|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i.test(text)) return undefined;
  const found = chrono.parse(text, now, { forwardDate: true }).find((r) => r.start.isCertain("month") || r.start.isCertain("day") || /\b(weeks?|months?|days?)\b/i.test(r.text));
  if (!found) return undefined;
  // "by March" means the end of March; a day the user named stays that day.
  const date = found.start.date();
  if (!found.start.isCertain("day") && found.start.isCertain("month")) date.setMonth(date.getMonth() + 1, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Sort words of a search: "cheapest", "top rated", "low moq", "fastest". */
export type SortWish = "cheapest" | "top-rated" | "low-moq" | "fastest";

export function parseSort(text: string): SortWish | undefined {
  if (/\b(cheapest|cheap|lowest price|least expensive|budget|affordable|inexpensive)\b/i.test(text)) return "cheapest";
  if (/\b(top[- ]rated|best[- ]rated|highest[- ]rated|best reviewed|well reviewed|good reviews|best)\b/i.test(text)) return "top-rated";
  if (/\b(low|small|lowest|smallest|no|tiny) (moq|minimums?|minimum order)\b/i.test(text)) return "low-moq";
  if (/\b(fastest|quickest|fast|quick) (production|turnaround|lead time|delivery)?\b/i.test(text)) return "fastest";
  return undefined;
}

/** Country names, demonyms and common spellings users type, to ISO codes. */
export const COUNTRY_WORDS: Record<string, string> = {
  china: "CN", chinese: "CN", prc: "CN", vietnam: "VN", "viet nam": "VN", vietnamese: "VN", india: "IN", indian: "IN", italy: "IT", italian: "IT",
  "united states": "US", usa: "US", "u.s.": "US", "u.s.a.": "US", america: "US", "the us": "US", "the states": "US", mexico: "MX", mexican: "MX", canada: "CA", canadian: "CA",
  "united kingdom": "GB", uk: "GB", britain: "GB", "great britain": "GB", england: "GB", germany: "DE", german: "DE", france: "FR", french: "FR", spain: "ES", spanish: "ES",
  portugal: "PT", portuguese: "PT", turkey: "TR", "türkiye": "TR", turkish: "TR", bangladesh: "BD", pakistan: "PK", indonesia: "ID", thailand: "TH", thai: "TH",
  cambodia: "KH", taiwan: "TW", "south korea": "KR", korea: "KR", korean: "KR", japan: "JP", japanese: "JP", malaysia: "MY", philippines: "PH", "sri lanka": "LK", brazil: "BR", australia: "AU",
  "european union": "EU", eu: "EU", netherlands: "NL", holland: "NL", poland: "PL", peru: "PE", colombia: "CO", chile: "CL", argentina: "AR", egypt: "EG", morocco: "MA",
  "south africa": "ZA", kenya: "KE", ethiopia: "ET", nepal: "NP", "hong kong": "HK", singapore: "SG", sweden: "SE", denmark: "DK", norway: "NO", ireland: "IE", belgium: "BE",
  switzerland: "CH", austria: "AT", romania: "RO", greece: "GR", "new zealand": "NZ", guatemala: "GT", honduras: "HN", "el salvador": "SV", jordan: "JO", myanmar: "MM", "sri-lanka": "LK",
};

export const COUNTRY_NAMES: Record<string, string> = {
  CN: "China", VN: "Vietnam", IN: "India", IT: "Italy", US: "United States", MX: "Mexico", CA: "Canada", GB: "United Kingdom", DE: "Germany", FR: "France", ES: "Spain", PT: "Portugal",
  TR: "Turkey", BD: "Bangladesh", PK: "Pakistan", ID: "Indonesia", TH: "Thailand", KH: "Cambodia", TW: "Taiwan", KR: "South Korea", JP: "Japan", MY: "Malaysia", PH: "Philippines",
  LK: "Sri Lanka", BR: "Brazil", AU: "Australia", EU: "European Union", NL: "Netherlands", PL: "Poland", PE: "Peru", CO: "Colombia", CL: "Chile", AR: "Argentina", EG: "Egypt",
  MA: "Morocco", ZA: "South Africa", KE: "Kenya", ET: "Ethiopia", NP: "Nepal", HK: "Hong Kong", SG: "Singapore", SE: "Sweden", DK: "Denmark", NO: "Norway", IE: "Ireland",
  BE: "Belgium", CH: "Switzerland", AT: "Austria", RO: "Romania", GR: "Greece", NZ: "New Zealand", GT: "Guatemala", HN: "Honduras", SV: "El Salvador", JO: "Jordan", MM: "Myanmar",
};

/** English words one edit from a country's name ("indie makers", "from spain" stays Spain). */
const NEAR_COUNTRY_WORDS = new Set(["indie", "indies", "spin", "chin", "chili", "chile's", "perm", "pure", "mali", "iran", "oman", "cuba", "thin", "then", "main", "maine", "korean", "japanese"]);

/** Edit distance with adjacent swaps counted as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The country a misspelt one-word name means, or undefined when none (or more than one) is near enough. */
export function fuzzyCountry(word: string): string | undefined {
  const limit = word.length >= 8 ? 2 : 1;
  const near = new Set<string>();
  for (const [name, code] of Object.entries(COUNTRY_WORDS)) {
    if (name.length < 4 || /[^a-z]/.test(name) || Math.abs(name.length - word.length) > limit) continue;
    if (editDistance(word, name) <= limit) near.add(code);
  }
  return near.size === 1 ? [...near][0] : undefined;
}

/** ISO codes typed in capitals ("CN -> US"); words that are also English ("IN", "IT", "NO") only beside an arrow or a preposition. */
const AMBIGUOUS_CODES = new Set(["IN", "IT", "NO", "ME", "AT", "ID", "MA", "CO", "US"]);

export type CountryMention = { code: string; role: "origin" | "destination" | "place"; start: number; end: number };

const ORIGIN_BEFORE = /\b(?:from|made in|manufactured in|produced in|sourced (?:in|from)|sourcing (?:in|from)|imported from|make (?:them|it) in|made them in|factories in|factory in|suppliers? in|based in)\s+(?:the\s+)?$/i;
const DESTINATION_BEFORE = /\b(?:into|to|ship(?:ped|ping)? (?:to|into)|deliver(?:ed|y)? (?:to|into)|sell(?:ing)? (?:in|into)|import(?:ed|ing)? (?:in|into)|destination|arriv\w* in)\s+(?:the\s+)?$/i;

/** Every country the text names, with its role from the words before it ("from" → origin, "into"/"to" → destination). */
export function countryMentions(text: string): CountryMention[] {
  const out: CountryMention[] = [];
  const lower = text.toLowerCase();
  const names = Object.keys(COUNTRY_WORDS).sort((a, b) => b.length - a.length);
  const taken: [number, number][] = [];
  for (const name of names) {
    const re = new RegExp(`(?<![a-z])${name.replace(/\./g, "\\.")}(?![a-z])`, "g");
    for (const m of lower.matchAll(re)) {
      const start = m.index;
      const end = start + name.length;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      // "us" alone is the pronoun, not the country.
      if (name === "eu" && text.slice(start, end) !== "EU") continue;
      taken.push([start, end]);
      out.push({ code: COUNTRY_WORDS[name]!, role: "place", start, end });
    }
  }
  // A misspelt country after a preposition ("from chna", "made in vietnma"): the nearest name within
  // one edit (two for long names), when exactly one is that near.
  for (const m of lower.matchAll(/\b(?:from|in|into|to)\s+(?:the\s+)?([a-z]{4,})\b/g)) {
    const word = m[1]!;
    const start = m.index + m[0].length - word.length;
    if (COUNTRY_WORDS[word] || NEAR_COUNTRY_WORDS.has(word) || taken.some(([s, e]) => start < e && start + word.length > s)) continue;
    const code = fuzzyCountry(word);
    if (!code) continue;
    taken.push([start, start + word.length]);
    out.push({ code, role: "place", start, end: start + word.length });
  }
  for (const m of text.matchAll(/\b([A-Z]{2})\b/g)) {
    const code = m[1]!;
    const start = m.index;
    if (!COUNTRY_NAMES[code] || taken.some(([s, e]) => start < e && start + 2 > s)) continue;
    const around = text.slice(Math.max(0, start - 12), start + 6);
    if (AMBIGUOUS_CODES.has(code) && !/(->|→|>|\bto\b|\bfrom\b|\binto\b|\bthe\b)/i.test(around)) continue;
    if (text === text.toUpperCase()) continue;
    out.push({ code, role: "place", start, end: start + 2 });
  }
  out.sort((a, b) => a.start - b.start);
  for (const [i, c] of out.entries()) {
    const before = text.slice(Math.max(0, c.start - 30), c.start);
    if (ORIGIN_BEFORE.test(before)) c.role = "origin";
    else if (DESTINATION_BEFORE.test(before)) c.role = "destination";
    // "CN -> US", "China to the US": the first is the origin, the second the destination.
    const next = out[i + 1];
    if (next && /^\s*(?:->|→|=>|>|to|into)\s*(?:the\s+)?$/i.test(text.slice(c.end, next.start))) {
      if (c.role === "place") c.role = "origin";
      next.role = "destination";
    }
  }
  return out;
}

/** Origin and destination of a shipment; a country named without a preposition is the origin. */
export function originAndDestination(text: string): { origin?: string; destination?: string } {
  const mentions = countryMentions(text);
  const destination = mentions.filter((m) => m.role === "destination").at(-1)?.code;
  const origin = mentions.find((m) => m.role === "origin")?.code ?? mentions.find((m) => m.role === "place" && m.code !== destination)?.code;
  return { ...(origin ? { origin } : {}), ...(destination && destination !== origin ? { destination } : {}) };
}

/** Where the factories should be: a country named as origin or place, never the destination ("shipped to the US"). */
export function factoryCountry(text: string): string | undefined {
  const mentions = countryMentions(text);
  return (mentions.find((m) => m.role === "origin") ?? mentions.find((m) => m.role === "place"))?.code;
}

/** Phrases that carry a slot, removed before the product is read (and when a follow-up replaces them). */
const SLOT_PHRASES: Record<string, RegExp[]> = {
  country: [],
  moq: [/\b(?:with\s+)?(?:an?\s+)?(?:low|small|lowest|smallest)\s+(?:moq|minimums?|minimum order(?: quantity)?)\b/gi, /\b(?:under|below|less than|max(?:imum)?|at most|up to|over|above|more than|at least|min(?:imum)?(?: of)?|with|and)?\s*(?:an?\s+)?(?:moq|minimum order(?: quantity)?|min\.? order)(?:\s*(?:of|under|below|<=?|>=?|less than|over|above|is|at|up to))?\s*\d[\d,]*/gi],
  quantity: [/\b(?:just|only|about|around|roughly)?\s*\d[\d,]*\s*(?:units?|pcs|pieces?|pairs?|sets?)\b/gi, /\b(?:can|could)\s+(?:do|make|handle)\b/gi, /\b(?:for|of)\s+\d[\d,]*(?=\s*(?:[?.!,;]|$))/gi],
  price: [/\b(?:at|for|under|below|less than|max|around|about|target(?:ing)?|priced at|costing)?\s*(?:a\s+)?\$\s?\d+(?:\.\d+)?\s*(?:each|per (?:unit|piece|item|pc)|a (?:unit|piece)|\/\s?(?:unit|pc|piece))?/gi, /\b\d+(?:\.\d+)?\s*(?:usd|dollars?|bucks)\s*(?:each|per (?:unit|piece|item)|a (?:unit|piece))?/gi, /\b(?:target|unit)\s+price\b/gi],
  date: [/\b(?:by|before|until|till|due|ready by|deadline)\s+(?:the\s+)?(?:end of\s+)?(?:\d{4}-\d{2}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?(?!\d))?(?:,?\s+\d{4})?|next (?:week|month|year)|\d+ (?:weeks?|months?|days?))/gi],
  sort: [/\b(?:cheapest|cheap|lowest price|least expensive|affordable|inexpensive|top[- ]rated|best[- ]rated|highest[- ]rated|best reviewed|fastest|quickest)\b/gi],
};

function withoutCountries(text: string): string {
  let out = text;
  for (const m of [...countryMentions(text)].reverse()) {
    const before = out.slice(0, m.start).replace(/\b(?:from|made in|manufactured in|produced in|sourced (?:in|from)|imported from|make (?:them|it) in|made them in|into|to|in|based in|ship(?:ped|ping)? to|deliver(?:ed)? to|sell(?:ing)? in)\s+(?:the\s+)?$/i, "").replace(/\s*(?:->|→|=>|>)\s*$/, " ");
    out = `${before} ${out.slice(m.end)}`;
  }
  return out;
}

/** The text with the phrases of the given slots removed. */
export function withoutSlots(text: string, slots: string[]): string {
  let out = slots.includes("country") ? withoutCountries(text) : text;
  for (const slot of slots) for (const re of SLOT_PHRASES[slot] ?? []) out = out.replace(re, " ");
  return out.replace(/\s+([?.!,])/g, "$1").replace(/\s+/g, " ").trim();
}

/** The slots a text fills. */
export function slotsOf(text: string): string[] {
  const t = digits(text);
  const out: string[] = [];
  if (countryMentions(t).length) out.push("country");
  if (/\b(moq|minimum order|min\.? order)\b/i.test(t) || /\b(low|small|lowest|smallest) (moq|minimums?)\b/i.test(t)) out.push("moq");
  if (parseGoodsCount(t) !== undefined || /\b(can|could) (do|make|handle) (just |only )?\d/i.test(t)) out.push("quantity");
  if (parsePrice(t) !== undefined) out.push("price");
  if (parseDate(t) !== undefined) out.push("date");
  if (parseSort(t)) out.push("sort");
  return out;
}

export const hasSlot = (text: string) => slotsOf(text).length > 0;

const FOLLOW_UP_START = /^\s*(?:(?:ok(?:ay)?|so|great|thanks|cool)[,.!]?\s+)?(?:(?:and |but )?(?:what|how) (?:about )?if|and if|suppose|say|and|what about|how about|also|now|then|but|instead|same (?:for|but|with)|which of (?:those|these|them)|any of (?:those|these|them)|only|just)\b[\s,]*(?:(?:it|they|that|those|these)(?:'s|’s|'re|’re| is| are| were| was)\s+)?/i;

/**
 * The earlier request with the follow-up's slots in place of its own ("ceramic mugs from China" +
 * "and from Vietnam?" → "ceramic mugs from Vietnam"): a slot the follow-up fills replaces the
 * earlier phrase; anything else it says is added.
 */
export function followUpText(previous: string, followUp: string): string {
  const core = digits(followUp).replace(FOLLOW_UP_START, "").replace(/\b(instead|then|please|pls)\b/gi, " ").replace(/\b(which|any) of (those|these|them)\b/gi, " ").replace(/[?]+/g, " ").replace(/\s+/g, " ").trim();
  const slots = slotsOf(core);
  // "which of those can do just 300 units?" asks for suppliers whose MOQ fits 300.
  const asMoq = slots.includes("quantity") && /\b(can|could) (do|make|handle)\b/i.test(core) ? core.replace(/\b(?:can|could) (?:do|make|handle)\s+(?:just |only )?(\d[\d,]*)\s*(?:units?|pcs|pieces?)?/i, "MOQ $1") : core;
  const replaced = slots.includes("quantity") && asMoq !== core ? [...slots, "moq"] : slots;
  const base = withoutSlots(digits(previous), replaced);
  return `${base} ${asMoq}`.replace(/\s+/g, " ").trim();
}
