/** Small text parsers the offline assistant uses to fill tool arguments from what the user typed. */

const EMAIL = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/;

export function parseEmail(text: string): string | undefined {
  return text.match(EMAIL)?.[0]?.toLowerCase();
}

export function parseRole(text: string): "ADMIN" | "CX" | undefined {
  if (/\badmin(istrator)?s?\b/i.test(text)) return "ADMIN";
  if (/\b(cx|support|customer (service|experience|support))\b/i.test(text)) return "CX";
  return undefined;
}

/** "MOQ 500", "moq under 500", "minimum order of 300", "at least 200 units". */
export function parseMoq(text: string): number | undefined {
  const m = text.match(/\bmoq\D{0,12}?(\d[\d,]*)/i) ?? text.match(/(?:minimum order(?: quantity)?|min\.? order)\D{0,12}?(\d[\d,]*)/i) ?? text.match(/(\d[\d,]*)\s*(?:units|pcs|pieces)\b/i);
  return m?.[1] ? Number(m[1].replace(/,/g, "")) : undefined;
}

/** "$4.50 per unit", "at $12 each", "unit price 3". */
export function parseUnitPrice(text: string): number | undefined {
  const m = text.match(/\$\s?(\d+(?:\.\d+)?)/) ?? text.match(/(\d+(?:\.\d+)?)\s*(?:usd|dollars?)\b/i) ?? text.match(/(?:unit price|price per unit|per[- ]unit price)\D{0,6}(\d+(?:\.\d+)?)/i);
  return m?.[1] ? Number(m[1]) : undefined;
}

export function parseInteger(text: string): number | undefined {
  const m = text.match(/\b(\d[\d,]*)\b/);
  return m?.[1] ? Number(m[1].replace(/,/g, "")) : undefined;
}

/** Country names and demonyms users type, to ISO codes. */
const COUNTRIES: Record<string, string> = {
  china: "CN", chinese: "CN", prc: "CN", vietnam: "VN", "viet nam": "VN", vietnamese: "VN", india: "IN", indian: "IN", italy: "IT", italian: "IT",
  "united states": "US", usa: "US", "u.s.": "US", america: "US", "the us": "US", mexico: "MX", canada: "CA", "united kingdom": "GB", uk: "GB", britain: "GB",
  germany: "DE", france: "FR", spain: "ES", portugal: "PT", turkey: "TR", "türkiye": "TR", bangladesh: "BD", pakistan: "PK", indonesia: "ID", thailand: "TH",
  cambodia: "KH", taiwan: "TW", "south korea": "KR", korea: "KR", japan: "JP", malaysia: "MY", philippines: "PH", "sri lanka": "LK", brazil: "BR", australia: "AU",
  "european union": "EU", eu: "EU", netherlands: "NL", poland: "PL",
};

const NAMES: Record<string, string> = { CN: "China", VN: "Vietnam", IN: "India", IT: "Italy", US: "United States", MX: "Mexico", CA: "Canada", GB: "United Kingdom", DE: "Germany", FR: "France", ES: "Spain", PT: "Portugal", TR: "Turkey", BD: "Bangladesh", PK: "Pakistan", ID: "Indonesia", TH: "Thailand", KH: "Cambodia", TW: "Taiwan", KR: "South Korea", JP: "Japan", MY: "Malaysia", PH: "Philippines", LK: "Sri Lanka", BR: "Brazil", AU: "Australia", EU: "European Union", NL: "Netherlands", PL: "Poland" };

export function countryName(code: string): string {
  return NAMES[code] ?? code;
}

function findCountry(fragment: string): string | undefined {
  const lower = ` ${fragment.toLowerCase()} `;
  let best: { code: string; at: number } | undefined;
  for (const [name, code] of Object.entries(COUNTRIES)) {
    const at = lower.search(new RegExp(`[^a-z]${name.replace(/\./g, "\\.")}[^a-z]`));
    if (at >= 0 && (!best || at < best.at)) best = { code, at };
  }
  return best?.code;
}

/** Origin ("from China", "made in Vietnam") and destination ("into the US", "to Canada"). */
export function parseCountries(text: string): { origin?: string; destination?: string } {
  const origin = text.match(/\b(?:from|made in|manufactured in|produced in|sourced in|sourcing in|imported from)\s+([A-Za-z. ]{2,30})/i);
  // "into"/"to" name the destination; "in" only when nothing better does ("made in" is the origin).
  const destination = text.match(/\b(?:into|to)\s+(?:the\s+)?[A-Za-z.]+(?:\s+[A-Za-z.]+)?/gi) ?? text.match(/\bin\s+(?:the\s+)?[A-Za-z.]+(?:\s+[A-Za-z.]+)?/gi);
  const originCode = origin?.[1] ? findCountry(origin[1]) : undefined;
  let destinationCode: string | undefined;
  for (const part of destination ?? []) {
    const code = findCountry(part.replace(/^\w+\s+/, ""));
    if (code && code !== originCode) destinationCode = code;
  }
  return { origin: originCode ?? (destination ? undefined : findCountry(text)), destination: destinationCode };
}

/** Any country named in the text (where the factories should be). */
export function parseAnyCountry(text: string): string | undefined {
  return findCountry(text);
}

const FILLER = /\b(landed cost|import duties|what are|please|can you|could you|i need|i want|i'm looking|im looking|looking|help me|to|find|search|for|me|some|a|an|the|suppliers?|factories|factory|manufacturers?|makers?|vendors?|who (can )?(make|makes|produce|produces)|that (make|makes|produce|produces)|source|sourcing|what is|what's|whats|the tariff|tariffs?|duty|duties|import|rate|on|of)\b/gi;

/** The product the user talks about: the words left once the request's framing is removed. */
export function parseProduct(text: string): string | undefined {
  const cut = text
    .replace(/\b(?:under|below|with|at|moq|minimum|max|from|made in|in|into|priced|costing|per|around|about|for under)\b.*$/i, "")
    .replace(FILLER, " ")
    .replace(/[?.!,]/g, " ")
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
