import { FREIGHT_ORIGINS, FREIGHT_STATUS_WORDS, type FreightOriginCode } from "@atelier/contracts/shipping";
import { shipDateWords } from "@atelier/contracts/presales";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Outcome } from "./offline-types";
import { call, got } from "./offline-steps";

// Freight offline: "how much to ship 20 cartons from Shenzhen by sea?", "book the cheapest",
// "book it by air", "where is my freight?". A quote without weight or volume assumes standard
// export cartons (60×40×40 cm, 15 kg) and says so; booking needs the goods (SKU, units, HS code,
// value) because they become the receiving's lines, and goes through the tool's approval, which
// names the price and the route.

const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Each origin's names as people type them, typos included. */
const ALIASES: Record<FreightOriginCode, string[]> = {
  CNSZX: ["shenzhen", "shenzen", "shenzhn", "shen zhen", "yantian"],
  CNSHA: ["shanghai", "shangai", "shanghi"],
  CNNGB: ["ningbo", "ningpo"],
  CNCAN: ["guangzhou", "guangzou", "canton"],
  HKHKG: ["hong kong", "hongkong"],
  VNSGN: ["ho chi minh", "saigon", "hcmc"],
  VNHPH: ["haiphong", "hai phong"],
  INNSA: ["nhava sheva", "mumbai", "bombay"],
  BDCGP: ["chittagong", "chattogram"],
  TRIST: ["istanbul"],
  PTLEI: ["porto", "leixoes", "leixões"],
  ITGOA: ["genoa", "genova"],
  MXZLO: ["manzanillo"],
};
const FREIGHT_WORD = /\b(freight|frieght|freigt|cartons?|cartns?|ctns?|pallets?|containers?|lcl|fcl|cbm|by sea|by air|ocean|shenzhen|shenzen)\b/i;
const CARTONS = /(\d[\d,]*)\s*(cartons?|cartns?|ctns?|boxes|boxs|cases)\b/i;
const WEIGHT = /(\d[\d,]*(?:\.\d+)?)\s*(kg|kgs|kilos?|kilograms?|tons?|tonnes?|t)\b/i;
const VOLUME = /(\d+(?:\.\d+)?)\s*(cbm|m3|m³|cubic met(?:er|re)s?)/i;
const HS = /\b(\d{4}\.\d{2}(?:\.\d{2,4})?)\b/;
const SKU = /\b([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\b/;
const STANDARD_CARTON = { kg: 15, cbm: 0.096 };

/** "Sea, shared container (LCL)" inside a sentence: only its first letter lowered. */
const inSentence = (modeName: string) => modeName.charAt(0).toLowerCase() + modeName.slice(1);
const num = (s: string) => Number(s.replace(/,/g, ""));

function originOf(t: string): FreightOriginCode | undefined {
  const l = t.toLowerCase();
  const code = t.match(/\b([A-Z]{5})\b/)?.[1];
  if (code && FREIGHT_ORIGINS.some((o) => o.code === code)) return code as FreightOriginCode;
  return (Object.keys(ALIASES) as FreightOriginCode[]).find((c) => ALIASES[c].some((a) => l.includes(a)));
}

/** The cargo in the text; weight and volume from standard cartons when not given. */
function cargoOf(t: string): { args: Record<string, unknown>; assumed: boolean } | undefined {
  const origin = originOf(t);
  const cartonsText = t.match(CARTONS)?.[1];
  if (!origin || !cartonsText) return undefined;
  const cartons = Math.min(1000, Math.max(1, num(cartonsText)));
  const w = t.match(WEIGHT);
  const v = t.match(VOLUME);
  const weightKg = w ? num(w[1]!) * (/^t/i.test(w[2]!) ? 1000 : 1) : cartons * STANDARD_CARTON.kg;
  const volumeCbm = v ? num(v[1]!) : Math.round(cartons * STANDARD_CARTON.cbm * 1000) / 1000;
  return { args: { origin, cartons, weightKg, volumeCbm }, assumed: !w || !v };
}

/** "600 MUG-BLUE ceramic mugs HS 6912.00.44 worth $1500" → one goods line; undefined when a part is missing. */
function goodsOf(t: string): Record<string, unknown>[] | undefined {
  const sku = t.match(SKU)?.[1];
  const hsCode = t.match(HS)?.[1];
  const value = t.match(/\$\s?(\d[\d,]*(?:\.\d+)?)/)?.[1];
  const units = t.match(/(\d[\d,]*)\s*(?:units?|pcs|pieces|x)\b/i)?.[1] ?? (sku ? t.match(new RegExp(`(\\d[\\d,]*)\\s+${sku}`))?.[1] : undefined);
  if (!sku || !hsCode || !value || !units) return undefined;
  const description = t.slice(t.indexOf(sku) + sku.length).match(/^\s+([A-Za-z][A-Za-z ]{1,60}?)(?=\s+(?:hs|worth|valued|at|for)\b|[,.;]|$)/i)?.[1]?.trim();
  return [{ sku, description: description || sku, hsCode, units: num(units), valueCents: Math.round(num(value) * 100) }];
}

type Quote = ToolResponse<"quote_freight">;

function quoteAnswer(q: Quote, args: Record<string, unknown>, t: string): string {
  const assumed = !WEIGHT.test(t) || !VOLUME.test(t);
  const head = `Freight from ${q.origin.name}, ${q.origin.country} to the fulfilment center (${String(args.cartons)} cartons, ${Number(args.weightKg).toLocaleString("en-US")} kg, ${String(args.volumeCbm)} m³${assumed ? "; I assumed standard 60×40×40 cm cartons of 15 kg, tell me your weight and volume if they differ" : ""}):`;
  const rows = q.options.map((o, i) => `${i + 1}. ${o.modeName}: ${money(o.priceCents)}, ${o.transitDays} days, arrives about ${shipDateWords(o.arrivalDate)}`);
  const sea = q.options.find((o) => o.mode !== "AIR");
  const seaWords = sea && ({ LCL: "a shared container (LCL)", FCL: "a full container (FCL)" } as Record<string, string>)[sea.mode];
  const wants = /\b(sea|ocean|boat|ship by sea)\b/i.test(t) && sea ? `By sea, the cheapest is ${seaWords ?? inSentence(sea.modeName)} at ${money(sea.priceCents)}. ` : "";
  // The blank line ends the numbered list, so the next sentence is not read as part of its last item.
  return [head, ...rows, "", `${wants}${q.duty.basis}`, 'Say "book the cheapest" (or name a mode) to book it; I\'ll need the goods too: SKU, units, HS code and value.'].join("\n");
}

function pick(t: string, options: Quote["options"]) {
  if (/\b(air|fly|plane)\b/i.test(t)) return options.find((o) => o.mode === "AIR");
  if (/\b(lcl|shared)\b/i.test(t)) return options.find((o) => o.mode === "LCL");
  if (/\b(fcl|full container|whole container)\b/i.test(t)) return options.find((o) => o.mode === "FCL");
  if (/\bfastest|quickest\b/i.test(t)) return [...options].sort((a, b) => a.transitDays - b.transitDays)[0];
  if (/\b(sea|ocean|boat)\b/i.test(t)) return options.find((o) => o.mode !== "AIR");
  const ordinal = t.match(/\b(first|second|third|1st|2nd|3rd)\b/i)?.[1]?.toLowerCase();
  if (ordinal) return options[{ first: 0, "1st": 0, second: 1, "2nd": 1, third: 2, "3rd": 2 }[ordinal] ?? 0];
  return options[0];
}

const lastQuote = (done: Outcome[], history: Outcome[]) => got(done, "quote_freight") ?? got(history, "quote_freight");
const statusWords = (s: keyof typeof FREIGHT_STATUS_WORDS) => FREIGHT_STATUS_WORDS[s].toLowerCase();
const bookingOnScreen = (c: IntentContext) => (c.screen?.entity?.type === "freight_booking" ? c.screen.entity.id : undefined);

export const FREIGHT_INTENTS: Intent[] = [
  {
    name: "book-freight",
    tools: ["book_freight", "quote_freight"],
    examples: ["book the cheapest", "book it by sea", "book the air freight", "ok book the LCL one", "book the second one", "book the fastest", "bok the cheapest freight", "book the cheapest: 600 MUG-BLUE ceramic mugs HS 6912.00.44 worth $1500"],
    applies: (history) => Boolean(got(history, "quote_freight")),
    match: (t) => /\b(book|bok|reserve|go with)\b/i.test(t) && !/\b(inspection|qc|quality|meeting|call)\b/i.test(t),
    step: (t, done, history) => {
      const booked = got(done, "book_freight");
      if (booked) {
        const b = booked.value;
        return { answer: `Booked: ${b.modeName} from ${b.origin.name} to the fulfilment center for ${money(b.priceCents)}, arriving about ${shipDateWords(b.arrivalDate)} (booking ${b.reference}). When it is delivered it becomes a receiving at the center; follow it on the Book freight screen or ask me "where is my freight?".` };
      }
      const quoted = lastQuote(done, history);
      if (!quoted) return { answer: 'Which cargo? Ask me for a quote first, e.g. "how much to ship 20 cartons from Shenzhen by sea?".' };
      const option = pick(t, quoted.value.options);
      if (!option) return { answer: "That mode isn't offered for this cargo; pick one of the quote." };
      const quotedGoods = quoted.args.goods as unknown[] | undefined;
      const goods = goodsOf(t) ?? (quotedGoods?.length ? quotedGoods : undefined);
      if (!goods) return { answer: `To book ${inSentence(option.modeName)} for ${money(option.priceCents)}, tell me what is in the cartons, as they become a receiving at the center: e.g. "book the cheapest: 600 MUG-BLUE ceramic mugs HS 6912.00.44 worth $1500".` };
      const { origin, cartons, weightKg, volumeCbm } = quoted.args;
      return call("book_freight", { origin, cartons, weightKg, volumeCbm, goods, mode: option.mode, expectedPriceCents: option.priceCents });
    },
  },
  {
    name: "quote-freight",
    tools: ["quote_freight"],
    examples: ["how much to ship 20 cartons from Shenzhen by sea?", "freight quote for 40 cartons from Ningbo, 600 kg 4 cbm", "what does air freight cost for 10 cartons from Ho Chi Minh City", "price to ship 200 cartons from Shanghai in a container", "how much to shp 12 cartns from shenzen by sea", "quote sea freight from Istanbul 30 cartons 450 kg 3 cbm", "cost of lcl from hong kong for 15 cartons"],
    match: (t) => FREIGHT_WORD.test(t) && /\b(how much|cost|costs|price|quote|rates?|estimate)\b/i.test(t),
    step: (t, done) => {
      const q = got(done, "quote_freight");
      if (q) return { answer: quoteAnswer(q.value, q.args, t) };
      const cargo = cargoOf(t);
      if (!cargo) return { answer: `From where, and how many cartons? Say e.g. "how much to ship 20 cartons from Shenzhen by sea?". I price freight from ${FREIGHT_ORIGINS.map((o) => o.name).join(", ")}.` };
      const goods = goodsOf(t);
      return call("quote_freight", { ...cargo.args, ...(goods ? { goods } : {}) });
    },
  },
  {
    name: "freight-status",
    tools: ["list_freight_bookings", "get_freight_booking"],
    examples: ["where is my freight?", "where's my shipment from Shenzhen", "freight status", "has my container arrived", "track my freight", "my freight bookings", "wher is my frieght", "where is this freight"],
    match: (t) => /\b(where|status|track|arrived|bookings?)\b/i.test(t) && /\b(freight|frieght|container|shipment from|cargo)\b/i.test(t),
    step: (t, done, _history, context) => {
      const one = got(done, "get_freight_booking");
      if (one) {
        const b = one.value;
        const stages = b.events.map((e) => `- ${FREIGHT_STATUS_WORDS[e.status]}: ${e.message}, ${e.location}`);
        const end = b.receivingSn ? `It is at the center as receiving ${b.receivingSn}.` : `It should arrive about ${shipDateWords(b.arrivalDate)}.`;
        return { answer: [`${b.modeName} from ${b.origin.name}, ${money(b.priceCents)}: ${statusWords(b.status)}.`, ...stages, end].join("\n") };
      }
      const onScreen = bookingOnScreen(context);
      if (onScreen && /\b(this|it)\b/i.test(t)) return call("get_freight_booking", { id: onScreen });
      const listed = got(done, "list_freight_bookings");
      if (!listed) {
        const origin = originOf(t);
        return call("list_freight_bookings", { size: 5, ...(origin ? { search: FREIGHT_ORIGINS.find((o) => o.code === origin)!.name } : {}) });
      }
      if (!listed.value.list.length) return { answer: 'You have no freight booked. Ask me for a quote, e.g. "how much to ship 20 cartons from Shenzhen by sea?".' };
      const rows = listed.value.list.map((b) => `- ${b.origin.name} → ${b.destination.name}, ${b.modeName}, ${money(b.priceCents)}: ${statusWords(b.status)}${b.receivingSn ? `, now receiving ${b.receivingSn}` : `, arrives about ${shipDateWords(b.arrivalDate)}`}`);
      return { answer: [`${listed.value.total} freight booking${listed.value.total === 1 ? "" : "s"}:`, ...rows].join("\n") };
    },
  },
];
