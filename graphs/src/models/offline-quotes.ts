import { sentenceFor } from "@atelier/contracts/error-sentences";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Outcome, Step } from "./offline-types";
import { call, got, last, usd } from "./offline-steps";

type Quote = ToolResponse<"list_quotes">["list"][number];
type Comparison = ToolResponse<"compare_quotes">;

// Quotes from suppliers offline: list them, compare those of one project with landed cost, accept
// one ("the cheapest", "Jiale's", "the second one") and counter at a price. Accepting and
// countering ask the user's approval, which names the supplier, unit price, quantity and total.

const QUOTE_WORD = /\b(quotes?|qoutes?|quots?|qutoes?|quotations?|offers?|bids?)\b/i;
const COMPARE_WORD = /\b(compare|compair|comapre|comparison|side by side|which (one )?is (the )?cheapest|best (price|deal|offer))\b/i;
const ACCEPT_WORD = /\b(accept|accpet|acept|take|go with|approve)\b/i;
const COUNTER_WORD = /\b(counter|countre|conter|offer (them|him|her)|propose|negotiate|ask for)\b/i;
const EACH_PROJECT_WORD = /\b(each|every|all|per|by|grouped by) (my )?(tech ?packs?|projects?|custom projects?)\b|\b(every|each) project'?s\b/i;
const ORDINALS: Record<string, number> = { first: 0, "1st": 0, second: 1, "2nd": 1, third: 2, "3rd": 2, fourth: 3, last: -1 };

const sing = (w: string) => w.toLowerCase().replace(/(es|s)$/, "");
const STOP = new Set(["the", "my", "for", "quote", "quot", "compare", "all", "of", "from", "a", "an", "and", "them", "received", "i", "got", "me", "show", "pleas", "please", "what", "which"]);

/** The product words a request names ("compare the quotes for my tote bags" → tote, bag). */
function productWords(text: string): string[] {
  const at = text.toLowerCase().search(/\b(for|on)\b/);
  if (at < 0) return [];
  return text.slice(at).toLowerCase().match(/[a-z]+/g)!.map(sing).filter((w) => w.length > 2 && !STOP.has(w));
}

/** A price in the text: "$3.80", "3.8 a unit", "at 4" → cents. */
export function parsePrice(text: string): number | undefined {
  const m = /(?:\$\s*(\d+(?:\.\d{1,2})?))|(?:\b(?:at|to|for|of|offer(?: them)?)\s+(\d+(?:\.\d{1,2})?)\b)/i.exec(text);
  const n = Number(m?.[1] ?? m?.[2]);
  return m && Number.isFinite(n) && n > 0 ? Math.round(n * 100) : undefined;
}

/** Words in company names that name no one in particular. */
const GENERIC_NAME_WORDS = new Set(["trading", "company", "limited", "group", "industrial", "industry", "manufacturing", "factory", "international", "china", "products", "green", "pack"]);

/** The supplier a request names, among those quoting. */
function namedSupplier<T extends { supplierName: string }>(text: string, rows: T[]): T | undefined {
  const lower = text.toLowerCase();
  const words = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 3 && !GENERIC_NAME_WORDS.has(w));
  return rows.find((r) => lower.includes(r.supplierName.toLowerCase())) ?? rows.find((r) => words(r.supplierName).some((w) => new RegExp(`\\b${w}('s)?\\b`).test(lower)));
}

function ordinal(text: string): number | undefined {
  const m = /\b(first|1st|second|2nd|third|3rd|fourth|last)\b/i.exec(text);
  return m ? ORDINALS[m[1]!.toLowerCase()] : undefined;
}

function comparisonTable(c: Comparison): string {
  if (!c.rows.length) return `No supplier has quoted for “${c.project.title}” yet. Their quotes arrive in your inbox.`;
  const head = ["| Supplier | Unit price | MOQ | Lead time | Sample | Duty + freight | Landed per unit | Status |", "|---|---|---|---|---|---|---|---|"];
  const rows = c.rows.map((r) => {
    const extra = r.dutyPerUnitCents === null || r.freightPerUnitCents === null ? "unknown" : usd(r.dutyPerUnitCents + r.freightPerUnitCents);
    return `| ${r.supplierName} | ${usd(r.unitPriceCents)} | ${r.moq} | ${r.leadTimeDays} days | ${r.samplePriceCents === null ? "none" : usd(r.samplePriceCents)} | ${extra} | ${r.landedCostCents === null ? "unknown" : usd(r.landedCostCents)} | ${r.status.toLowerCase()} |`;
  });
  const cheapest = c.rows.find((r) => r.quoteId === c.cheapestQuoteId);
  const tail = cheapest ? `Cheapest landed: **${cheapest.supplierName}** at ${cheapest.landedCostCents === null ? usd(cheapest.unitPriceCents) : usd(cheapest.landedCostCents)} a unit. Say "accept the cheapest quote" or "counter ${cheapest.supplierName} at $…".` : "None of these quotes is open any more.";
  return [`Quotes for **${c.project.title}** (landed in the United States: unit price + duty + freight):`, ...head, ...rows, tail].join("\n");
}

function quoteLine(q: Quote): string {
  const turn = q.awaitingSide === "STORE" ? "waiting for your answer" : q.awaitingSide === "SUPPLIER" ? `waiting for ${q.supplierName}` : q.status.toLowerCase();
  return `- **${q.supplierName}** — “${q.title}”: ${q.quantity} units at ${usd(q.unitPriceCents)} (${usd(q.totalCents)}), MOQ ${q.moq}, ${q.leadTimeDays} days (${turn})`;
}

/** The project whose quotes a request means: on screen, named by product words, or the only one with quotes. */
function projectOf(text: string, quotes: Quote[], context: IntentContext): string | undefined {
  if (context.screen?.entity?.type === "custom_project") return context.screen.entity.id;
  const withProject = quotes.filter((q) => q.projectId);
  const words = productWords(text);
  const named = words.length ? withProject.find((q) => words.some((w) => q.title.toLowerCase().split(/[^a-z]+/).map(sing).includes(w))) : undefined;
  if (named) return named.projectId!;
  const projects = [...new Set(withProject.map((q) => q.projectId!))];
  return projects.length === 1 ? projects[0] : undefined;
}

/** The quote an accept or counter means, from an earlier comparison or the list of open quotes. */
function targetQuote(text: string, done: Outcome[], history: Outcome[]): { id: string; supplierName: string } | "ask" | undefined {
  const compared = got([...history, ...done], "compare_quotes")?.value;
  const open = (r: { status: string }) => r.status === "PROPOSED" || r.status === "COUNTERED";
  if (compared) {
    const rows = compared.rows.filter(open);
    const n = ordinal(text);
    const pick = namedSupplier(text, rows) ?? (/\b(cheapest|lowest|best)\b/i.test(text) ? rows.find((r) => r.quoteId === compared.cheapestQuoteId) : undefined) ?? (n !== undefined ? rows.at(n) : undefined) ?? (rows.length === 1 ? rows[0] : undefined);
    if (pick) return { id: pick.quoteId, supplierName: pick.supplierName };
  }
  const listed = got(done, "list_quotes")?.value ?? got(history, "list_quotes")?.value;
  if (!listed) return undefined;
  const mine = listed.list.filter((q) => q.awaitingSide === "STORE");
  const n = ordinal(text);
  const pick = namedSupplier(text, mine) ?? (/\b(cheapest|lowest|best)\b/i.test(text) ? [...mine].sort((a, b) => a.unitPriceCents - b.unitPriceCents)[0] : undefined) ?? (n !== undefined ? mine.at(n) : undefined) ?? (mine.length === 1 ? mine[0] : undefined);
  return pick ? { id: pick.id, supplierName: pick.supplierName } : "ask";
}

const whichQuote = (done: Outcome[]): Step => {
  const list = got(done, "list_quotes")?.value.list.filter((q) => q.awaitingSide === "STORE") ?? [];
  if (!list.length) return { answer: "No quote is waiting for your answer right now." };
  return { answer: ["Which quote do you mean?", ...list.map(quoteLine)].join("\n") };
};

export const QUOTE_INTENTS: Intent[] = [
  {
    name: "quotes-compare-by-project",
    examples: ["compare my quotes for each tech pack", "compare all quotes by project", "compair the qoutes per tech pack", "show every project's quotes side by side", "landed cost of all my quotes grouped by project"],
    tools: ["compare_quotes_by_project"],
    match: (t) => QUOTE_WORD.test(t) && COMPARE_WORD.test(t) && EACH_PROJECT_WORD.test(t) && !ACCEPT_WORD.test(t),
    step: (_t, done) => {
      const compared = got(done, "compare_quotes_by_project");
      if (compared) {
        const groups = compared.value.list;
        if (!groups.length) return { answer: "No supplier has quoted for any of your custom projects yet. Quotes arrive in your inbox after you send a custom project request." };
        const more = compared.value.total > groups.length ? [`(${compared.value.total - groups.length} more project${compared.value.total - groups.length === 1 ? "" : "s"} with quotes: say "show more".)`] : [];
        return { answer: [...groups.map(comparisonTable), ...more].join("\n\n") };
      }
      const failed = last(done, "compare_quotes_by_project");
      if (failed?.error) return { answer: `I couldn't compare those quotes: ${sentenceFor(failed.error)}` };
      return call("compare_quotes_by_project", { size: 5 });
    },
  },
  {
    name: "quotes-compare",
    examples: ["compare the quotes for my tote bags", "which quote is cheapest", "compair the qoutes for the tote bag project", "compare the offers I got side by side", "show the quotes for my tote bags with landed cost", "what's the best deal among the quotes"],
    tools: ["list_quotes", "compare_quotes"],
    match: (t) => QUOTE_WORD.test(t) && COMPARE_WORD.test(t) && !ACCEPT_WORD.test(t),
    step: (t, done, _history, context) => {
      const compared = got(done, "compare_quotes");
      if (compared) return { answer: comparisonTable(compared.value) };
      const failed = last(done, "compare_quotes");
      if (failed?.error) return { answer: `I couldn't compare those quotes: ${sentenceFor(failed.error)}` };
      if (context.screen?.entity?.type === "custom_project") return call("compare_quotes", { projectId: context.screen.entity.id });
      const listed = got(done, "list_quotes");
      if (!listed) return call("list_quotes", { size: 50 });
      const projectId = projectOf(t, listed.value.list, context);
      if (projectId) return call("compare_quotes", { projectId });
      if (!listed.value.list.length) return { answer: "No supplier has sent you a quote yet. Quotes arrive in your inbox after you send a custom project request." };
      const titles = [...new Set(listed.value.list.filter((q) => q.projectId).map((q) => q.title))];
      return { answer: ["Which project's quotes should I compare?", ...titles.map((x) => `- ${x}`)].join("\n") };
    },
  },
  {
    name: "quotes-accept",
    examples: ["accept the cheapest quote", "accept Jiale's quote", "accpet the quote from Jiale", "go with the second one", "take the cheapest offer", "approve the quote"],
    tools: ["list_quotes", "accept_quote"],
    match: (t) => ACCEPT_WORD.test(t) && (QUOTE_WORD.test(t) || /\b(cheapest|first|second|third|last) (one|offer|quote)\b/i.test(t)) && !COUNTER_WORD.test(t),
    step: (t, done, history) => {
      const sent = last(done, "accept_quote");
      if (sent?.declined) return { answer: "Not accepted. The quote stays open until it expires." };
      if (sent?.error) return { answer: `The quote wasn't accepted: ${sentenceFor(sent.error)}` };
      const accepted = got(done, "accept_quote");
      if (accepted) {
        const q = accepted.value;
        const landed = q.landedCostCents === null ? "" : ` Landed in the US it comes to ${usd(q.landedCostCents)} a unit with duty and freight.`;
        return { answer: `Accepted ${q.supplierName}'s quote for “${q.title}”: ${q.quantity} units at ${usd(q.unitPriceCents)} each, ${usd(q.totalCents)} in all.${landed} The terms are written into your custom project; nothing was charged.` };
      }
      const target = targetQuote(t, done, history);
      if (target === undefined) return call("list_quotes", { size: 50 });
      if (target === "ask") return whichQuote(done);
      return call("accept_quote", { id: target.id });
    },
  },
  {
    name: "quotes-counter",
    examples: ["counter Jiale at $3.80", "offer them 3.50 a unit", "counter the cheapest quote at $4", "countre the quote at 3.9", "ask Jiale for $3.75 per bag"],
    tools: ["list_quotes", "counter_quote"],
    match: (t) => COUNTER_WORD.test(t) && parsePrice(t) !== undefined && !/\b(tariff|duty|duties)\b/i.test(t),
    step: (t, done, history) => {
      const sent = last(done, "counter_quote");
      if (sent?.declined) return { answer: "Not sent. Tell me another price, or answer in the inbox." };
      if (sent?.error) return { answer: `The counter-offer wasn't sent: ${sentenceFor(sent.error)}` };
      const countered = got(done, "counter_quote");
      if (countered) {
        const q = countered.value;
        return { answer: `Sent ${q.supplierName} your counter-offer: ${q.quantity} units at ${usd(q.unitPriceCents)} each (${usd(q.totalCents)}). Their answer will show in your inbox.` };
      }
      const target = targetQuote(t, done, history);
      if (target === undefined) return call("list_quotes", { size: 50 });
      if (target === "ask") return whichQuote(done);
      return call("counter_quote", { id: target.id, unitPriceCents: parsePrice(t)! });
    },
  },
  {
    name: "quotes-list",
    examples: ["any quotes?", "what did the suppliers quote", "show my quotes", "did I get any qoutes", "which quotes are waiting for me"],
    tools: ["list_quotes"],
    match: (t) => QUOTE_WORD.test(t) && !COMPARE_WORD.test(t) && !ACCEPT_WORD.test(t) && !COUNTER_WORD.test(t) && !/\b(tariff|packaging|tech ?pack)\b/i.test(t),
    step: (_t, done) => {
      const listed = got(done, "list_quotes");
      if (!listed) return call("list_quotes", { size: 20 });
      const list = listed.value.list;
      if (!list.length) return { answer: "No supplier has sent you a quote yet. Quotes arrive in your inbox after you send a custom project request." };
      return { answer: [`You have ${listed.value.total} quote${listed.value.total === 1 ? "" : "s"}:`, ...list.slice(0, 10).map(quoteLine), 'Say "compare the quotes for <project>" to see landed costs side by side.'].join("\n") };
    },
  },
];
