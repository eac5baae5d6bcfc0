import type { Intent, IntentContext, Outcome, Step } from "./offline-types";
import { call, got } from "./offline-steps";
import { matchAnswer, matchArgs } from "./offline-sourcing";
import { wantsMade } from "./offline-marketplace";
import { parseDate, parseQuantityOf } from "./offline-slots";
import { goalFacts, goalLine, parseCountedProduct, latestGoal, missingQuestions, parseGoalProduct, parseMaterials, parsePrintDetails, productName, sameFacts, techPackAnswer, techPackArgsFromGoal, type SavedGoal } from "./offline-goal";
import { parsePrice } from "./offline-slots";
import { countryName, parseAnyCountry, parseProduct } from "./offline-parse";

// The design-sourcing agent builds the goal with the user (001 §3, §5): every turn merges what the
// user said into the goal the API keeps for the thread (`/web/sourcing-agent-goals`), asks only for
// the required facts still missing, writes the tech pack from the whole goal when asked ("write up
// the tech pack") and shows it for confirmation, then matches factories to the confirmed pack.

const FIND = /\b(suppliers?|factor(y|ies)|factries|manufacturers?|makers?|vendors?|who can (make|produce)|someone to (make|produce)|match me)\b/i;
const WRITE_PACK = /\b(write|writ|draft|create|make|prepare|put together|generate|build|turn|do)\b[^.?!]{0,40}\b(tech ?pack|spec(?:ification)? sheet)\b/i;
const CHANGE = /\b(update|change|edit|revise|modify|amend)\b/i;
const SHOW_GOAL = /\b(goal|brief|request|so far|recap|summar(?:y|ise|ize)|where are we|what (?:have|did) (?:you|i) (?:got|get|say|said|tell|told))\b/i;
const ASKS = /\b(what|what's|whats|show|recap|summar|current|so far|remind|where|tell me)\b/i;
const AFFIRM = /^\s*(?:yes|yep|yeah|yup|ok(?:ay)?|sure|perfect|great|correct|confirm(?:ed)?|go ahead|lgtm|sounds good|looks (?:good|great|fine|right|ok)|that'?s (?:right|good|fine|it))\b/i;

const ASK_PRODUCT = "What should the factories make? Tell me in a sentence, e.g. \"300 organic cotton tote bags with a two-colour logo, $4 per unit, to the US by March 2027\".";

/** "1000 soy candles in amber jars, $5 target": a counted product with a price, a date or a launch word states a goal. */
const statesGoal = (t: string) => parseCountedProduct(t) !== undefined && (parsePrice(t) !== undefined || parseDate(t) !== undefined || /\b(launch|launching|line|brand|collection|drop)\b/i.test(t));

const utteranceOf = (t: string, context: IntentContext) => context.utterance ?? t;

/** This turn's facts merged into the saved goal: the call that saves them, or the goal once saved (undefined when none yet and no product named). */
function mergeGoal(utterance: string, history: Outcome[], done: Outcome[], context: IntentContext): { step: Step } | { goal: SavedGoal | undefined } {
  const thisTurn = latestGoal(done);
  if (thisTurn) return { goal: thisTurn };
  const saved = latestGoal(history);
  const facts = goalFacts(utterance, saved?.goal, context);
  if (!saved) return facts.productDescription ? { step: call("save_sourcing_goal", { agentType: "default", goal: facts }) } : { goal: undefined };
  return sameFacts(facts) ? { goal: saved } : { step: call("update_sourcing_goal", { goal: facts }) };
}

/** The newest tech pack of the conversation. */
function techPackOf(outcomes: Outcome[]) {
  for (const o of [...outcomes].reverse()) {
    const pack = got([o], "create_tech_pack") ?? got([o], "update_tech_pack") ?? got([o], "get_tech_pack");
    if (pack) return pack.value;
  }
  return undefined;
}

/** Factory matching for a goal the user completed without asking for factories: the product and their constraints. */
function goalMatchArgs(goal: SavedGoal["goal"]): Record<string, unknown> {
  const query = [goal.productDescription, ...goal.materials.filter((m) => !goal.productDescription?.toLowerCase().includes(m))].filter(Boolean).join(", ");
  const filters: Record<string, unknown> = {};
  if (goal.quantity) filters.moqMax = goal.quantity;
  if (goal.originCountryCode) filters.countryCodes = [goal.originCountryCode];
  return Object.keys(filters).length ? { query, filters } : { query };
}

function showGoal(done: Outcome[], history: Outcome[]): Step {
  const read = got(done, "get_sourcing_goal");
  if (read) {
    const g = read.value;
    const next = missingQuestions(g) || "It has what factories need to quote. Say \"write up the tech pack\" when you're ready.";
    return { answer: `Your goal so far: ${goalLine(g.goal)}.\n\n${next}` };
  }
  if (!latestGoal(history)) return { answer: `We haven't set a goal in this conversation yet. ${ASK_PRODUCT}` };
  return call("get_sourcing_goal", {});
}

function writeTechPack(t: string, done: Outcome[], history: Outcome[], context: IntentContext): Step {
  const written = got(done, "create_tech_pack") ?? got(done, "update_tech_pack");
  if (written) return { answer: `${techPackAnswer(written.value)}\n\nDoes this look right? Tell me what to change, or say "looks good" and I'll match factories to it.` };
  const all = [...history, ...done];
  const pack = techPackOf(all);
  const utterance = utteranceOf(t, context);
  // "looks good" after the pack was shown: it is confirmed, so factories are matched to it.
  if (pack && AFFIRM.test(utterance) && !WRITE_PACK.test(utterance)) {
    const matched = got(done, "match_factories");
    if (matched) return { answer: `${matchAnswer(matched.value)}\n\nWhich should I send it to? e.g. "send it to the first three".` };
    const goal = latestGoal(all)?.goal;
    return call("match_factories", { techPackId: pack.id, ...(goal?.quantity ? { filters: { moqMax: goal.quantity } } : {}) });
  }
  const merged = mergeGoal(utterance, history, done, context);
  if ("step" in merged) return merged.step;
  if (!merged.goal) return { answer: `Which product is the tech pack for? ${ASK_PRODUCT}` };
  const args = techPackArgsFromGoal(merged.goal.goal, { attachments: context.attachments });
  return pack ? call("update_tech_pack", { id: pack.id, ...args }) : call("create_tech_pack", args);
}

/** A packaging brief written as a tech pack from the sentence itself (the packaging agent keeps no goal). */
function packagingBrief(t: string, done: Outcome[], context: IntentContext): Step {
  const written = got(done, "create_tech_pack");
  if (written) return { answer: `${techPackAnswer(written.value)}\n\nTell me what to change, or say "find packaging suppliers for it".` };
  const utterance = utteranceOf(t, context).replace(/\b(?:packaging\s+)?brief\b/gi, " ");
  const product = parseGoalProduct(utterance);
  if (!product) return { answer: "What packaging is the brief for? e.g. \"write up a brief for 2000 kraft mailer boxes with our logo\"." };
  const args: Record<string, unknown> = { productName: productName(product), description: utteranceOf(t, context).slice(0, 5000) };
  const quantity = parseQuantityOf(utterance);
  const price = parsePrice(utterance);
  const materials = parseMaterials(utterance);
  const print = parsePrintDetails(utterance);
  if (quantity) args.quantities = [{ quantity }];
  if (price) args.targetUnitPrice = price;
  if (materials.length) args.materials = materials;
  if (print) args.printDetails = print;
  if (context.attachments?.length) args.attachments = context.attachments.slice(0, 20);
  return call("create_tech_pack", args);
}

/** Browsing suppliers outside the vetted network: by country and words, no tech pack needed. */
function browseExpanded(t: string, done: Outcome[]): Step {
  const listed = got(done, "list_expanded_network_records");
  if (listed) {
    const rows = listed.value.list;
    if (!rows.length) return { answer: "No expanded-network supplier matched. Try another country or fewer words." };
    const lines = rows.slice(0, 10).map((r) => `- ${r.name} (${[r.city, countryName(r.countryCode)].filter(Boolean).join(", ")})${r.capabilities.length ? ` — ${r.capabilities.slice(0, 3).join(", ")}` : ""}${r.moq != null ? `, MOQ ${r.moq}` : ""}`);
    return { answer: [`Expanded-network suppliers (outside our vetted network)${listed.args.countryCode ? ` in ${countryName(String(listed.args.countryCode))}` : ""}:`, ...lines, "Tell me what to make and I'll match and contact the best ones."].join("\n") };
  }
  const countryCode = parseAnyCountry(t);
  const words = parseProduct(t.replace(/\b(expanded|network|outside|vetted|browse|list|show)\b/gi, " "));
  const args: Record<string, unknown> = { size: 10 };
  if (countryCode) args.countryCode = countryCode;
  if (words) args.search = words;
  return call("list_expanded_network_records", args);
}

export const SOURCING_GOAL_INTENTS: Intent[] = [
  {
    name: "browse-expanded-network",
    tools: ["list_expanded_network_records"],
    examples: ["list the expanded network suppliers in Portugal", "browse suppliers outside the vetted network", "expanded network makers of candles", "which factories are in the expanded network in china", "any expanded-network workshops in mexico"],
    match: (t) => /\b(expanded network|outside (?:the|your) (?:vetted )?network)\b/i.test(t) && !/\b(contact|send|email|message|reach|write)\b/i.test(t),
    step: (t, done) => browseExpanded(t, done),
  },
  {
    name: "show-sourcing-goal",
    tools: ["get_sourcing_goal"],
    roles: ["sourcing-agent"],
    examples: ["recap what I asked for", "remind me what we have so far", "show me the brief", "summarise my request", "what have you got so far", "where are we with my goal", "what do you have down for my product", "read back my sourcing goal"],
    match: (t) => SHOW_GOAL.test(t) && ASKS.test(t) && !CHANGE.test(t) && !WRITE_PACK.test(t),
    // The recap asks "what should the factories make?" when nothing is saved: an answer naming a product starts the goal.
    step: (t, done, history, context) => (SHOW_GOAL.test(utteranceOf(t, context)) && ASKS.test(utteranceOf(t, context)) ? showGoal(done, history) : designSourcing(t, done, history, context)),
  },
  {
    name: "write-tech-pack",
    tools: ["create_tech_pack", "update_tech_pack", "save_sourcing_goal", "update_sourcing_goal", "match_factories"],
    roles: ["sourcing-agent"],
    examples: [
      "draft the tech pack",
      "make me a tech pack from this",
      "put together a spec sheet for the tote bags",
      "turn this into a tech pack",
      "ok write it up as a tech pack",
      "prepare a tech pack for 1000 linen napkins",
      "generate the techpack for 250 wool scarves at $9",
      "time to write the tech pack",
    ],
    match: (t) => WRITE_PACK.test(t) && !CHANGE.test(t),
    step: writeTechPack,
  },
  {
    name: "packaging-brief",
    tools: ["create_tech_pack"],
    roles: ["packaging-agent"],
    examples: ["draft a packaging brief for 500 mailer boxes", "write the brief for my kraft boxes", "create a tech pack for the poly mailers", "put together a brief for 1000 tissue sheets with our logo", "prepare a spec sheet for 3000 rigid gift boxes, gold foil"],
    match: (t) => /\b(write|draft|create|make|prepare|put together)\b/i.test(t) && /\b(brief|tech ?pack|spec(?:ification)? sheet)\b/i.test(t) && !CHANGE.test(t),
    step: (t, done, _history, context) => packagingBrief(t, done, context),
  },
  {
    name: "design-sourcing",
    tools: ["save_sourcing_goal", "update_sourcing_goal", "get_sourcing_goal", "match_factories", "create_tech_pack", "update_tech_pack"],
    roles: ["sourcing-agent"],
    examples: [
      "I'd like to make 600 recycled polyester backpacks with an embroidered logo, around $11 each, shipped to Germany by May",
      "we need 250 enamel pins, $2 a piece",
      "planning a skincare line: 1500 glass dropper bottles, $1.20 target",
      "looking to manufacture stainless steel water bottles",
      "we'd like to produce 800 linen aprons",
      "i want to make joggers",
      "get me manufacturers for wool beanies",
      "which factories could produce silk pillowcases",
      "my brand wants 400 leather card holders by september",
      "source 1200 cotton bandanas with a one-colour print",
    ],
    match: (t) => (FIND.test(t) || wantsMade(t) || statesGoal(t) || /\b(wanna|want to|would like to|'d like to|looking to|launching|planning to)\s+(?:make|produce|manufacture|create|launch|start|do)\b/i.test(t)) && !/\bmy (suppliers|factories|vendors)\b|\b(have i|did i|i've|i have) (added|invited|used|contacted|worked)/i.test(t),
    step: (t, done, history, context) => designSourcing(t, done, history, context),
  },
];

/** The design-sourcing turn: merge what the user said into the goal, then match or ask what is missing. */
function designSourcing(t: string, done: Outcome[], history: Outcome[], context: IntentContext): Step {
  const utterance = utteranceOf(t, context);
  // A turn that answers the pending question may instead ask for the tech pack or the goal.
  if (WRITE_PACK.test(utterance) && !CHANGE.test(utterance)) return writeTechPack(t, done, history, context);
  if (SHOW_GOAL.test(utterance) && ASKS.test(utterance)) return showGoal(done, history);
  const merged = mergeGoal(utterance, history, done, context);
  if ("step" in merged) return merged.step;
  const goal = merged.goal;
  const matched = got(done, "match_factories");
  const wantsFactories = FIND.test(t);
  if (!goal) {
    if (!wantsFactories || matched) return matched ? { answer: matchAnswer(matched.value) } : { answer: ASK_PRODUCT };
    const args = matchArgs(t);
    return args ? call("match_factories", args) : { answer: ASK_PRODUCT };
  }
  if (!matched && (wantsFactories || goal.validation.valid)) return call("match_factories", wantsFactories ? (matchArgs(t) ?? goalMatchArgs(goal.goal)) : goalMatchArgs(goal.goal));
  const summary = `Your goal: ${goalLine(goal.goal)}.`;
  const missing = missingQuestions(goal);
  if (matched) {
    const next = missing ? `To ask them for quotes, could you also tell me ${listWords(goal.validation.missing.map((f) => FIELD_ASK[f] ?? f))}?` : "Say \"write up the tech pack\" and I'll write it from everything you told me.";
    return { answer: [summary, matchAnswer(matched.value), next].join("\n\n") };
  }
  return { answer: [summary, missing || "That's everything factories need. Say \"write up the tech pack\" and I'll write it for you to check."].join("\n\n") };
}

/** "a, b and c". */
const listWords = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? ""));

const FIELD_ASK: Record<string, string> = {
  productDescription: "what the product is",
  quantity: "how many units",
  targetUnitPrice: "your target price per unit",
  targetDate: "the date you need them by",
  destinationCountryCode: "the country they ship to",
  originCountryCode: "where they should be made",
  packagingNeeds: "the packaging",
};
