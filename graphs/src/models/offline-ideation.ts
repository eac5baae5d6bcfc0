import { sentenceFor } from "@atelier/contracts/error-sentences";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Outcome, Step } from "./offline-types";
import { parseOrdinal } from "./offline-references";
import { call, got } from "./offline-steps";

type Ideation = ToolResponse<"get_ideation">;

// Product ideation offline (/product-ideation, /your-ideations, /crowdfund-your-idea): "give me
// product ideas for eco-friendly dog toys", "more ideas", "pick the second one", "show my
// ideations", "submit it for crowdfunding with a $5000 goal", "email me the summary". Tolerant of
// the usual typos ("prodcut", "idaes", "ideation"). A round that takes credits and the e-mail go
// through the tools' approvals, which name the credits and the address.

const IDEAS = /\b(ideas?|idaes?|idears?|brainstorm\w*|concepts?)\b/i;
const NOT_HERE = /\b(kit|brand kit|business kit|design|desing|logo|palette|slogan|goal for|sourcing goal)\b/i;
const IDEA_TOOLS = ["generate_product_ideas", "get_ideation", "pick_product_ideas", "create_ideation", "submit_idea_for_crowdfunding"];

const money = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const credits = (n: number) => `${n.toLocaleString("en-US")} AI credit${n === 1 ? "" : "s"}`;

/** What the ideas are for: "give me product ideas for eco-friendly dog toys" → "eco-friendly dog toys". */
export function ideaPrompt(text: string): string {
  const t = text.trim().replace(/[?!.]+$/, "");
  const after = t.match(/\b(?:ideas?|idaes?|brainstorm\w*|sell|make|launch)\b.*?\b(?:for|about|around|on|with|to) (.{3,})$/i)?.[1];
  const cleaned = (after ?? t.replace(/^.*?\b(ideas?|idaes?|brainstorm\w*)\b\s*/i, "")).replace(/^(a|an|my|some)\s+/i, "").trim();
  return cleaned.slice(0, 1000);
}

/** The ideation the conversation is about: this turn's, then the screen's, then earlier turns'. */
function ideationOf(done: Outcome[], history: Outcome[], context: IntentContext): { id: string; value?: Ideation } | undefined {
  for (const name of ["pick_product_ideas", "generate_product_ideas", "get_ideation", "create_ideation", "submit_idea_for_crowdfunding"] as const) {
    const now = got(done, name);
    if (now) return { id: now.value.id, value: now.value };
  }
  const e = context.screen?.entity;
  if (e?.type === "product_ideation") return { id: e.id };
  for (const o of [...history].reverse()) {
    if (!o.error && !o.declined && IDEA_TOOLS.includes(o.name)) {
      const read = got([o], o.name as "get_ideation");
      if (read) return { id: read.value.id, value: read.value };
    }
  }
  return undefined;
}

function ideasAnswer(d: Ideation, count: number): string {
  const lines = d.ideas.slice(0, count).map((i, n) => {
    const cost = i.estimatedUnitCost === null ? "no similar listing yet" : `about ${money(i.estimatedUnitCost)} a unit${i.marginPercent === null ? "" : `, ${i.marginPercent} % margin`}`;
    return `${n + 1}. ${i.title} — sell at ${money(i.suggestedRetailPrice)} (${cost}${i.moq === null ? "" : `, from ${i.moq} units`})`;
  });
  const left = d.cost.nextRoundCredits === 0 ? `${d.cost.freeRoundsLeft} free round${d.cost.freeRoundsLeft === 1 ? "" : "s"} left` : `the next round costs ${credits(d.cost.nextRoundCredits)}`;
  return [`Here are ${count} product ideas for “${d.prompt}”, costed from the marketplace (${left}):`, ...lines, `Say "pick the second one" to keep an idea, or "more ideas" for another round. They're on /product-ideation/${d.id}.`].join("\n");
}

const afterIdeas = (history: Outcome[]) => IDEA_TOOLS.includes([...history].reverse().find((o) => !o.error && !o.declined)?.name ?? "");

function generateStep(t: string, done: Outcome[], history: Outcome[], context: IntentContext): Step {
  const generated = got(done, "generate_product_ideas");
  if (generated) return { answer: ideasAnswer(generated.value, Math.min(6, generated.value.ideas.length)) };
  const declined = done.find((o) => o.name === "generate_product_ideas" && o.declined);
  if (declined) return { answer: "OK, I didn't write new ideas and no credits were spent." };
  const failed = done.find((o) => (o.name === "generate_product_ideas" || o.name === "create_ideation") && o.error);
  if (failed) return { answer: `The ideas couldn't be written: ${sentenceFor(failed.error!)}` };
  const more = /\b(more|another|again|other|different)\b/i.test(t) && !/\bfor\b/i.test(t);
  const prompt = more ? "" : ideaPrompt(t);
  const current = more ? ideationOf(done, history, context) : got(done, "create_ideation") ? ideationOf(done, [], {}) : context.screen?.entity?.type === "product_ideation" ? ideationOf(done, [], context) : undefined;
  if (!current) {
    if (prompt.length < 3) return { answer: 'What would you like product ideas for? Say e.g. "give me product ideas for eco-friendly dog toys".' };
    return call("create_ideation", { prompt });
  }
  if (!current.value) return call("get_ideation", { id: current.id });
  const d = current.value;
  const want = prompt.length >= 3 && prompt !== d.prompt ? prompt : undefined;
  if (!want && d.prompt.trim().length < 3) return { answer: 'What would you like product ideas for? Say e.g. "give me product ideas for eco-friendly dog toys".' };
  const cost = d.cost.nextRoundCredits;
  if (cost > d.cost.creditBalance) return { answer: `A round of ideas costs ${credits(cost)} and you have ${credits(d.cost.creditBalance)}. Buy AI credits on the Account screen, then ask me again.` };
  return call("generate_product_ideas", { id: d.id, ...(want ? { prompt: want } : {}), ...(cost > 0 ? { confirmCredits: cost } : {}) });
}

export const IDEATION_INTENTS: Intent[] = [
  {
    name: "pick-product-idea",
    tools: ["pick_product_ideas", "get_ideation"],
    examples: ["pick the second one", "i like the 3rd idea, keep it", "select idea number 2", "keep the first one", "add the last one to my picks", "choose the fourth idaea"],
    match: (t) => /\b(pick|select|choose|keep|like|add|go with)\b/i.test(t) && (parseOrdinal(t) !== undefined || /\bidea\s*#?\d\b/i.test(t)),
    applies: afterIdeas,
    step: (t, done, history, context) => {
      const picked = got(done, "pick_product_ideas");
      if (picked) {
        const byId = new Map(picked.value.ideas.map((i) => [i.uuid, i.title]));
        const titles = picked.value.selectedProductIds.map((id) => byId.get(id)).filter(Boolean);
        return { answer: `Picked. Your ideas: ${titles.join(", ")}. To raise money for them, say "submit it for crowdfunding with a $5000 goal".` };
      }
      const current = ideationOf(done, history, context);
      if (!current) return { answer: 'There are no ideas to pick yet. Say e.g. "give me product ideas for eco-friendly dog toys".' };
      if (!current.value) return call("get_ideation", { id: current.id });
      const list = current.value.ideas;
      const n = parseOrdinal(t) ?? Number(t.match(/\bidea\s*#?(\d)\b/i)?.[1]);
      const pick = n === -1 ? list.at(-1) : list[n - 1];
      if (!pick) return { answer: `There are ${list.length} ideas; which one should I pick (1 to ${list.length})?` };
      const ids = [...new Set([...current.value.selectedProductIds, pick.uuid])].slice(-6);
      return call("pick_product_ideas", { id: current.id, selectedProductIds: ids });
    },
  },
  {
    name: "list-ideations",
    tools: ["list_ideations"],
    examples: ["show my ideations", "what product ideas have i saved", "list my saved idea projects", "my ideatons", "open your ideations"],
    match: (t) => /\b(ideations?|ideatons?|saved ideas?|my (product )?ideas)\b/i.test(t) && /\b(show|list|what|my|open|see)\b/i.test(t) && !/\b(give|generate|more|new)\b/i.test(t),
    step: (t, done) => {
      const listed = got(done, "list_ideations");
      if (!listed) return call("list_ideations", { size: 10 });
      const r = listed.value;
      if (!r.total) return { answer: 'You have no saved ideations yet. Say e.g. "give me product ideas for eco-friendly dog toys" to start one.' };
      const rows = r.list.map((l, i) => `${i + 1}. ${l.title || "Untitled ideation"} — ${l.ideaCount} idea${l.ideaCount === 1 ? "" : "s"}${l.selectedTitles.length ? `, picked: ${l.selectedTitles.join(", ")}` : ""}${l.submittedAt ? " (submitted for crowdfunding)" : ""}`);
      return { answer: [`You have ${r.total} saved ideation${r.total === 1 ? "" : "s"}:`, ...rows, r.total > r.list.length ? `…and ${r.total - r.list.length} more on /your-ideations.` : ""].filter(Boolean).join("\n") };
    },
  },
  {
    name: "email-crowdfunding-idea",
    tools: ["email_crowdfunding_idea_to_me", "get_my_store", "list_ideations"],
    examples: ["email me the crowdfunding summary", "send my idea to my email", "e-mail me a copy of my crowdfunding idea", "mail myself the pitch"],
    match: (t) => /\b(e-?mail|mail|send)\b/i.test(t) && /\b(me|myself|my (e-?mail|inbox))\b/i.test(t) && /\b(crowdfund\w*|idea|pitch|summary)\b/i.test(t),
    step: (t, done, history, context) => {
      const sent = got(done, "email_crowdfunding_idea_to_me");
      if (sent) return { answer: `Sent: “${sent.value.subject}” is on its way to ${sent.value.sentTo}.` };
      if (done.some((o) => o.name === "email_crowdfunding_idea_to_me" && o.declined)) return { answer: "OK, I didn't send it." };
      const failed = done.find((o) => o.name === "email_crowdfunding_idea_to_me" && o.error);
      if (failed) return { answer: `It couldn't be sent: ${sentenceFor(failed.error!)}` };
      const me = got(done, "get_my_store");
      if (!me) return call("get_my_store", {});
      let id = ideationOf(done, history, context)?.id;
      if (!id) {
        const listed = got(done, "list_ideations");
        if (!listed) return call("list_ideations", { size: 20 });
        id = listed.value.list.find((l) => l.submittedAt)?.id;
        if (!id) return { answer: 'None of your ideations is submitted for crowdfunding yet. Open /crowdfund-your-idea, or say "submit it for crowdfunding with a $5000 goal".' };
      }
      return call("email_crowdfunding_idea_to_me", { ideaId: id, confirmRecipient: me.value.user.email });
    },
  },
  {
    name: "submit-idea-crowdfunding",
    tools: ["submit_idea_for_crowdfunding", "get_ideation"],
    examples: ["submit it for crowdfunding with a $5000 goal", "crowdfund this idea, goal 10000", "put my idea up for crowdfunding", "crowdfnd it with a goal of $2,500"],
    match: (t) => /\b(crowd ?f\w*nd\w*|kickstarter|raise money)\b/i.test(t) && !/\b(e-?mail|mail|send)\b/i.test(t),
    step: (t, done, history, context) => {
      const submitted = got(done, "submit_idea_for_crowdfunding");
      if (submitted) {
        const s = submitted.value;
        return { answer: `Submitted “${s.title}” for crowdfunding with a goal of ${money(s.fundingGoal ?? 0)}${s.isPublic ? ", shown to every creator" : " (only your store sees it)"}. Say "email me the crowdfunding summary" for a copy.` };
      }
      if (done.some((o) => o.name === "submit_idea_for_crowdfunding" && o.declined)) return { answer: "OK, I didn't submit it." };
      const failed = done.find((o) => o.name === "submit_idea_for_crowdfunding" && o.error);
      if (failed) return { answer: `It couldn't be submitted: ${sentenceFor(failed.error!)}` };
      const current = ideationOf(done, history, context);
      if (!current) return { answer: 'Which idea? Start with "give me product ideas for …", pick one, then ask me to crowdfund it.' };
      if (!current.value) return call("get_ideation", { id: current.id });
      const d = current.value;
      const picked = d.ideas.filter((i) => d.selectedProductIds.includes(i.uuid));
      if (!picked.length) return { answer: 'Pick at least one idea first, e.g. "pick the second one".' };
      const goal = Number((t.match(/\$?\s?(\d[\d,]*(?:\.\d+)?)\s*(k)?\b/i)?.[1] ?? "").replace(/,/g, "")) * (/\d\s*k\b/i.test(t) ? 1000 : 1);
      if (!Number.isFinite(goal) || goal < 100) return { answer: "How much do you want to raise? Say e.g. \"crowdfund it with a $5000 goal\"." };
      const pitch = `${d.title}: ${picked.map((p) => p.title).join(", ")}. ${picked[0]!.description}`.slice(0, 2000);
      return call("submit_idea_for_crowdfunding", { id: d.id, pitch, fundingGoal: goal, isPublic: /\bpublic|everyone|publish\b/i.test(t) });
    },
  },
  {
    name: "generate-product-ideas",
    tools: ["create_ideation", "get_ideation", "generate_product_ideas"],
    examples: [
      "give me product ideas for eco-friendly dog toys",
      "what products could I sell to yoga lovers",
      "brainstorm product ideas for a small coffee brand",
      "prodcut idaes for handmade soy candles",
      "more ideas",
      "i need ideas for things to sell to new parents",
    ],
    match: (t) => IDEAS.test(t) && !NOT_HERE.test(t) && !/\b(ideations?|saved ideas?)\b/i.test(t),
    step: generateStep,
  },
];
