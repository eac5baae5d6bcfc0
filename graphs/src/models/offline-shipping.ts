import { FULFILMENT_CENTER_ADDRESS } from "@atelier/contracts/shipping";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, Outcome } from "./offline-types";
import { call, got } from "./offline-steps";

// Shipping labels offline: "how much to ship a 2 lb box to 94107", "buy the cheapest label",
// "void the last label", "show my labels". Quotes ship from the fulfilment center; a purchase
// needs the recipient's full address (asked for when the quote had only a ZIP). Buying and voiding
// go through the tool's approval, which names the amount and the recipient.

const SHIP_WORD = /\b(ship|shipp?ing|postage|labels?|lable|lables|parcel|package|box)\b/i;
const PRICE_WORD = /\b(how much|cost|costs|price|prices|quote|rates?|estimate|cheapest way)\b/i;
const WEIGHT = /(\d+(?:\.\d+)?)\s*(lbs?|pounds?|oz|ounces?|kg|kilos?|g|grams?)\b/i;
const DIMS = /(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(cm|in(?:ch(?:es)?)?)?/i;
const ZIP = /\b(\d{5})(?:-\d{4})?\b/;
const STATE_ZIP = /^([A-Za-z]{2}) (\d{5}(?:-\d{4})?)$/;

/** "to Grace Hopper, 1 Main St, Brooklyn, NY 11201" → its five parts, split on commas (no backtracking regex). */
function fullAddress(t: string): [string, string, string, string, string] | undefined {
  const comma = t.indexOf(",");
  const at = t.slice(0, comma < 0 ? t.length : comma).toLowerCase().lastIndexOf(" to ");
  if (at < 0) return undefined;
  const parts = t.slice(at + 4).split(",").map((p) => p.trim().replace(/\s+/g, " ").replace(/[.!?]$/, ""));
  if (parts.length !== 4) return undefined;
  const m = parts[3]!.match(STATE_ZIP);
  return m && parts[0] && parts[1] && parts[2] ? [parts[0], parts[1], parts[2], m[1]!, m[2]!] : undefined;
}
const PLACEHOLDER = "(to confirm)";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function unitOf(u: string): string {
  const l = u.toLowerCase();
  if (l.startsWith("lb") || l.startsWith("pound")) return "lb";
  if (l.startsWith("oz") || l.startsWith("ounce")) return "oz";
  if (l.startsWith("k")) return "kg";
  return "g";
}

function quoteArgs(t: string): Record<string, unknown> | undefined {
  const full = fullAddress(t);
  const zip = full?.[4] ?? t.match(ZIP)?.[1];
  if (!zip) return undefined;
  const w = t.match(WEIGHT);
  const d = t.match(DIMS);
  const toAddress = full
    ? { name: full[0], addressLine1: full[1], city: full[2], stateCode: full[3].toUpperCase(), zipCode: zip }
    : { name: PLACEHOLDER, addressLine1: PLACEHOLDER, city: PLACEHOLDER, zipCode: zip };
  return {
    fromAddress: { ...FULFILMENT_CENTER_ADDRESS },
    toAddress,
    parcel: {
      weight: w ? Number(w[1]) : 1,
      mass_unit: w ? unitOf(w[2]!) : "lb",
      length: d ? Number(d[1]) : 10,
      width: d ? Number(d[2]) : 8,
      height: d ? Number(d[3]) : 4,
      distance_unit: d?.[4]?.toLowerCase().startsWith("c") ? "cm" : "in",
    },
  };
}

function quoteAnswer(q: ToolResponse<"quote_shipping_label">, args: Record<string, unknown>, t: string): string {
  const p = args.parcel as { weight: number; mass_unit: string; length: number; width: number; height: number; distance_unit: string };
  const to = args.toAddress as { zipCode: string; name: string };
  const head = `To ship a ${p.weight} ${p.mass_unit} parcel (${p.length}×${p.width}×${p.height} ${p.distance_unit}${DIMS.test(t) ? "" : ", a standard box; tell me the size if yours differs"}) from the fulfilment center to ${to.zipCode}:`;
  const rows = q.rates.map((r, i) => `${i + 1}. ${r.carrier} ${r.serviceName}: ${dollars(r.priceCents)}, ${r.estimatedDays} business day${r.estimatedDays === 1 ? "" : "s"}, arrives by ${r.deliveryDate}`);
  const notes = [...q.messages.map((m) => m.message), ...q.checks.filter((c) => c.level === "WARNING").map((c) => c.message)];
  const ask = to.name === PLACEHOLDER ? 'To buy one, tell me who it goes to, e.g. "buy the cheapest to Grace Hopper, 1 Main St, Brooklyn, NY 11201".' : 'Say "buy the cheapest" or name a service to buy it.';
  if (!q.rates.length) return ["No carrier can take this parcel:", ...notes].join("\n");
  return [head, ...rows, ...notes, ask].join("\n");
}

/** The latest quote of the conversation (this turn's first, then earlier ones). */
function lastQuote(done: Outcome[], history: Outcome[]) {
  return got(done, "quote_shipping_label") ?? got([...history].reverse(), "quote_shipping_label");
}

function pickRate(t: string, rates: ToolResponse<"quote_shipping_label">["rates"]) {
  if (/\bovernight|next day|fastest\b/i.test(t)) return rates.find((r) => r.serviceCode === "OVERNIGHT") ?? rates.at(-1);
  if (/\btwo[- ]?day|2[- ]?day\b/i.test(t)) return rates.find((r) => r.serviceCode === "TWO_DAY");
  const ordinal = t.match(/\b(first|second|third|1st|2nd|3rd)\b/i)?.[1]?.toLowerCase();
  if (ordinal) return rates[{ first: 0, "1st": 0, second: 1, "2nd": 1, third: 2, "3rd": 2 }[ordinal] ?? 0];
  return rates[0];
}

export const SHIPPING_INTENTS: Intent[] = [
  {
    name: "buy-shipping-label",
    tools: ["buy_shipping_label", "quote_shipping_label"],
    examples: ["buy the cheapest label", "buy the cheapest one", "purchase the overnight label", "ok buy the second one", "buy a label for it", "get the two-day label", "buy teh cheapest lable"],
    match: (t) => /\b(buy|purchase|get|book)\b/i.test(t) && (SHIP_WORD.test(t) || /\b(cheapest|overnight|two[- ]?day|ground|second|first|third|one)\b/i.test(t)) && !/\breturn\b/i.test(t),
    step: (t, done, history) => {
      const bought = got(done, "buy_shipping_label");
      if (bought) {
        const l = bought.value;
        return { answer: `Bought: ${l.carrier} ${l.serviceName} to ${l.toAddress.name}, ${l.toAddress.city}, for ${dollars(l.priceCents)}. Tracking number ${l.trackingNumber}; expected by ${l.deliveryDate}. Print it from Label history.` };
      }
      const fresh = quoteArgs(t);
      const quote = lastQuote(done, history);
      const args = fresh && (fresh.toAddress as { name: string }).name !== PLACEHOLDER ? fresh : quote?.args;
      if (!args) return { answer: 'Which parcel? Tell me the weight and where it goes, e.g. "how much to ship a 2 lb box to Grace Hopper, 1 Main St, Brooklyn, NY 11201".' };
      const full = fresh && (fresh.toAddress as { name: string }).name !== PLACEHOLDER;
      const to = full ? fresh.toAddress : (args.toAddress as { name: string });
      if ((to as { name: string }).name === PLACEHOLDER) return { answer: 'Who does it go to? Tell me the name and address, e.g. "buy the cheapest to Grace Hopper, 1 Main St, Brooklyn, NY 11201".' };
      const rates = full ? undefined : quote?.value.rates;
      if (!rates) return call("quote_shipping_label", args);
      const rate = pickRate(t, rates);
      if (!rate) return { answer: "That service isn't offered for this parcel; pick one of the quote." };
      return call("buy_shipping_label", { ...args, serviceCode: rate.serviceCode, carrier: rate.carrier, expectedPriceCents: rate.priceCents });
    },
  },
  {
    name: "quote-shipping",
    tools: ["quote_shipping_label"],
    examples: ["how much to ship a 2 lb box to 94107", "shipping cost for 5 lbs to 10001", "what does postage cost to 60601 for 12 oz", "quote a label 3 lb 12x10x6 to 98101", "how much is shiping 1kg to 30301", "rates to ship to 94107", "how much to ship a 2 lb box to Grace Hopper, 1 Main St, Brooklyn, NY 11201"],
    match: (t) => SHIP_WORD.test(t) && PRICE_WORD.test(t),
    step: (t, done) => {
      const q = got(done, "quote_shipping_label");
      if (q) return { answer: quoteAnswer(q.value, q.args, t) };
      const args = quoteArgs(t);
      return args ? call("quote_shipping_label", args) : { answer: 'Where does it go and how heavy is it? Say e.g. "how much to ship a 2 lb box to 94107".' };
    },
  },
  {
    name: "void-shipping-label",
    tools: ["void_shipping_label", "list_shipping_labels"],
    examples: ["void the last label", "cancel my last shipping label", "refund the label I just bought", "void that label", "voi the last lable"],
    match: (t) => /\b(void|voi|cancel|refund)\b/i.test(t) && SHIP_WORD.test(t),
    step: (_t, done) => {
      const voided = got(done, "void_shipping_label");
      if (voided) return { answer: `Voided label ${voided.value.trackingNumber} to ${voided.value.toAddress.name}; ${dollars(voided.value.refundedCents)} is refunded to the card.` };
      const listed = got(done, "list_shipping_labels");
      if (!listed) return call("list_shipping_labels", { status: "PURCHASED", size: 1 });
      const last = listed.value.list[0];
      return last ? call("void_shipping_label", { id: last.id }) : { answer: "You have no label that can still be voided: once the carrier scans a parcel, its label can't be voided." };
    },
  },
  {
    name: "list-shipping-labels",
    tools: ["list_shipping_labels"],
    examples: ["show my labels", "label history", "my shipping labels", "what labels did I buy", "where is my last parcel", "show lables"],
    match: (t) => /\b(labels?|lables?|label history|parcels?)\b/i.test(t) && /\b(show|list|my|history|what|where|which)\b/i.test(t),
    step: (_t, done) => {
      const r = got(done, "list_shipping_labels");
      if (!r) return call("list_shipping_labels", { size: 10 });
      if (!r.value.list.length) return { answer: "You haven't bought a shipping label yet. Ask me for a quote, e.g. \"how much to ship a 2 lb box to 94107\"." };
      const rows = r.value.list.map((l) => `- ${l.createdAt.slice(0, 10)} ${l.carrier} ${l.serviceName} to ${l.toAddress.name} (${l.toAddress.zipCode}), ${dollars(l.priceCents)}, ${l.status === "IN_TRANSIT" ? "in transit" : l.status.toLowerCase()}, tracking ${l.trackingNumber}`);
      return { answer: [`${r.value.total} label${r.value.total === 1 ? "" : "s"}:`, ...rows].join("\n") };
    },
  },
];
