import { sentenceFor } from "@atelier/contracts/error-sentences";
import type { RuleAction, RuleCondition } from "@atelier/contracts/order-rules";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { IntentContext, Intent, Outcome, Step } from "./offline-types";
import { call, got, usd } from "./offline-steps";
import { parseOrdinal } from "./offline-references";
import { countryMentions, COUNTRY_NAMES } from "./offline-slots";
import { parseSku } from "./offline-inventory";

// Fulfilment rules offline (the /fulfillment-rules screen): list them, create one from a sentence
// ("hold orders over $500 going to Canada") and dry-run it at once, dry-run a saved one, and turn
// one on or off, with follow-ups ("enable it", "test the second one") and "this rule" from the
// screen. Tolerant of the usual typos ("rulez", "dryrun", "fulfilment rule").

const RULE_WORD = /\b(rules?|rulez|ruels?|rlues?|automations?|automation rules?)\b/i;
const CREATE_WORD = /\b(create|creat|make|add|set ?up|new|automatically|auto[- ]?)\b/i;
const DRY_RUN_WORD = /\b(dry[- ]?run|test|try|simulate|preview|would (it|this|that) (have )?(caught|touched|held|hit|match(ed)?)|what would)\b/i;
const ON_WORD = /\b(enable|enabel|turn (it |this |that )?on|switch (it )?on|activate|start using|go live)\b/i;
const OFF_WORD = /\b(disable|disabel|turn (it |this |that )?off|switch (it )?off|deactivate|pause|stop)\b/i;
const LIST_WORD = /\b(list|show|what|which|my|all|see)\b/i;
const HOLD_WORD = /\b(h[oa]ld|hodl|hlod|pause)\b/i;

type Rule = ToolResponse<"list_order_rules">["list"][number];
type DryRun = ToolResponse<"dry_run_order_rule">;

/** A dollar amount with its direction: "over $500" → GT 50000 cents. */
function parseTotal(t: string): RuleCondition | undefined {
  const m = t.match(/\b(over|above|more than|greater than|at least|under|below|less than|at most)\s+\$\s?(\d[\d,]*(?:\.\d+)?)/i) ?? t.match(/\$\s?(\d[\d,]*(?:\.\d+)?)\s*(\+|or more|and (?:up|over|above))/i);
  if (!m) return undefined;
  const word = /^\$|\d/.test(m[1]!) ? "over" : m[1]!.toLowerCase();
  const amount = Number((/^\$|\d/.test(m[1]!) ? m[1]! : m[2]!).replace(/[,$\s]/g, ""));
  const op = word === "at least" ? "GTE" : word === "at most" ? "LTE" : /over|above|more|greater/.test(word) ? "GT" : "LT";
  return { field: "TOTAL", op, cents: Math.round(amount * 100) };
}

function parseWeight(t: string): RuleCondition | undefined {
  const m = t.match(/\b(over|above|more than|heavier than|under|below|less than|lighter than)\s+(\d+(?:\.\d+)?)\s*(kg|kilos?|g|grams?|lbs?|pounds?)\b/i);
  if (!m) return undefined;
  const n = Number(m[2]);
  const unit = m[3]!.toLowerCase();
  const grams = Math.round(unit.startsWith("k") ? n * 1000 : unit.startsWith("l") || unit.startsWith("p") ? n * 453.6 : n);
  return { field: "WEIGHT", op: /over|above|more|heavier/i.test(m[1]!) ? "GT" : "LT", grams };
}

/** The conditions a sentence names: countries, amount, weight, a SKU, wholesale, a tag. */
export function parseConditions(t: string): RuleCondition[] {
  const out: RuleCondition[] = [];
  const countries = [...new Set(countryMentions(t).map((c) => c.code))].filter((c) => c !== "EU");
  if (countries.length) out.push({ field: "COUNTRY", op: /\b(outside|not (to|going to|shipping to)|except)\b/i.test(t) ? "NOT_IN" : "IN", values: countries });
  const total = parseTotal(t);
  if (total) out.push(total);
  const weight = parseWeight(t);
  if (weight) out.push(weight);
  const sku = parseSku(t);
  if (sku) out.push({ field: "SKU", op: "ANY", values: [sku] });
  if (/\bwholesale\b/i.test(t)) out.push({ field: "ORIGIN", op: "IN", values: ["MANUAL_WHOLESALE"] });
  const tagged = t.match(/\b(?:tagged|with (?:the )?tag)\s+["']?([a-z0-9][a-z0-9 _-]{0,30}?)["']?(?=$|[\s,.])/i)?.[1];
  if (tagged) out.push({ field: "TAG", op: "HAS", value: tagged.toLowerCase() });
  return out;
}

/** The actions a sentence names: hold, tag, an insert, packaging, a shipping method. */
export function parseActions(t: string): RuleAction[] {
  const out: RuleAction[] = [];
  const tag = t.match(/\b(?:tag|label|mark)\s+(?:(?:them|it|those|these|the orders?)\s+)?(?:(?:as|with)\s+)?["']?([a-z0-9][a-z0-9_-]{1,30})/i)?.[1];
  if (tag && !/^(them|it|as|with)$/i.test(tag)) out.push({ type: "TAG", tag: tag.toLowerCase() });
  const method = t.match(/\b(economy|standard|expedited|express|overnight|next[- ]day)\b/i)?.[1]?.toLowerCase();
  if (method && /\b(ship|send|shipping|deliver)\w*/i.test(t)) out.push({ type: "SHIPPING_METHOD", method: method === "express" ? "EXPEDITED" : method.startsWith("next") ? "OVERNIGHT" : (method.toUpperCase() as "ECONOMY" | "STANDARD" | "EXPEDITED" | "OVERNIGHT") });
  const insert = t.match(/\b(?:add|include|put in|insert)\s+(?:an?\s+)?((?:thank[- ]you|free|promo|sample|gift)\s+[a-z-]+(?:\s+card)?)/i)?.[1];
  if (insert) out.push({ type: "ADD_INSERT", item: `a ${insert.toLowerCase()}` });
  const packaging = t.match(/\b(?:in|use)\s+(?:an?\s+)?((?:gift|double[- ]wall|padded|branded|kraft)\s+(?:box|mailer|bag|envelope)s?)/i)?.[1];
  if (packaging) out.push({ type: "USE_PACKAGING", packaging: `a ${packaging.toLowerCase()}` });
  if (HOLD_WORD.test(t) && !OFF_WORD.test(t.replace(/\bpause\b/i, ""))) out.unshift({ type: "HOLD", reason: holdReason(t) });
  return out;
}

function holdReason(t: string): string {
  const because = t.match(/\b(?:because|for|so (?:we|i) can)\s+(.{3,120})$/i)?.[1]?.trim();
  return because && !/^\$|^orders?\b/i.test(because) ? because.replace(/^\w/, (c) => c.toUpperCase()) : "Review before it ships";
}

/** A short name for a rule from its parts: "Hold orders over $500 to Canada". */
function ruleName(conditions: RuleCondition[], actions: RuleAction[]): string {
  const verb = actions[0]!.type === "HOLD" ? "Hold" : actions[0]!.type === "TAG" ? "Tag" : actions[0]!.type === "SHIPPING_METHOD" ? "Ship" : "Pack";
  const parts = conditions.map((c) => {
    switch (c.field) {
      case "COUNTRY":
        return `${c.op === "IN" ? "to" : "outside"} ${c.values.map((v) => COUNTRY_NAMES[v] ?? v).join(", ")}`;
      case "TOTAL":
        return `${c.op.startsWith("G") ? "over" : "under"} ${usd(c.cents).replace(/\.00$/, "")}`;
      case "WEIGHT":
        return `${c.op.startsWith("G") ? "over" : "under"} ${c.grams >= 1000 ? `${c.grams / 1000} kg` : `${c.grams} g`}`;
      case "SKU":
        return `with ${c.values.join(", ")}`;
      case "ORIGIN":
        return "wholesale";
      case "TAG":
        return `tagged ${c.value}`;
    }
  });
  return `${verb} orders ${parts.join(" ")}`.slice(0, 80);
}

function dryRunAnswer(r: DryRun, name?: string): string {
  const head = `${name ? `"${name}" — ` : ""}${r.sentence}`;
  if (!r.matched) return `${head}\nOver the last ${r.days} days it would have touched none of your ${r.examined} orders.`;
  const held = `${r.wouldHold ? ` and held ${r.wouldHold}` : ""}${r.wouldSplit ? `${r.wouldHold ? "," : " and"} split ${r.wouldSplit} that arrived short` : ""}`;
  const rows = r.orders.slice(0, 5).map((o) => `- #${o.orderNumber} — ${o.customerName || "a customer"}${o.countryCode ? ` (${COUNTRY_NAMES[o.countryCode] ?? o.countryCode})` : ""}, ${usd(o.totalCents)}`);
  return [head, `Over the last ${r.days} days it would have touched ${r.matched} of your ${r.examined} orders${held}, for example:`, ...rows].join("\n");
}

function listAnswer(r: ToolResponse<"list_order_rules">): string {
  if (!r.list.length) return 'You have no fulfilment rules yet. Say e.g. "make a rule to hold orders over $500 going to Canada" and I\'ll dry-run it first.';
  const rows = r.list.map((x) => `${x.position}. ${x.name} (${x.enabled ? "on" : "off"}) — ${x.sentence}${x.appliedCount ? ` Acted on ${x.appliedCount} order${x.appliedCount === 1 ? "" : "s"}.` : ""}`);
  return [`You have ${r.total} fulfilment rule${r.total === 1 ? "" : "s"}, ${r.enabled} on, run in this order:`, ...rows].join("\n");
}

/** The rule a request points at: on screen ("this rule"), named, the n-th listed, or the last one talked about. */
function targetRule(t: string, history: Outcome[], context: IntentContext, listed?: Rule[]): { id: string; name?: string } | undefined {
  const entity = context.screen?.entity;
  if (entity?.type === "order_rule" && /\b(this|that|the|it)\b/i.test(t)) return { id: entity.id };
  if (listed?.length) {
    const lower = t.toLowerCase();
    const named = [...listed].sort((a, b) => b.name.length - a.name.length).find((r) => lower.includes(r.name.toLowerCase()));
    if (named) return { id: named.id, name: named.name };
    const n = parseOrdinal(t);
    const byPosition = n === -1 ? listed.at(-1) : n ? listed[n - 1] : undefined;
    if (byPosition) return { id: byPosition.id, name: byPosition.name };
  }
  for (const o of [...history].reverse()) {
    const made = got([o], "create_order_rule") ?? got([o], "update_order_rule") ?? got([o], "get_order_rule");
    if (made) return { id: made.value.id, name: made.value.name };
    const tried = got([o], "dry_run_order_rule");
    if (tried && typeof tried.args.ruleId === "string") return { id: tried.args.ruleId };
  }
  if (entity?.type === "order_rule") return { id: entity.id };
  return undefined;
}

const needsList = (t: string, context: IntentContext) => !(context.screen?.entity?.type === "order_rule" && /\b(this|it)\b/i.test(t));

export const ORDER_RULE_INTENTS: Intent[] = [
  {
    name: "create-order-rule",
    tools: ["create_order_rule", "dry_run_order_rule", "list_order_rules"],
    examples: [
      "make a rule to hold orders over $500 going to Canada",
      "create a fulfilment rule: hold wholesale orders",
      "automatically tag orders over $200 as vip",
      "new rule ship orders to the UK expedited",
      "set up a rule that adds a thank-you card to orders over $100",
      "add a rul to hold orders with CAP-RED",
    ],
    match: (t) => RULE_WORD.test(t) && CREATE_WORD.test(t) && !ON_WORD.test(t.replace(/\bturn\b/i, "")) ,
    step: (t, done) => {
      const tried = got(done, "dry_run_order_rule");
      const made = got(done, "create_order_rule");
      const conditions = parseConditions(t);
      const actions = parseActions(t);
      const name = conditions.length && actions.length ? ruleName(conditions, actions) : "";
      // Asked twice: the rule of that name exists already, so it is dry-run again rather than duplicated.
      const existing = got(done, "list_order_rules")?.value.list.find((r) => r.name.toLowerCase() === name.toLowerCase());
      if (tried) {
        const saved = made ? `I saved it switched off. Say "enable it" to run it on new orders.` : `You already had this rule (${existing?.enabled ? "on" : "off"}), so I didn't add it twice.`;
        return { answer: `${dryRunAnswer(tried.value, made?.value.name ?? existing?.name)}\n${saved}` };
      }
      if (made) return call("dry_run_order_rule", { ruleId: made.value.id });
      if (existing) return call("dry_run_order_rule", { ruleId: existing.id });
      if (done.some((o) => o.name === "create_order_rule" && o.error?.status === 409) && !got(done, "list_order_rules")) return call("list_order_rules");
      const failed = done.find((o) => o.name === "create_order_rule" && o.error);
      if (failed) return { answer: `I couldn't save the rule: ${sentenceFor(failed.error!)}` };
      if (!conditions.length) return { answer: 'Which orders should the rule act on? Say e.g. "orders over $500", "orders going to Canada", "wholesale orders" or "orders with TEE-BLK-M".' };
      if (!actions.length) return { answer: 'What should the rule do to those orders? It can hold them, tag them, add an insert (a thank-you card), use packaging (a gift box) or choose the shipping method.' };
      return call("create_order_rule", { name, match: "ALL", conditions, actions, enabled: false });
    },
  },
  {
    name: "dry-run-order-rule",
    tools: ["list_order_rules", "dry_run_order_rule"],
    examples: ["dry run this rule", "what would this rule have caught last month?", "test the hold big orders rule", "dryrun the second rule", "simulate it on my last 30 days", "which orders would the rule touch"],
    match: (t) => DRY_RUN_WORD.test(t) && (RULE_WORD.test(t) || /\b(it|this|that)\b/i.test(t)),
    step: (t, done, history, context) => {
      const tried = got(done, "dry_run_order_rule");
      const listed = got(done, "list_order_rules")?.value.list;
      if (tried) return { answer: dryRunAnswer(tried.value, listed?.find((r) => r.id === tried.args.ruleId)?.name) };
      const target = targetRule(t, history, context, listed);
      if (target) return call("dry_run_order_rule", { ruleId: target.id });
      if (!listed && needsList(t, context)) return call("list_order_rules");
      const conditions = parseConditions(t);
      const actions = parseActions(t);
      if (conditions.length) return call("dry_run_order_rule", { match: "ALL", conditions, actions: actions.length ? actions : [{ type: "HOLD", reason: "Review before it ships" }] });
      return { answer: listed?.length ? `Which rule should I dry-run? ${listed.map((r) => `"${r.name}"`).join(", ")}.` : "You have no fulfilment rules to dry-run yet." };
    },
  },
  {
    name: "toggle-order-rule",
    tools: ["list_order_rules", "update_order_rule"],
    examples: ["enable it", "turn on the hold big orders rule", "disable this rule", "pause the vip rule", "switch the second rule off", "activate that rule", "disabel the rule"],
    match: (t) => (ON_WORD.test(t) || OFF_WORD.test(t)) && (RULE_WORD.test(t) || /^\s*(please\s+)?(enable|disable|turn it (on|off)|activate|deactivate|pause)\s+(it|this|that)\b/i.test(t)),
    step: (t, done, history, context) => {
      const updated = got(done, "update_order_rule");
      if (updated) {
        const r = updated.value;
        return { answer: r.enabled ? `"${r.name}" is on: it runs on every new order (rule ${r.position} of your list). ${r.sentence}` : `"${r.name}" is off: new orders pass it by. Holds it already placed stay until someone releases them.` };
      }
      const enabled = !OFF_WORD.test(t);
      const listed = got(done, "list_order_rules")?.value.list;
      const target = targetRule(t, history, context, listed);
      if (target) return call("update_order_rule", { id: target.id, enabled });
      if (!listed) return call("list_order_rules");
      return { answer: listed.length ? `Which rule should I turn ${enabled ? "on" : "off"}? ${listed.map((r) => `"${r.name}"`).join(", ")}.` : "You have no fulfilment rules yet." };
    },
  },
  {
    name: "list-order-rules",
    tools: ["list_order_rules"],
    examples: ["what fulfilment rules do I have", "show my rules", "list my automation rulez", "which rules are on?", "my fulfillment rules"],
    match: (t) => RULE_WORD.test(t) && LIST_WORD.test(t) && !CREATE_WORD.test(t) && !DRY_RUN_WORD.test(t),
    step: (_t, done): Step => {
      const r = got(done, "list_order_rules");
      return r ? { answer: listAnswer(r.value) } : call("list_order_rules");
    },
  },
];
