import type { Intent, IntentContext } from "./offline-types";
import { call, got, usd } from "./offline-steps";
import type { ToolResponse } from "@atelier/tools/tool-results";

// Orders entered by hand, offline: "create an order for Ada Lovelace ada@example.com: 2 x
// TEE-ORG-BLK at $32, ship to 12 Harbor Way, Oakland, CA 94607, US". Retail unless the user says
// wholesale; Standard shipping unless they name a method. Anything missing is asked for with an
// example instead of guessed (a made-up price or address would be a wrong order). Tolerant of the
// usual typos ("oder", "crate", "wholesle").

const CREATE_WORD = /\b(create|crate|creat|make|new|add|place|enter|book|put in|set up|write up|raise)\b/i;
const ORDER_WORD = /\b(or?de?rs?)\b/i;
const WHOLESALE_WORD = /\b(wholesale|wholesle|wholsale|b2b|bulk order)\b/i;
/** Orders the store places with suppliers are the purchasing tools', not these. */
const SUPPLIER_WORD = /\b(samples?|suppliers?|factory|production|purchase order|quote|cart)\b/i;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
/** "2 x TEE-ORG-BLK at $32", "3 TEE-ORG-WHT @ 30", "one CAP-DAD-NVY for $28.50". */
const LINE = /\b(\d{1,5}|one|two|three|four|five|six|ten|twelve)\s*(?:(?:x|×|units? of|pcs? of|pieces? of|of)\s*)?([A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)+)(?:\s*(?:at|@|for|,)\s*(?:\$\s?)?(\d{1,7}(?:\.\d{1,2})?))?/gi;
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10, twelve: 12 };
const METHODS: [RegExp, string][] = [[/\b(overnight|next[- ]day)\b/i, "OVERNIGHT"], [/\b(expedited|express|two[- ]day|2[- ]day|fast)\b/i, "EXPEDITED"], [/\b(economy|cheapest shipping|slow)\b/i, "ECONOMY"], [/\bstandard\b/i, "STANDARD"]];
const METHOD_WORDS: Record<string, string> = { ECONOMY: "Economy", STANDARD: "Standard", EXPEDITED: "Expedited", OVERNIGHT: "Overnight" };
const COUNTRY_NAMES: Record<string, string> = { usa: "US", "united states": "US", america: "US", uk: "GB", "united kingdom": "GB", england: "GB", canada: "CA", australia: "AU", germany: "DE", france: "FR" };

type Line = { sku: string; quantity: number; unitPriceCents?: number };
export type ManualOrderDraft = {
  wholesale: boolean;
  customer: { name?: string; email?: string };
  lines: Line[];
  address?: { address1: string; city: string; region?: string; postalCode: string; countryCode: string };
  shippingMethod: string;
  shippingCents: number;
};

/** The order lines the text names, with a price when one follows ("at $32"); one "at $X each" at the end prices them all. */
function parseLines(text: string): Line[] {
  const lines: Line[] = [];
  for (const m of text.matchAll(LINE)) {
    const quantity = NUMBER_WORDS[m[1]!.toLowerCase()] ?? Number(m[1]);
    const sku = m[2]!.toUpperCase();
    if (/^(E-MAIL|T-SHIRT)$/.test(sku) || sku.includes("@")) continue;
    lines.push({ sku, quantity, ...(m[3] ? { unitPriceCents: Math.round(Number(m[3]) * 100) } : {}) });
  }
  const shared = text.match(/\b(?:all\s+)?at\s+\$\s?(\d{1,7}(?:\.\d{1,2})?)\s+each\b/i);
  if (shared) for (const l of lines) l.unitPriceCents ??= Math.round(Number(shared[1]) * 100);
  return lines;
}

/** "for Ada Lovelace", "customer: Ada Lovelace", or the words right before the e-mail. */
function parseName(text: string): string | undefined {
  const at = text.search(EMAIL);
  const m = text.match(/\b(?:for|customer:?|to)\s+([A-Z][\w'’-]*(?:\s[A-Z][\w'’-]*){0,3})/) ?? (at > 0 ? text.slice(0, at).match(/([A-Z][\w'’-]*(?:\s[A-Z][\w'’-]*){0,3})[\s(<,]*$/) : null);
  const name = m?.[1]?.trim();
  return name && !/^(Order|Wholesale|Retail|Create|Make|New)$/i.test(name) ? name : undefined;
}

/** "ship to 12 Harbor Way, Oakland, CA 94607, US": street, city, optional region, postcode, optional country (US when none). */
export function parseAddress(text: string): ManualOrderDraft["address"] {
  const m = text.match(/\b(?:ship(?:ping)?(?: it)? to|deliver(?: it)? to|send(?: it)? to|address:?)\s+(\d.+?)(?:[.;]\s*(?:[A-Z][a-z]+\b.*)?)?$/i);
  if (!m) return undefined;
  const parts = m[1]!.replace(/\b(overnight|expedited|express|economy|standard)(\s+shipping)?\b.*$/i, "").replace(/\s+(?:with|and|plus)\s+\$?\s?\d.*$/i, "").split(",").map((p) => p.trim()).filter(Boolean);
  if (parts.length < 3) return undefined;
  let countryCode = "US";
  const lastPart = parts.at(-1)!;
  if (/^[A-Za-z]{2}$/.test(lastPart) && !/\d/.test(lastPart) && parts.length >= 4) countryCode = parts.pop()!.toUpperCase();
  else if (COUNTRY_NAMES[lastPart.toLowerCase()]) {
    countryCode = COUNTRY_NAMES[lastPart.toLowerCase()]!;
    parts.pop();
  }
  // The postcode ends the last remaining part ("CA 94607" or "94607" or "SW1A 1AA").
  const tail = parts.pop()!;
  const pc = tail.match(/^(?:([A-Za-z]{2,})\s+)?([A-Za-z0-9]{2,5}(?:[ -][A-Za-z0-9]{3,4})?)$/);
  if (!pc || !/\d/.test(pc[2]!)) return undefined;
  const region = pc[1] ? pc[1].toUpperCase() : undefined;
  const city = parts.pop();
  const address1 = parts.join(", ");
  if (!city || !address1) return undefined;
  return { address1, city, ...(region ? { region } : {}), postalCode: pc[2]!.toUpperCase(), countryCode };
}

/** What the text says of the order; the missing parts are asked for. */
export function parseManualOrder(text: string): ManualOrderDraft {
  const shipping = text.match(/\$\s?(\d{1,5}(?:\.\d{1,2})?)\s+(?:for\s+)?shipping\b/i) ?? text.match(/\bshipping(?:\s+(?:of|is|costs?|charge))?\s+\$\s?(\d{1,5}(?:\.\d{1,2})?)/i);
  return {
    wholesale: WHOLESALE_WORD.test(text),
    customer: { name: parseName(text), email: text.match(EMAIL)?.[0] },
    lines: parseLines(text.replace(EMAIL, " ")),
    address: parseAddress(text),
    shippingMethod: METHODS.find(([re]) => re.test(text))?.[1] ?? "STANDARD",
    shippingCents: shipping ? Math.round(Number(shipping[1]) * 100) : 0,
  };
}

const EXAMPLE = '"create an order for Ada Lovelace ada@example.com: 2 x TEE-ORG-BLK at $32, ship to 12 Harbor Way, Oakland, CA 94607, US"';

function missing(d: ManualOrderDraft): string[] {
  const need: string[] = [];
  if (!d.customer.name) need.push("the customer's name");
  if (!d.customer.email) need.push("their e-mail");
  if (!d.lines.length) need.push("the items (a quantity and a SKU, like 2 x TEE-ORG-BLK)");
  else if (d.lines.some((l) => l.unitPriceCents === undefined)) need.push(`the price per unit of ${d.lines.filter((l) => l.unitPriceCents === undefined).map((l) => l.sku).join(" and ")} (like "at $32")`);
  if (!d.address) need.push("where it ships (street, city, state and postcode, country)");
  return need;
}

function createdAnswer(o: ToolResponse<"create_manual_order">, method: string): string {
  const items = o.lines.map((l) => `${l.quantity} × ${l.title} (${l.sku})`).join(", ");
  const open = o.holds.filter((h) => !h.releasedAt);
  const held = o.processingStatus === "ON_HOLD" && open.length ? ` It waits on hold: ${open.map((h) => h.reason).join("; ")}.` : " Its units are reserved; say \"ship order " + o.orderNumber + "\" to send it to the fulfilment center.";
  return `Order #${o.orderNumber} created for ${o.customerName}: ${items}, total ${usd(o.totalCents)}, shipping ${METHOD_WORDS[method] ?? method}. Nothing was charged.${held}`;
}

export const MANUAL_ORDER_INTENTS: Intent[] = [
  {
    name: "create-manual-order",
    tools: ["create_manual_order", "create_wholesale_order"],
    examples: [
      "create an order for Ada Lovelace ada@example.com: 2 x TEE-ORG-BLK at $32, ship to 12 Harbor Way, Oakland, CA 94607, US",
      "make a wholesale oder for Bloom Boutique buyer@bloom.example, 24 CAP-DAD-NVY at $14 each, overnight, ship to 5 Market St, San Francisco, CA 94105",
      "new manual order for Sam Lee sam@lee.dev 1 MUG-CER-12 at 22 ship to 9 Elm Rd, Austin, TX 73301",
      "crate a order for a customer who called",
      "enter a phone order for Jo Park jo@park.io",
      "place an order by hand",
      "add a retail order for my friend",
    ],
    match: (t) => CREATE_WORD.test(t) && ORDER_WORD.test(t) && !SUPPLIER_WORD.test(t) && (EMAIL.test(t) || /\b(manual|by hand|phone order|for (a|my) (customer|client|friend))\b/i.test(t) || WHOLESALE_WORD.test(t)),
    step: (t, done, _h, _context: IntentContext) => {
      const made = got(done, "create_manual_order") ?? got(done, "create_wholesale_order");
      const draft = parseManualOrder(t);
      if (made) return { answer: createdAnswer(made.value, String(made.args.shippingMethod ?? draft.shippingMethod)) };
      const need = missing(draft);
      if (need.length) {
        const have = draft.customer.name ? ` for ${draft.customer.name}` : "";
        return { answer: `To create the ${draft.wholesale ? "wholesale " : ""}order${have} I need ${need.length > 1 ? `${need.slice(0, -1).join(", ")} and ${need.at(-1)}` : need[0]}. Say it in one message, e.g. ${EXAMPLE}. You can also fill in the form: New order on the Orders screen.` };
      }
      return call(draft.wholesale ? "create_wholesale_order" : "create_manual_order", {
        customer: { name: draft.customer.name, email: draft.customer.email },
        shippingAddress: draft.address,
        lines: draft.lines,
        shippingCents: draft.shippingCents,
        shippingMethod: draft.shippingMethod,
      });
    },
  },
];
