import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, Step } from "./offline-types";
import { call, got } from "./offline-steps";

type Level = ToolResponse<"list_inventory">["list"][number];

// The store's stock offline (the Products screen): what is low or out of stock, how many of a SKU
// there are and where, and adjustments with a reason ("we lost 3 CAP-RED", "found 4 TEE-BLK-M in
// B-02"). Tolerant of the usual typos ("stok", "invetory", "runing low").

const STOCK_WORD = /\b(stocks?|stok|stcok|inventory|inventroy|invetory|inventry|on hand|in the warehouse|units?|bins?)\b/i;
const LOW_WORD = /\b(low|running low|runing low|run(ning)? out|almost out|restock|reorder)\b/i;
const OUT_WORD = /\b(out of (stock|stok)|sold out|none left|no stock)\b/i;
/** A SKU as people type it: letters and digits joined by dashes (TEE-BLK-M, CAP-RED, SKU123). */
const SKU_TEXT = /\b([A-Za-z][A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+|[A-Z]{2,}\d[A-Z0-9]*)\b/;
/** Hyphenated words that are not SKUs. */
const NOT_SKUS = new Set(["E-MAIL", "RE-ORDER", "FOLLOW-UP", "UN-HOLD", "ON-HOLD", "T-SHIRT", "RE-STOCK", "IN-STOCK"]);
const BIN_TEXT = /\b(?:bin|shelf|location)\s+([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)\b/i;

/** Adjustment verbs: the sign they give and the reason they mean. */
const ADJUST_VERBS: { re: RegExp; sign: 1 | -1; reason: string }[] = [
  { re: /\b(damaged|broken|torn|ruined)\b/i, sign: -1, reason: "DAMAGED" },
  { re: /\b(lost|missing|stolen)\b/i, sign: -1, reason: "LOST" },
  { re: /\b(found|discovered)\b/i, sign: 1, reason: "FOUND" },
  { re: /\b(received|got in|arrived|delivered)\b/i, sign: 1, reason: "RECEIVED" },
  { re: /\b(remove|removed|take out|subtract|minus|deduct|write off)\b/i, sign: -1, reason: "COUNT_CORRECTION" },
  { re: /\b(add|added|put in|plus)\b/i, sign: 1, reason: "COUNT_CORRECTION" },
];
const COUNTED = /\b(count(ed)?|recount(ed)?|actually (have|there are))\b/i;

/** The SKU the text names, upper-cased, or undefined. */
export function parseSku(text: string): string | undefined {
  const m = text.replace(/#\s?\d+/g, " ").match(SKU_TEXT);
  const sku = m?.[1]?.toUpperCase();
  return sku && !NOT_SKUS.has(sku) ? sku : undefined;
}

/** The units the text names (not the SKU's or the bin's digits), and whether a sign was typed. */
function parseUnits(text: string, sku: string): { n: number; signed: boolean } | undefined {
  const rest = text.split(new RegExp(sku.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i")).join(" ").replace(BIN_TEXT, " ");
  const m = rest.match(/(?:^|\s)([+-]?\d{1,7})(?=\s|$|[.,!?])/);
  return m ? { n: Number(m[1]), signed: /^[+-]/.test(m[1]!) } : undefined;
}

const STOP = new Set(["how", "many", "much", "do", "i", "we", "have", "got", "what", "whats", "what's", "is", "are", "there", "show", "my", "the", "in", "of", "stock", "stok", "inventory", "invetory", "unit", "units", "left", "on", "hand", "for", "me", "any"]);

/** One word to search products by ("how many black tees do I have" → "tee"). */
function searchWord(text: string): string | undefined {
  const words = text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2 && !STOP.has(w));
  return words.at(-1)?.replace(/(?<=[a-z]{3})s$/, "");
}

function levelLine(i: Level): string {
  const bins = i.bins.map((b) => `${b.bin}: ${b.available} available of ${b.onHand}`).join("; ");
  const state = i.stock === "OUT_OF_STOCK" ? "out of stock" : i.lowStock ? "low stock" : "in stock";
  return `${i.sku} (${i.title}) — ${i.available} available, ${i.reserved} reserved by open orders, ${i.onHand} on hand; ${state}${bins ? ` (${bins})` : ""}`;
}

function listAnswer(r: ToolResponse<"list_inventory">, filter: string): string {
  const what = filter === "LOW_STOCK" ? "low on stock" : filter === "OUT_OF_STOCK" ? "out of stock" : "in your inventory";
  if (!r.list.length) return filter === "ALL" ? "No product matches that in your inventory." : `Nothing is ${what} right now.`;
  const rows = r.list.slice(0, 10).map((i) => `- ${levelLine(i)}`);
  const more = r.total > 10 ? `…and ${r.total - 10} more on the Products screen.` : "";
  return [`${r.total} product${r.total === 1 ? " is" : "s are"} ${what}:`, ...rows, more].filter(Boolean).join("\n");
}

const needSku = (verb: string): Step => ({ answer: `Which SKU should I ${verb}? Say e.g. "${verb === "adjust" ? "we lost 2 TEE-BLK-M" : "how many TEE-BLK-M do I have"}".` });

export const INVENTORY_INTENTS: Intent[] = [
  {
    name: "adjust-inventory",
    tools: ["adjust_inventory"],
    match: (t) => Boolean(parseSku(t)) && (ADJUST_VERBS.some((v) => v.re.test(t)) || COUNTED.test(t)) && /\d/.test(t.replace(SKU_TEXT, "")) && !/\b(order|ordr)\b/i.test(t),
    step: (t, done) => {
      const adjusted = got(done, "adjust_inventory");
      if (adjusted) {
        const i = adjusted.value;
        const n = Number(adjusted.args.change);
        return { answer: `Done: ${n > 0 ? `added ${n}` : `removed ${-n}`} ${i.sku} in ${adjusted.args.bin ?? "A-01"}. ${i.available} available now (${i.onHand} on hand, ${i.reserved} reserved).` };
      }
      const sku = parseSku(t);
      if (!sku) return needSku("adjust");
      const units = parseUnits(t, sku);
      if (!units || units.n === 0) return { answer: `How many units of ${sku}? Say e.g. "remove 2 ${sku}, damaged".` };
      const verb = ADJUST_VERBS.find((v) => v.re.test(t));
      const change = units.signed || !verb ? units.n : verb.sign * Math.abs(units.n);
      const bin = t.match(BIN_TEXT)?.[1]?.toUpperCase();
      return call("adjust_inventory", { sku, change, reason: verb?.reason ?? "COUNT_CORRECTION", ...(bin ? { bin } : {}) });
    },
  },
  {
    name: "low-stock",
    tools: ["list_inventory"],
    match: (t) => (LOW_WORD.test(t) && STOCK_WORD.test(t)) || OUT_WORD.test(t) || /\bwhat (should|do) i (re)?order\b/i.test(t),
    step: (t, done) => {
      const r = got(done, "list_inventory");
      const filter = OUT_WORD.test(t) ? "OUT_OF_STOCK" : "LOW_STOCK";
      return r ? { answer: listAnswer(r.value, String(r.args.filter ?? filter)) } : call("list_inventory", { filter, sort: "available", size: 10 });
    },
  },
  {
    name: "stock-of-sku",
    tools: ["get_inventory_item", "list_inventory"],
    // "suppliers for yoga mats that can do under 100 units" counts a supplier's minimum, not stock.
    match: (t) => (STOCK_WORD.test(t) && !/\b(suppliers?|factor(y|ies)|manufacturers?|makers?|vendors?)\b/i.test(t)) || (/\bhow many\b/i.test(t) && Boolean(parseSku(t))),
    step: (t, done) => {
      const item = got(done, "get_inventory_item");
      if (item) {
        const i = item.value;
        const recent = i.movements.slice(0, 3).map((m) => `- ${m.kind.toLowerCase()}${m.reason ? ` (${String(m.reason).toLowerCase().replace("_", " ")})` : ""}: ${m.onHandChange || m.reservedChange} in ${m.bin}${m.orderNumber ? `, order #${m.orderNumber}` : ""}`);
        return { answer: [levelLine(i), recent.length ? "Latest changes:" : "", ...recent].filter(Boolean).join("\n") };
      }
      const listed = got(done, "list_inventory");
      if (listed) return { answer: listAnswer(listed.value, "ALL") };
      const sku = parseSku(t);
      if (sku) return call("get_inventory_item", { sku });
      const word = searchWord(t);
      return call("list_inventory", { ...(word ? { search: word } : {}), size: 10 });
    },
  },
];
