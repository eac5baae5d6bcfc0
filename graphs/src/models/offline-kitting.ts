import type { ToolResponse } from "@atelier/tools/tool-results";
import { KITTING_FEE_PER_KIT_CENTS } from "@atelier/contracts/kitting";
import type { Intent, IntentContext, Outcome, Step } from "./offline-types";
import { call, got, gotAll, usd } from "./offline-steps";
import { parseSku } from "./offline-inventory";

// Kits and bundles offline: make one from products in stock ("make a gift set of 1 mug and 2
// coasters", "create a bundle called Tea set with a mug and two coasters"), how many can be sold
// ("how many gift sets can I make?", "my bundles"), and assembly ahead at the fulfilment center
// ("assemble 20 gift sets", after an approval naming the fee). Products named in words are found
// in the inventory first; "this kit" is the kit on screen.

type Kit = ToolResponse<"list_kits">["list"][number];

const KIT_WORD = /\b(kits?|bundles?|gift ?(sets?|box(es)?|packs?)|sets?|combos?|hampers?|packs?)\b/i;
const MAKE_WORD = /\b(make|create|creat|set up|build|new|add|define|put together as)\b/i;
const ASSEMBLE_WORD = /\b(assembl\w*|asemble\w*|put together|pre-?kit|kit up|prepare|prep)\b/i;
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };

/** A count as typed: "2", "two", "a"; "2x" too. Undefined for any other word. */
function countOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/x$/, "");
  if (/^\d{1,4}$/.test(w)) return Number(w);
  return NUMBER_WORDS[word.toLowerCase()];
}
/** "coasters" → "coaster", "glasses" → "glass". */
const singular = (w: string) => (/ss$/i.test(w) ? w : /sses$/i.test(w) ? w.slice(0, -2) : w.length > 3 && /s$/i.test(w) ? w.slice(0, -1) : w);
const words = (text: string) => text.split(/\s+/).filter(Boolean);
/** The text after the first match of `at`, up to the first match of `until` (each found once, no backtracking). */
function between(text: string, at: RegExp, until?: RegExp): string | undefined {
  const start = at.exec(text);
  if (!start) return undefined;
  const rest = text.slice(start.index + start[0].length);
  const end = until?.exec(rest);
  return (end ? rest.slice(0, end.index) : rest).trim();
}

export type ComponentAsk = { quantity: number; sku?: string; word?: string };

const LIST_START = /\b(?:of|with|containing|contains|from)\b|:/i;

/** The kit's contents: "1 mug and 2 coasters", "2x COASTER-CRK, MUG-01". */
export function parseComponents(text: string): ComponentAsk[] {
  const list = between(text, LIST_START);
  if (!list) return [];
  return list
    .split(/,|\band\b|\bplus\b|\+|&/i)
    .map((piece) => piece.trim().replace(/[.?!]+$/, ""))
    .filter(Boolean)
    .flatMap((piece): ComponentAsk[] => {
      const tokens = words(piece);
      const quantity = countOf(tokens[0] ?? "");
      const rest = tokens.slice(quantity === undefined ? 0 : 1).filter((t, i) => !(i === 0 && /^(x|×)$/i.test(t)));
      const sku = parseSku(rest.join(" "));
      if (sku) return [{ quantity: quantity ?? 1, sku }];
      const word = rest.filter((t) => !/^(units?|pieces?|pcs|of|the|my)$/i.test(t)).map((t) => singular(t.toLowerCase())).join(" ");
      return word ? [{ quantity: quantity ?? 1, word }] : [];
    });
}

const NAME_END = /\b(?:with|of|containing|made)\b|[:,]/i;
const ARTICLES = /^(a|an|the|new|me|kit|bundle)$/i;

/** The kit's name: "called Tea set", else the words between the verb and "of/with" ("a gift set" → "Gift set"). */
export function parseKitName(text: string): string | undefined {
  const raw = between(text, /\b(?:called|named)\b/i, NAME_END) ?? between(text, /\b(?:make|create|creat|set up|build|define|add)\b/i, NAME_END);
  if (raw === undefined) return undefined;
  const tokens = words(raw.replace(/["“”]/g, ""));
  while (tokens.length > 1 && ARTICLES.test(tokens[0]!)) tokens.shift();
  const name = tokens.join(" ");
  if (!name || /^(a|an|the)$/i.test(name)) return undefined;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A SKU made from a name: "Gift set" → GIFT-SET. */
const skuFromName = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "KIT";

const SEARCH_NOISE = /^(kits?|bundles?|bundels?|of|the|my|more|them|it|these|those|this|that|ones?|i|we|ahead|please|now)$/i;

/** What kind of kit the user asks about: "how many gift sets can I make" → "gift set". */
function kitSearch(text: string): string | undefined {
  const raw = between(text, /\bhow many\b/i, /\b(?:can|could|do|does|are|is)\b/i) ?? between(text, ASSEMBLE_WORD, /\b(?:ahead|in advance|at|for|into|now|please)\b|[.?!]/i);
  if (!raw) return undefined;
  const kept = words(raw).filter((t) => countOf(t) === undefined && !SEARCH_NOISE.test(t)).map((t) => singular(t.toLowerCase()));
  return kept.length ? kept.join(" ") : undefined;
}

function kitLine(k: Kit): string {
  const parts = k.components.map((c) => `${c.quantity} × ${c.sku}`).join(" + ");
  const limit = k.limitedBy ? `; ${k.limitedBy} runs out first` : "";
  const ahead = k.assembled ? `${k.assembled} assembled and ${k.makeable} more from stock` : `all from the components in stock`;
  return `${k.title} (${k.sku}, ${parts}): ${k.available} can be sold now — ${ahead}${limit}`;
}

const screenKit = (context: IntentContext) => (context.screen?.entity?.type === "kit" ? context.screen.entity.id : undefined);
const mentionsThis = (t: string) => /\b(this|that|the) (kit|bundle|set|one)\b|\bit\b/i.test(t);

/** The kit "this kit", a listed one or a search found: its SKU, or the step to find it. */
function findKit(t: string, done: Outcome[], history: Outcome[], context: IntentContext): { sku: string } | Step {
  const onScreen = screenKit(context);
  if (onScreen && (mentionsThis(t) || !kitSearch(t))) return { sku: onScreen };
  const search = kitSearch(t);
  const found = got(done, "list_kits");
  if (found) {
    const kit = found.value.list[0];
    return kit ? { sku: kit.sku } : { answer: `I found no kit called "${String(found.args.search ?? search)}". Say "make a gift set of 1 mug and 2 coasters" to create one.` };
  }
  const earlier = got(history, "list_kits")?.value.list;
  if (earlier?.length === 1 && (!search || mentionsThis(t))) return { sku: earlier[0]!.sku };
  return call("list_kits", search ? { search } : {});
}

export const KITTING_INTENTS: Intent[] = [
  {
    name: "create-kit",
    tools: ["create_kit", "list_inventory"],
    examples: [
      "make a gift set of 1 mug and 2 coasters",
      "create a bundle called Tea set with a mug and two coasters",
      "new kit GIFT-BOX with 2x CANDLE-01 and 1 MATCH-BOX",
      "set up a gift box containing 1 candle, 1 soap and 2 towels",
      "creat a bundel of 3 socks",
      "make a kit: 1 TEE-BLK-M + 1 CAP-RED",
      "bundle 2 coasters with a mug as a gift set",
    ],
    match: (t) => MAKE_WORD.test(t) && KIT_WORD.test(t) && !/\b(business|brand|order)\b/i.test(t) && parseComponents(t).length > 0,
    step: (t, done) => {
      const created = got(done, "create_kit");
      if (created) {
        const k = created.value;
        return { answer: `Made the kit ${k.title} (${k.sku}): ${k.components.map((c) => `${c.quantity} × ${c.title}`).join(" and ")}. You can sell ${k.available} now${k.limitedBy ? `; ${k.limitedBy} runs out first` : ""}. Orders for it reserve its components; ask me to assemble some ahead at the fulfilment center if you like.` };
      }
      const asks = parseComponents(t);
      if (!asks.length) return { answer: 'What goes into the kit? Say e.g. "make a gift set of 1 mug and 2 coasters".' };
      const searches = gotAll(done, "list_inventory");
      const components: { sku: string; quantity: number }[] = [];
      for (const ask of asks) {
        if (ask.sku) {
          components.push({ sku: ask.sku, quantity: ask.quantity });
          continue;
        }
        const found = searches.find((s) => s.args.search === ask.word);
        if (!found) return call("list_inventory", { search: ask.word, size: 5 });
        // A SKU named after the word (MUG-STONE for "mug") first: a kit's title may name its components too.
        const item = found.value.list.find((i) => i.sku.toLowerCase().includes(ask.word!)) ?? found.value.list.find((i) => i.title.toLowerCase().startsWith(ask.word!)) ?? found.value.list[0];
        if (!item) return { answer: `I found no product matching "${ask.word}" in your inventory, so I made no kit. Add it to the inventory first, or tell me its SKU.` };
        components.push({ sku: item.sku, quantity: ask.quantity });
      }
      const named = parseSku(t.split(LIST_START)[0] ?? "");
      // "new kit GIFT-BOX with …" names the SKU; its words make the name.
      const name = parseKitName(t.replace(named ?? "\u0000", "")) ?? (named ? named.charAt(0) + named.slice(1).toLowerCase().replace(/[-_.]/g, " ") : "Kit");
      const sku = named ?? skuFromName(name);
      return call("create_kit", { sku, title: name, components });
    },
  },
  {
    name: "list-kits",
    tools: ["list_kits"],
    examples: [
      "how many gift sets can I make?",
      "how many gift sets can i sell",
      "how many kits can we put together",
      "show my bundles",
      "list my kits",
      "what's in the gift set",
      "how many bundels can i make",
      "which component limits my gift sets",
    ],
    match: (t) => (/\bhow many\b.*\bcan (i|we)\s+(make|assemble|build|put together|sell|ship)\b/i.test(t) || /\b(my|list|show|all)\b.*\b(kits|bundles?|bundels)\b/i.test(t) || /\bwhat'?s in the\b/i.test(t) && KIT_WORD.test(t)) && !ASSEMBLE_WORD.test(t.replace(/how many.*can (i|we)\s+assemble/i, "")) && !/\b(business|brand)\b/i.test(t),
    step: (t, done, _history, context) => {
      const r = got(done, "list_kits");
      if (!r) {
        const onScreen = screenKit(context);
        if (onScreen && mentionsThis(t)) return call("list_kits", { search: onScreen });
        const search = /\b(my|list|show|all)\b.*\b(kits|bundles)\b/i.test(t) ? undefined : kitSearch(t);
        return call("list_kits", search ? { search } : {});
      }
      if (!r.value.list.length) {
        if (r.args.search) return call("list_kits", {});
        return { answer: 'You have no kits yet. Say "make a gift set of 1 mug and 2 coasters" to create one.' };
      }
      const missed = r.args.search === undefined && kitSearch(t) ? `I found no kit called "${kitSearch(t)}"; ` : "";
      if (r.value.list.length === 1) return { answer: `${missed}${kitLine(r.value.list[0]!)}.` };
      const rows = r.value.list.slice(0, 10).map((k) => `- ${kitLine(k)}`);
      return { answer: [`${missed}Your kits (${r.value.total}):`, ...rows, r.value.total > 10 ? `…and ${r.value.total - 10} more on the kitting screen.` : ""].filter(Boolean).join("\n") };
    },
  },
  {
    name: "assemble-kits",
    tools: ["assemble_kits", "list_kits"],
    examples: [
      "assemble 20 gift sets",
      "have the warehouse put together 50 gift sets ahead",
      "asemble 10 of this kit",
      "prepare 30 bundles at the fulfilment center",
      "kit up 12 tea sets in advance",
      "assemble 5 more",
    ],
    match: (t) => ASSEMBLE_WORD.test(t) && /\d/.test(t) && !/\bhow many\b/i.test(t),
    step: (t, done, history, context) => {
      const asked = got(done, "assemble_kits");
      if (asked) {
        const k = asked.value;
        const order = k.workOrders[0];
        const n = order?.kits ?? Number(asked.args.kits);
        const state = order?.status === "ASSEMBLED" ? "has assembled them" : "is assembling them now";
        return { answer: `Done: the fulfilment center ${state} — ${n} ${k.title} kits into bin ${order?.bin ?? asked.args.bin ?? "A-01"}, for a kitting fee of ${usd(order?.feeCents ?? n * KITTING_FEE_PER_KIT_CENTS)}. Their components are held for them, and you can sell ${k.available} ${k.title} kits now.` };
      }
      const kits = Number(t.match(/\b(\d{1,5})\b/)?.[1] ?? 0);
      if (!kits) return { answer: 'How many kits? Say e.g. "assemble 20 gift sets".' };
      const kit = findKit(t, done, history, context);
      if (!("sku" in kit)) return kit;
      return call("assemble_kits", { sku: kit.sku, kits, expectedFeeCents: kits * KITTING_FEE_PER_KIT_CENTS });
    },
  },
];
