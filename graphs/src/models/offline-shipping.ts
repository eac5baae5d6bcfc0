import { FULFILMENT_CENTER_ADDRESS } from "@atelier/contracts/shipping";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Outcome } from "./offline-types";
import { call, got } from "./offline-steps";
import { QUALITY_INTENTS } from "./offline-quality";

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

// Labels for many orders (the Label batches screen): "buy labels for orders 1001 and 1002",
// "how much to ship these orders", "pick list for the selected orders". The orders are the
// numbers in the text, else the ones selected on screen (?orders=1001,1002 in its query).

const ORDER_WORD = /\b(orders?|ordrs?|oders?)\b/i;

/** "orders 1001, 1002 and #1003" → [1001, 1002, 1003]; else the screen's selection. */
function orderNumbersOf(t: string, context: IntentContext): number[] {
  const named = [...t.matchAll(/#?\b(\d{3,9})\b/g)].map((m) => Number(m[1])).filter((n) => n > 0);
  if (named.length) return [...new Set(named)].slice(0, 100);
  const selected = context.screen?.query?.orders ?? "";
  return [...new Set(selected.split(",").map((v) => Number.parseInt(v, 10)).filter((n) => Number.isInteger(n) && n > 0))].slice(0, 100);
}

function serviceOf(t: string): string {
  if (/\bovernight|next[- ]day\b/i.test(t)) return "OVERNIGHT";
  if (/\btwo[- ]?day|2[- ]?day\b/i.test(t)) return "TWO_DAY";
  return "GROUND";
}

function boxOf(t: string) {
  const w = t.match(WEIGHT);
  const d = t.match(DIMS);
  return { weight: w ? Number(w[1]) : 1, mass_unit: w ? unitOf(w[2]!) : "lb", length: d ? Number(d[1]) : 10, width: d ? Number(d[2]) : 8, height: d ? Number(d[3]) : 4, distance_unit: d?.[4]?.toLowerCase().startsWith("c") ? "cm" : "in" };
}

const NO_ORDERS = 'Which orders? Name them, e.g. "buy labels for orders 1001 and 1002", or select them on the Label batches screen.';

function orderQuoteLines(q: ToolResponse<"quote_order_labels">): string[] {
  return q.lines.map((l) => `- #${l.orderNumber} to ${l.recipient}${l.place ? ` (${l.place})` : ""}: ${l.priceCents !== null ? dollars(l.priceCents) : l.problem}`);
}

function boughtAnswer(b: ToolResponse<"buy_order_labels">): string {
  const lines = [`Bought ${b.labels.length} label${b.labels.length === 1 ? "" : "s"} for ${dollars(b.totalCents)}:`, ...b.labels.map((l) => `- #${l.orderNumber}: tracking ${l.trackingNumber}`), ...b.failed.map((f) => `- ${f.message}`)];
  return [...lines, b.jobId ? "They are being merged into one document: download it on the Label batches screen." : ""].filter(Boolean).join("\n");
}

/** The conversation's latest quote was for orders (not for one parcel): "buy them" means those labels. */
function lastQuoteWasForOrders(history: Outcome[]): boolean {
  const last = [...history].reverse().find((o) => o.name === "quote_order_labels" || o.name === "quote_shipping_label");
  return last?.name === "quote_order_labels" && !last.error;
}

const ORDER_LABEL_INTENTS: Intent[] = [
  {
    name: "buy-quoted-order-labels",
    tools: ["buy_order_labels"],
    examples: ["buy them", "ok buy those labels", "yes buy them all", "go ahead and buy them", "buy thm"],
    applies: lastQuoteWasForOrders,
    match: (t) => /\b(buy|by|purchase|go ahead|yes)\b/i.test(t) && /\b(them|thm|those|all|labels?)\b/i.test(t) && !/\d{3,}/.test(t),
    step: (_t, done, history) => {
      const bought = got(done, "buy_order_labels");
      if (bought) return { answer: boughtAnswer(bought.value) };
      const quoted = got(history, "quote_order_labels");
      if (!quoted) return { answer: NO_ORDERS };
      if (!quoted.value.readyCount) return { answer: ["None of these orders can get a label now:", ...orderQuoteLines(quoted.value)].join("\n") };
      return call("buy_order_labels", { ...quoted.args, expectedTotalCents: quoted.value.totalCents });
    },
  },
  {
    name: "buy-order-labels",
    tools: ["buy_order_labels", "quote_order_labels"],
    examples: ["buy labels for orders 1001 and 1002", "create shipping labels for these orders", "buy labels for the selected orders", "ship orders 1043 and 1044 overnight", "print labels for order 1540 and 1541", "make labels for all selected orders", "by lables for thes orders"],
    match: (t) => /\b(buy|by|purchase|create|make|print|get)\b/i.test(t) && /\b(labels?|lables?)\b/i.test(t) && (ORDER_WORD.test(t) || /\b(these|selected|them)\b/i.test(t)),
    step: (t, done, _h, context) => {
      const bought = got(done, "buy_order_labels");
      if (bought) return { answer: boughtAnswer(bought.value) };
      const quoted = got(done, "quote_order_labels");
      if (quoted) {
        const q = quoted.value;
        if (!q.readyCount) return { answer: ["None of these orders can get a label now:", ...orderQuoteLines(q)].join("\n") };
        return call("buy_order_labels", { ...quoted.args, expectedTotalCents: q.totalCents });
      }
      const orderNumbers = orderNumbersOf(t, context);
      if (!orderNumbers.length) return { answer: NO_ORDERS };
      return call("quote_order_labels", { orderNumbers, parcel: boxOf(t), serviceCode: serviceOf(t) });
    },
  },
  {
    name: "quote-order-labels",
    tools: ["quote_order_labels"],
    examples: ["how much to ship orders 1001 and 1002", "what would labels for these orders cost", "price labels for the selected orders", "shipping cost for orders 1540 1541 overnight", "quote labels for ordrs 1001 1002"],
    match: (t) => ORDER_WORD.test(t) && PRICE_WORD.test(t) && /\b(ship|shipp?ing|labels?|lables?|postage)\b/i.test(t),
    step: (t, done, _h, context) => {
      const quoted = got(done, "quote_order_labels");
      if (quoted) {
        const q = quoted.value;
        const head = `${q.carrier} ${q.serviceName.toLowerCase()} labels, each order in a ${(quoted.args.parcel as { weight: number }).weight} lb box${DIMS.test(t) ? "" : " (10×8×4 in; tell me yours if it differs)"}:`;
        const tail = q.readyCount ? `${q.readyCount} label${q.readyCount === 1 ? "" : "s"} for ${dollars(q.totalCents)} in all. Say "buy them" to buy.` : "None of these orders can get a label now.";
        return { answer: [head, ...orderQuoteLines(q), tail].join("\n") };
      }
      const orderNumbers = orderNumbersOf(t, context);
      if (!orderNumbers.length) return { answer: NO_ORDERS };
      return call("quote_order_labels", { orderNumbers, parcel: boxOf(t), serviceCode: serviceOf(t) });
    },
  },
  {
    name: "pick-list",
    tools: ["get_pick_list"],
    examples: ["pick list for orders 1001 and 1002", "what do I pick for these orders", "pick list for the selected orders", "which bins do I pick from for order 1540", "pik list for thes orders", "what should I pull from the shelves for orders 1001 1002"],
    match: (t) => /\b(pick|pik|pull|bins?)\b/i.test(t) && (ORDER_WORD.test(t) || /\b(these|selected|list)\b/i.test(t)),
    step: (t, done, _h, context) => {
      const r = got(done, "get_pick_list");
      if (r) {
        const p = r.value;
        if (!p.lines.length) return { answer: "Nothing to pick: these orders have shipped or are canceled." };
        const rows = p.lines.map((l) => `- ${l.bin ? `Bin ${l.bin}` : "No bin"}: ${l.quantity} × ${l.sku} (${l.title}) for ${l.orderNumbers.map((n) => `#${n}`).join(", ")}`);
        return { answer: [`Pick ${p.unitCount} unit${p.unitCount === 1 ? "" : "s"} for ${p.orderCount} order${p.orderCount === 1 ? "" : "s"}, in bin order:`, ...rows, "Print it, with the packing slips, from the Label batches screen."].join("\n") };
      }
      const orderNumbers = orderNumbersOf(t, context);
      if (!orderNumbers.length) return { answer: 'Which orders? Name them, e.g. "pick list for orders 1001 and 1002", or select them on the Label batches screen.' };
      return call("get_pick_list", { orders: orderNumbers.join(",") });
    },
  },
];

export const SHIPPING_INTENTS: Intent[] = [
  ...ORDER_LABEL_INTENTS,
  ...QUALITY_INTENTS,
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
