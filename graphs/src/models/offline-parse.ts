/** Small text parsers the offline assistant uses to fill tool arguments from what the user typed. */
import { COUNTRY_NAMES, digits, factoryCountry, originAndDestination, parsePrice, withoutSlots } from "./offline-slots";

const EMAIL = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/;

export function parseEmail(text: string): string | undefined {
  return text.match(EMAIL)?.[0]?.toLowerCase();
}

export function parseRole(text: string): "ADMIN" | "CX" | undefined {
  if (/\badmin(istrator)?s?\b/i.test(text)) return "ADMIN";
  if (/\b(cx|support|customer (service|experience|support))\b/i.test(text)) return "CX";
  return undefined;
}

/** "MOQ 500", "moq under 500", "minimum order of 300", "at least 200 units", "5k pcs". */
export function parseMoq(text: string): number | undefined {
  const t = digits(text);
  const m = t.match(/\bmoq\D{0,12}?(\d[\d,]*)/i) ?? t.match(/(?:minimum order(?: quantity)?|min\.? order)\D{0,12}?(\d[\d,]*)/i) ?? t.match(/(\d[\d,]*)\s*(?:units|pcs|pieces|pairs)\b/i);
  return m?.[1] ? Number(m[1].replace(/,/g, "")) : undefined;
}

/** "$4.50 per unit", "at $12 each", "unit price 3", "4 dollars". */
export function parseUnitPrice(text: string): number | undefined {
  return parsePrice(text);
}

export function parseInteger(text: string): number | undefined {
  const m = digits(text).match(/\b(\d[\d,]*)\b/);
  return m?.[1] ? Number(m[1].replace(/,/g, "")) : undefined;
}

export function countryName(code: string): string {
  return COUNTRY_NAMES[code] ?? code;
}

/** Origin ("from China", "made in Vietnam", "CN -> US") and destination ("into the US", "to Canada"). */
export function parseCountries(text: string): { origin?: string; destination?: string } {
  return originAndDestination(text);
}

/** Where the factories should be: a country named as origin or place, never a destination. */
export function parseAnyCountry(text: string): string | undefined {
  return factoryCountry(text);
}

const FILLER = /\b(landed cost|import duties|what are|please|pls|can you|could you|would you|do you have|do you know|have you got|are there|is there|got any|i need|we need|need|could|i want|we want|i'd like|i would like|i'm looking|im looking|we're looking|looking|after|help me|to|find|search|show|list|get|give|for|me|us|some|any|a|an|the|suppliers?|supplers?|suppliors?|factories|factory|manufacturers?|makers?|vendors?|producers?|brands?|companies|company|who (can )?(make|makes|produce|produces|sell|sells|do|does)|that (make|makes|produce|produces|sell|sells|do|does|can)|which (make|makes|can)|source|sourcing|what is|what's|whats|the tariff|tariffs?|tarrifs?|duty|duties|import|rate|on|of|good|great|best|top|rated|reliable|trusted|quality|options?|ones?|make|made|making|produce|manufacture|someone|somebody|anyone|i|we|you|hi|hey|hello|in|and|or|with|low|small|moq|if|them|it|they|instead|those|these|just|only|see|like|how much|would|will|pay|paying|be|is|are|what|which|where|that|who|do|does|can|sell|sells|bring|bringing|importing|imports)\b/gi;

/** "padded mailers made from recycled plastic" → "recycled plastic padded mailers": the material leads, as products are named. */
export function materialFirst(text: string): string {
  return text.trim().replace(/^(.*?)\b(?:made|produced|manufactured) (?:from|of|out of|with) ((?:[a-z-]+ ){0,2}[a-z-]+)([?.!]?)$/i, "$2 $1$3");
}

/** The product the user talks about: the words left once the slots (countries, MOQ, quantities, prices, dates, sort words) and the request's framing are removed. */
export function parseProduct(text: string): string | undefined {
  const framed = materialFirst(text)
    // Contractions are framing ("I'm bringing in", "they're made in"), never part of a product.
    .replace(/\b(?:i|we|they|it|you|that|there|what|who|he|she)(?:'|’)(?:m|re|s|ve|d|ll)\b/gi, " ")
    .replace(/\b(?:who|where) (?:can|could) (?:i )?(?:make|produce|manufacture|print|sew|get)s?\b|\bmatch (?:me|us) (?:with|to)\b|^\s*(?:please\s+)?match\b|\b(?:someone|somebody|anyone) to (?:make|produce|manufacture)\b/gi, " ");
  const cut = withoutSlots(digits(framed), ["country", "moq", "quantity", "price", "date", "sort"])
    .replace(/\b(?:under|below|with|at|moq|minimum|max|priced|costing|per|around|about|for under|that can|which can|who can)\b.*$/i, "")
    .replace(/(?<![\w-])\d[\d,.]*(?![\w-])/g, " ")
    .replace(FILLER, " ")
    .replace(/[?.!,:;]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cut.length >= 2 ? cut : undefined;
}

const ATTACHMENT_LINE = /\[attachment [A-Za-z0-9]+: [^\]\n]*? <([^>\s]+)>\]/g;
const ABSOLUTE_LINK = /^(?:https?:)?\/\/[^\s/$.?#][^\s]*$/i;

/**
 * The links a conversation carries: "[attachment TYPE: name <url>]" lines of the user's messages and
 * the "Attachments:" fact the sourcing graph gives its model. Only absolute links: a goal or a
 * tech pack stores links factories can open.
 */
export function parseAttachmentLinks(texts: string[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    for (const m of text.matchAll(ATTACHMENT_LINE)) out.push(m[1]!);
    const fact = text.match(/^Attachments: (.+)$/m)?.[1];
    if (fact) out.push(...fact.split(/,\s*/));
  }
  return [...new Set(out.map((u) => u.trim()).filter((u) => ABSOLUTE_LINK.test(u)))];
}

/** The user's words without their attachment lines, so the lines' names and links are not read as the request. */
export function withoutAttachmentLines(text: string): string {
  return text.replace(ATTACHMENT_LINE, " ").replace(/[ \t]*\n\s*/g, "\n").trim();
}
