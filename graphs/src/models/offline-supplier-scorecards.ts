import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Outcome } from "./offline-types";
import { call, got, gotAll } from "./offline-steps";
import { parseFirstN, parseOrdinal, referredEntity } from "./offline-references";

// Supplier scorecards: "how reliable is this supplier?", "does Lombardi Fashion ship on time",
// "which of my suppliers ships late?", "rank my suppliers", "and the second one?" after a list.

type Card = ToolResponse<"get_supplier_scorecard">;
type Figure = Card["onTime"];

const RELIABLE = /\b(reli\w*|relai\w*|realiab\w*|dependabl\w*|trust(worthy)?|on[- ]?tim\w*|late|track record|scorecards?|score ?cards?|deliver\w* (record|performance))\b/i;
const RANKING = /\b(which|who|rank\w*|my (most|least|best|worst)|most|least|worst|best|list|all (of )?my|compare)\b/i;

const pct = (f: Figure) => (f.rate === null ? "" : `${Math.round(f.rate * 100)} %: `);
const line = (label: string, f: Figure) => `- ${label}: ${pct(f)}${f.words}`;

/** A scorecard in sentences: every figure with the counts behind it. */
export function scorecardAnswer(c: Card): string {
  if (!c.hasDealings) return c.summary;
  return [
    c.summary,
    line("On time", c.onTime),
    `  (${c.onTimeReceivings.words.toLowerCase()}; ${c.onTimePurchases.words.toLowerCase()})`,
    line("Units arrived sound", c.accuracy),
    line("Damaged on arrival", c.damage),
    line("Quality checks passed", c.qcPass),
    line("Defects found", c.defects),
    `- First reply in your inbox: ${c.replyTime.words}`,
  ].join("\n");
}

const scoreWords = (c: Card) => (c.reliability === null ? "not enough data yet" : `${c.reliability} out of 100`);

/** The supplier "this"/"the second one"/a name points at: screen, last list, last search, or the words. */
function target(t: string, history: Outcome[], context: IntentContext): { supplierId: string } | { card: Card } | { search: string } | undefined {
  const listed = got(history, "list_supplier_scorecards");
  const position = parseOrdinal(t);
  if (listed && position !== undefined) {
    const card = position === -1 ? listed.value.list.at(-1) : listed.value.list[position - 1];
    if (card) return card.supplierId ? { supplierId: card.supplierId } : { card };
  }
  const pointed = referredEntity(t, history);
  if (pointed?.kind === "SUPPLIER") return { supplierId: pointed.id };
  if (pointed?.supplierId) return { supplierId: pointed.supplierId };
  const named = t.match(/\b(?:is|are|was|does|did|has|of|for|from|about)\s+([A-Z][\w&.'-]*(?:\s+[A-Z&][\w&.'-]*)*)/)?.[1];
  if (named && !/^(this|that|they|the|my|our|it)$/i.test(named)) return { search: named };
  const screen = context.screen?.entity?.type === "supplier" ? context.screen.entity.id : undefined;
  if (screen) return { supplierId: screen };
  return undefined;
}

export const SUPPLIER_SCORECARD_INTENTS: Intent[] = [
  {
    name: "rank-supplier-scorecards",
    tools: ["list_supplier_scorecards"],
    examples: ["which of my suppliers ships late?", "which suppliers deliver late", "rank my suppliers by reliability", "who is my most reliable supplier", "my least reliable suppliers", "whcih supplier is always late", "show my supplier scorecards", "compare my suppliers on time delivery", "which factory is the most relaible"],
    match: (t) => RELIABLE.test(t) && RANKING.test(t) && /\b(suppliers?|supliers?|factor(y|ies)|vendors?|makers?)\b/i.test(t) && !/\b(this|that)\s+(supplier|factory|vendor)\b/i.test(t),
    step: (t, done) => {
      const r = got(done, "list_supplier_scorecards");
      if (!r) {
        if (/\blate\b|\bdelay/i.test(t)) return call("list_supplier_scorecards", { sort: "MOST_LATE", lateOnly: "true", size: 10 });
        return call("list_supplier_scorecards", { sort: /\b(least|worst|un\w*reliable)\b/i.test(t) ? "LEAST_RELIABLE" : "MOST_RELIABLE", size: 10 });
      }
      const late = r.args.lateOnly === "true";
      if (!r.value.list.length) return { answer: late ? "None of your suppliers has delivered late on your records." : "You have no suppliers on record yet: scorecards come from your purchases and receivings." };
      const lateWords = (c: Card) => `${c.onTime.total - c.onTime.good} of ${c.onTime.total} ${c.onTime.total === 1 ? "delivery" : "deliveries"} late`;
      const rows = r.value.list.map((c, i) => `${i + 1}. ${c.name}: ${late ? lateWords(c) : `${scoreWords(c)} (${c.onTime.words.toLowerCase()})`}`);
      const head = late ? `${r.value.total} of your suppliers delivered late at least once, most often first:` : `Your suppliers by reliability, from your own records (${r.value.total}):`;
      return { answer: [head, ...rows, 'Ask "how reliable is the first one?" for the full scorecard.'].join("\n") };
    },
  },
  {
    name: "get-supplier-scorecard",
    tools: ["get_supplier_scorecard", "list_supplier_scorecards"],
    examples: ["how reliable is this supplier?", "is this supplier reliable", "does this factory ship on time", "how relaible are they", "what's their on-time rate", "how reliable is the second one", "scorecard of this supplier", "has this supplier delivered late before", "how did they do on quality checks and damage"],
    match: (t) => RELIABLE.test(t) && !(RANKING.test(t) && /\b(suppliers|factories|vendors)\b/i.test(t)),
    step: (t, done, history, context) => {
      const one = got(done, "get_supplier_scorecard");
      if (one) return { answer: scorecardAnswer(one.value) };
      const found = got(done, "list_supplier_scorecards");
      if (found) {
        const card = found.value.list[0];
        if (!card) return { answer: `I found no supplier named "${String(found.args.search)}" among the ones you bought from or received from.` };
        return card.supplierId ? call("get_supplier_scorecard", { supplierId: card.supplierId }) : { answer: scorecardAnswer(card) };
      }
      const aim = target(t, [...history, ...done], context);
      if (!aim) return { answer: 'Which supplier? Open its page and ask "how reliable is this supplier?", or say its name.' };
      if ("card" in aim) return { answer: scorecardAnswer(aim.card) };
      if ("search" in aim) return call("list_supplier_scorecards", { search: aim.search, size: 1 });
      return call("get_supplier_scorecard", { supplierId: aim.supplierId });
    },
  },
];

// The sourcing agents weigh suppliers on the store's own record (issue 17): "compare the first
// two", "which of these should I pick?", "Conti Kids or Lombardi Fashion?" reads each one's
// scorecard and cites it in words, and says plainly when the store has too little history.

const COMPARE = /\b(compare|comparison|versus|vs\.?|which (one|of (these|them|those|the two|the three))|which should (i|we)|who should (i|we)|recommend\w*|better (one|choice|option|pick)|best (one|choice|option|pick)|should (i|we) (go with|pick|choose|use|order from)|go with|pick between|choose between)\b/i;
const POINTED = /\b(these|those|them|both|the (two|three|four|five)|first|second|third|fourth|fifth|last|top)\b/i;

/** "Conti Kids and Lombardi Fashion", "Conti Kids or Lombardi Fashion": the supplier names a comparison gives. */
export function comparedNames(t: string): string[] {
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- reads at most OFFLINE_TEXT_LIMIT (2,000) characters of a message
  const tail = t.match(/\b(?:compare|between|with|versus|vs\.?|pick|choose|recommend)\s+(.+)$/i)?.[1] ?? "";
  return tail
    .replace(/[?.!]+$/, "")
    .split(/\s*(?:,|\band\b|\bor\b|\bvs\.?|\bversus\b|\bwith\b|\bto\b)\s*/i)
    .map((n) => n.replace(/^(the|a|an)\s+/i, "").trim())
    .filter((n) => /^[A-Z][\w&.'-]*(\s+[A-Z&][\w&.'-]*)*$/.test(n) && !/^(I|It|They|Them|These|Those)$/.test(n))
    .slice(0, 5);
}

/** The in-network matches a comparison points at: "the first two", "the second and third", "these" (the first three). */
function pointedMatches(t: string, ids: string[]): string[] {
  const many = parseFirstN(t);
  if (many) return ids.slice(0, many);
  const words = [...t.matchAll(/\b(first|second|third|fourth|fifth|last)\b/gi)].map((m) => parseOrdinal(m[1]!)!);
  const chosen = [...new Set(words.map((p) => (p === -1 ? ids.at(-1) : ids[p - 1])).filter((id): id is string => Boolean(id)))];
  return chosen.length > 1 ? chosen : ids.slice(0, 3);
}

/** One supplier's record in a sentence: the summary, the defects found and the first reply; honest when there is too little. */
export function recordCitation(c: Card): string {
  if (!c.hasDealings) return `${c.name}: not enough data yet, you have never bought from or received from them.`;
  if (c.reliability === null) return `${c.name}: not enough data yet to score (${c.onTime.words.toLowerCase()}).`;
  const defects = c.defects.rate === null ? "" : ` Defects: ${c.defects.words.toLowerCase()}.`;
  const reply = c.replyTime.medianMinutes === null ? "" : ` ${c.replyTime.words}.`;
  return `${c.summary}${defects}${reply}`;
}

/** The comparison in words: each record cited, then the one the store's history favours, if any. */
export function comparisonAnswer(cards: Card[], unknown: string[]): string {
  const scored = cards.filter((c) => c.reliability !== null).sort((a, b) => b.reliability! - a.reliability!);
  const verdict = scored.length >= 2 && scored[0]!.reliability! > scored[1]!.reliability!
    ? `On your own records, ${scored[0]!.name} has been the more reliable (${scored[0]!.reliability} against ${scored[1]!.reliability} out of 100).`
    : scored.length === 1 && cards.length > 1
      ? `Only ${scored[0]!.name} has enough history with you to score; for the others weigh MOQ, price and lead time, or order a sample first.`
      : scored.length === 0
        ? "None of them has enough history with you yet to tell them apart on your records: weigh MOQ, price and lead time, or order a sample first."
        : `On your own records they are level at ${scored[0]!.reliability} out of 100.`;
  return [
    "From your store's own record with each:",
    ...cards.map((c) => `- ${recordCitation(c)}`),
    ...unknown.map((n) => `- ${n}: not enough data yet, I found no purchase or receiving from a supplier by that name.`),
    verdict,
  ].join("\n");
}

export const SUPPLIER_COMPARISON_INTENTS: Intent[] = [
  {
    name: "compare-supplier-records",
    tools: ["get_supplier_scorecard", "list_supplier_scorecards"],
    examples: ["compare the first two", "which of these should I pick?", "which one would you recommend", "compare Conti Kids and Lombardi Fashion", "should I go with Conti Kids or Lombardi Fashion?", "which of them is the better choice", "compair the first three factories", "who should I order from, the first or the second one"],
    match: (t) => COMPARE.test(t) && (POINTED.test(t) || comparedNames(t).length >= 2) && !/\b(my|all) (suppliers|factories|vendors)\b/i.test(t),
    step: (t, done, history) => {
      const cards = gotAll(done, "get_supplier_scorecard").map((r) => r.value);
      const searched = gotAll(done, "list_supplier_scorecards");
      if (cards.length || searched.length) {
        const found = [...cards, ...searched.flatMap((r) => r.value.list.slice(0, 1))];
        const unknown = searched.filter((r) => !r.value.list.length).map((r) => String(r.args.search));
        return { answer: comparisonAnswer(found, unknown) };
      }
      const names = comparedNames(t);
      if (names.length >= 2) return { calls: names.map((search) => ({ name: "list_supplier_scorecards", args: { search, size: 1 } })) };
      const match = got(history, "match_factories");
      const ids = match?.value.inNetworkIds ?? [];
      if (!ids.length) return { answer: 'Which suppliers should I compare? Name them ("compare Conti Kids and Lombardi Fashion"), or ask me to find factories first.' };
      return { calls: pointedMatches(t, ids).map((supplierId) => ({ name: "get_supplier_scorecard", args: { supplierId } })) };
    },
  },
];
