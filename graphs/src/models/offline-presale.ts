import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Outcome, Step } from "./offline-types";
import { call, got, gotAll } from "./offline-steps";
import { parseSku } from "./offline-inventory";
import { parseDate } from "./offline-slots";

// Pre-sale offline: put a product on pre-sale waiting for what is on its way ("put the blue mug on
// pre-sale for 200 units", "presell 50 olive hoodies"), how the pre-sales go ("how many pre-orders
// do I have?"), changing its cap or date ("raise the cap to 200", "push the pre-sale date to
// March 3") and ending one ("stop the pre-sale on it"). A product named in words is found in
// the inventory first, then the soonest receiving or freight booking bringing it; "this pre-sale"
// is the one open on screen, "it" the one just started or listed.

type Presale = ToolResponse<"list_presales">["list"][number];

const PRESALE_WORD = /\b(pre-?\s?sales?|pre-?\s?sell\w*|pre-?\s?orders?|pre-?\s?ord\w*|presal\w*|pre-?\s?sael|sell\b.*\bbefore\b.*\b(arriv|in stock|comes?|lands?))/i;
const START_WORD = /\b(put|start|open|launch|set up|begin|sell|presell|pre-sell|enable|turn on|take|do|run)\b/i;
const END_WORD = /\b(stop|end|close|finish|cancel|turn off|disable|pause|no more|halt)\b/i;

const NOISE = new Set(
  ("put start open launch set up begin sell presell pre sell selling enable turn on take taking do run the a an my our on for of up to max maximum limit at most units unit pieces pcs " +
    "presale presales pre sale sales preorder preorders order orders it in stock please can you could i we want would like with as allow let customers " +
    "ok okay end stop close finish cancel off disable pause no more halt that this these those now them any").split(" "),
);

/** The product's words: "put the blue mug on pre-sale for 200 units" → "blue mug"; "cap 50" and "before it arrives" are not the product. */
export function productWords(text: string): string | undefined {
  const kept = text
    .toLowerCase()
    .split(/\b(?:befor|before|until|till|once|when|as soon)\b/)[0]!
    .replace(/\b(?:cap(?:ped)?|max(?:imum)?|limit(?:ed)?|up to|at most)(?:\s+(?:at|of|to))?\s*\d[\d,]*/g, " ")
    .replace(/pre-?\s?(sale|sell|order)\w*|presal\w*|presa\w*|pre sa\w*/g, " ")
    .split(/[^a-z0-9-]+/)
    .filter((w) => w && !NOISE.has(w) && !/^\d+$/.test(w) && !/^(rcv|af)-/.test(w));
  return kept.length ? kept.map((w) => w.replace(/(?<=[a-z]{3})s$/, "")).join(" ") : undefined;
}

/** A SKU typed in the text, once the pre-sale words (PRE-SALE reads like a SKU) are out of it. */
const skuIn = (text: string) => parseSku(text.replace(/\bpre-?\s?(sale|sell|order)\w*|\bpresal\w*/gi, " "));

/** The cap the text names (not the SKU's or a receiving's digits): "for 200 units", "cap 50", "up to 30". */
export function capOf(text: string, sku?: string): number | undefined {
  const rest = (sku ? text.split(new RegExp(sku.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i")).join(" ") : text).replace(/\b(rcv-?\d+|af-[\w-]+|\d{4}-\d{2}-\d{2})\b/gi, " ");
  const m = rest.match(/(?:^|[\s(])(\d{1,3}(?:,\d{3})+|\d{1,7})(?=\s|$|[.,!?)])/);
  return m ? Number(m[1]!.replace(/,/g, "")) : undefined;
}

function presaleLine(p: Presale): string {
  const state = p.status === "ACTIVE" ? `${p.sold} of ${p.cap} pre-ordered, ${p.left} left` : `ended, ${p.sold} pre-ordered`;
  const waiting = p.waitingOrders ? `; ${p.waitingOrders} order${p.waitingOrders === 1 ? "" : "s"} (${p.waitingUnits} units) waiting` : "; no orders waiting";
  return `${p.title} (${p.sku}): ${state}${waiting} for ${p.source.words}, expected to ship on ${p.expectedShipWords}`;
}

const screenPresale = (context: IntentContext) => (context.screen?.entity?.type === "presale" ? context.screen.entity.id : undefined);
const mentionsThis = (t: string) => /\b(this|that|the) (pre-?\s?sale|one)\b|\bit\b|\bthem\b/i.test(t);

/** The pre-sale a request means: on screen, just started or listed in the conversation, or found by its product's words. */
function findPresale(t: string, done: Outcome[], history: Outcome[], context: IntentContext): { id: string } | Step {
  const onScreen = screenPresale(context);
  const words = productWords(t);
  if (onScreen && (mentionsThis(t) || !words)) return { id: onScreen };
  const found = got(done, "list_presales");
  if (found) {
    const p = found.value.list[0];
    return p ? { id: p.id } : { answer: `I found no pre-sale taking pre-orders${found.args.search ? ` for "${String(found.args.search)}"` : ""}. Ask "how many pre-orders do I have?" to see them all.` };
  }
  if (!words || mentionsThis(t)) {
    const started = got(history, "start_presale");
    if (started) return { id: started.value.id };
    const listed = got(history, "list_presales")?.value.list.filter((p) => p.status === "ACTIVE");
    if (listed?.length === 1) return { id: listed[0]!.id };
  }
  return call("list_presales", { status: "ACTIVE", ...(words ? { search: words } : {}) });
}

const CAP_WORD = /\b(cap|limit|max(imum)?)\b/i;
const DATE_WORD = /\b(date|push|postpone|delay|move|pull|bring|ships?|shipping)\b/i;
const CHANGE_WORD = /\b(raise|rais|rasie|increase|lower|reduce|decrease|drop|bump|up|change|set|make|push|postpone|delay|move|pull|bring|extend)\b/i;

/** The new cap the text names: "raise the cap to 200", "set the limit at 1,000", "cap of 50". */
export function newCapOf(text: string): number | undefined {
  const m = text.match(/\b(?:cap|limit|max(?:imum)?)\b[^\d]{0,40}?(\d{1,3}(?:,\d{3})+|\d{1,7})(?!\s*(?:st|nd|rd|th)\b)/i) ?? text.match(/\b(?:to|at)\s+(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\s+(?:units?|pieces?|pcs))?\s*$/i);
  return m ? Number(m[1]!.replace(/,/g, "")) : undefined;
}

/** The words of an edit that are not the product's ("raise the cap of the blue mug to 200 by May 2" → "the blue mug"). */
const EDIT_NOISE = new RegExp(`${CHANGE_WORD.source}|${CAP_WORD.source}|${DATE_WORD.source}|\\b(and|it|its|units?|jan\\w*|feb\\w*|mar\\w*|apr\\w*|may|jun\\w*|jul\\w*|aug\\w*|sep\\w*|oct\\w*|nov\\w*|dec\\w*)\\b|\\d[\\d,-]*`, "gi");

export const PRESALE_INTENTS: Intent[] = [
  {
    name: "start-presale",
    tools: ["start_presale", "list_incoming_shipments", "list_inventory"],
    examples: [
      "put the blue mug on pre-sale for 200 units",
      "put the olive hoodie on presale for 20 units",
      "presell 50 navy caps before they arrive",
      "start a pre-sale of HOOD-HW-OLV capped at 30",
      "open pre-orders for the cedar candle, max 40",
      "sell the cream crewneck before it arrives, up to 15",
      "put the beanie on pre sael for 10",
      "let customers preorder the charcoal hoodie, 25 units",
    ],
    match: (t) => PRESALE_WORD.test(t) && START_WORD.test(t) && !END_WORD.test(t) && !/\bhow many\b/i.test(t),
    step: (t, done) => {
      const started = got(done, "start_presale");
      if (started) {
        const p = started.value;
        return { answer: `${p.title} (${p.sku}) is on pre-sale: up to ${p.cap} units can be pre-ordered, waiting for ${p.source.words}, expected to ship on ${p.expectedShipWords}. Orders past your stock wait on a pre-sale hold and get the stock first come, first served when it is counted in.` };
      }
      const typed = skuIn(t);
      const cap = capOf(t, typed);
      let sku = typed;
      if (!sku) {
        const words = productWords(t);
        if (!words) return { answer: 'Which product? Say e.g. "put the blue mug on pre-sale for 200 units".' };
        const searches = gotAll(done, "list_inventory");
        if (!searches.length) return call("list_inventory", { search: words, size: 5 });
        // "olive hoodie" for "Heavyweight Hoodie — Olive": the search is by substring, so try the noun and keep the item with every word.
        const noun = words.split(" ").at(-1)!;
        if (!searches.some((f) => f.value.list.length) && noun !== words && searches.length === 1) return call("list_inventory", { search: noun, size: 20 });
        const items = searches.flatMap((f) => f.value.list);
        const item = items.find((i) => words.split(" ").every((w) => `${i.sku} ${i.title}`.toLowerCase().includes(w))) ?? items[0];
        if (!item) return { answer: `I found no product matching "${words}" in your inventory, so nothing is on pre-sale. Tell me its SKU, or add it on the Products screen first.` };
        sku = item.sku;
      }
      if (!cap) return { answer: `How many units of ${sku} may be pre-ordered? Say e.g. "put ${sku} on pre-sale for 200 units".` };
      const incoming = got(done, "list_incoming_shipments");
      if (!incoming) return call("list_incoming_shipments", { sku });
      const named = t.match(/\b(rcv-?\d+)\b/i)?.[1] ?? t.match(/\b(af-[\w-]+)\b/i)?.[1];
      const shipment = (named ? incoming.value.list.find((s) => s.ref.toLowerCase() === named.toLowerCase()) : undefined) ?? incoming.value.list[0];
      if (!shipment) {
        return { answer: `Nothing on its way brings ${incoming.value.title} (${incoming.value.sku}), and a pre-sale waits for a shipment. Announce a receiving on Receivings, or book freight for it, then ask me again.` };
      }
      return call("start_presale", { sku: incoming.value.sku, cap, ...(shipment.kind === "RECEIVING" ? { receivingSn: shipment.ref } : { freightReference: shipment.ref }) });
    },
  },
  {
    name: "list-presales",
    tools: ["list_presales"],
    examples: [
      "how many pre-orders do I have?",
      "how many preorders are waiting",
      "show my pre-sales",
      "whats on presale",
      "how is the pre-sale of the olive hoodie going",
      "list presales",
      "how many pre ordrs did we get",
      "which orders wait for stock on pre-sale",
    ],
    match: (t) => PRESALE_WORD.test(t) && (/\bhow (many|much|is|are|'?s)\b/i.test(t) || /\b(show|list|what'?s|which|my|see)\b/i.test(t)) && !END_WORD.test(t) && !/\b(put|start|open|launch)\b/i.test(t),
    step: (t, done) => {
      const r = got(done, "list_presales");
      if (!r) {
        const words = /\bhow is\b|\bof the\b|\bfor the\b/i.test(t) ? productWords(t.replace(/\b(how is|going|doing)\b/gi, " ")) : undefined;
        return call("list_presales", words ? { search: words } : {});
      }
      const { list, total, waitingOrders, waitingUnits } = r.value;
      if (!list.length) {
        if (r.args.search) return call("list_presales", {});
        return { answer: 'You have no pre-sales. Say "put the blue mug on pre-sale for 200 units" to sell a product before its stock arrives.' };
      }
      const head = `${waitingOrders} pre-order${waitingOrders === 1 ? "" : "s"} (${waitingUnits} units) ${waitingOrders === 1 ? "is" : "are"} waiting for stock over your pre-sales.`;
      if (list.length === 1) return { answer: `${head} ${presaleLine(list[0]!)}.` };
      const rows = list.slice(0, 10).map((p) => `- ${presaleLine(p)}`);
      return { answer: [head, ...rows, total > 10 ? `…and ${total - 10} more on the pre-sale screen.` : ""].filter(Boolean).join("\n") };
    },
  },
  {
    name: "update-presale",
    tools: ["update_presale", "list_presales"],
    examples: [
      "raise the cap to 200",
      "increase the pre-sale limit to 500 units",
      "lower the cap on this pre-sale to 40",
      "push the pre-sale date to March 3",
      "move the ship date of the blue mug presale to 2031-04-01",
      "delay this pre-sale to april 10",
      "rasie the presale cap to 300",
      "change the limit of the olive hoodie pre-sale to 80 and push it to May 2",
    ],
    match: (t) => CHANGE_WORD.test(t) && !END_WORD.test(t) && ((CAP_WORD.test(t) && newCapOf(t) !== undefined) || (DATE_WORD.test(t) && (PRESALE_WORD.test(t) || /\bship(ping)? date\b/i.test(t)) && parseDate(t) !== undefined)),
    step: (t, done, history, context) => {
      const updated = got(done, "update_presale");
      if (updated) return { answer: updated.value.message };
      const cap = CAP_WORD.test(t) ? newCapOf(t) : undefined;
      const date = DATE_WORD.test(t) ? parseDate(t.replace(CAP_WORD, " ").replace(/\b\d{1,3}(?:,\d{3})+\b|\b\d{1,7}\s*(units?|pieces?|pcs)\b/gi, " "), context.now) : undefined;
      if (cap === undefined && !date) return { answer: 'What should change? Say e.g. "raise the cap to 200" or "push the pre-sale date to March 3".' };
      // "this pre-sale" and "it" keep their meaning; the rest of the edit's words are not the product's.
      const which = findPresale(`${mentionsThis(t) ? "this pre-sale " : ""}${t.replace(EDIT_NOISE, " ")}`, done, history, context);
      if (!("id" in which)) return which;
      return call("update_presale", { id: which.id, ...(cap !== undefined ? { cap } : {}), ...(date ? { expectedShipDate: date } : {}) });
    },
  },
  {
    name: "end-presale",
    tools: ["end_presale", "list_presales"],
    examples: [
      "stop the pre-sale on it",
      "end the presale for the olive hoodie",
      "close pre-orders on HOOD-HW-OLV",
      "stop taking preorders for the blue mug",
      "end this pre-sale",
      "no more pre orders for the navy cap",
      "turn off the presael",
    ],
    match: (t) => PRESALE_WORD.test(t) && END_WORD.test(t),
    step: (t, done, history, context) => {
      const ended = got(done, "end_presale");
      if (ended) return { answer: ended.value.message };
      const typed = skuIn(t);
      const which = typed && !got(done, "list_presales") ? call("list_presales", { status: "ACTIVE", search: typed }) : findPresale(t, done, history, context);
      if (!("id" in which)) return which;
      return call("end_presale", { id: which.id });
    },
  },
];
