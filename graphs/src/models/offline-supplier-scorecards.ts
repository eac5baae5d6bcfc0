import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Outcome } from "./offline-types";
import { call, got } from "./offline-steps";
import { parseOrdinal, referredEntity } from "./offline-references";

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
