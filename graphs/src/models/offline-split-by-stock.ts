import { sentenceFor } from "@atelier/contracts/error-sentences";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent } from "./offline-types";
import { call, got } from "./offline-steps";

// "Split orders when something is out of stock" offline: a fulfilment rule for every arriving order
// whose one action is split by stock, saved switched off and dry-run at once, so the answer says how
// many of the last 30 days' orders it would have split. "Enable it" (the rules' toggle intent) then
// turns it on from the history.

const SPLIT_WORD = /\b(split|splt|spilt|spli?t+ing|break up|ship (what'?s|what is|the part) (in stock|available))\b/i;
const STOCK_WORD = /\b(stock|stok|backorder\w*|back[- ]order\w*|available|short|partial\w*|the rest)\b/i;
/** For every order: "at least $0" reads "When an order arrives" in the rule's sentence. */
const EVERY_ORDER = { field: "TOTAL", op: "GTE", cents: 0 } as const;
const NAME = "Split orders by stock";

function answer(made: { name: string; enabled: boolean } | undefined, run: ToolResponse<"dry_run_order_rule">): string {
  const which = run.orders.slice(0, 5).map((o) => `#${o.orderNumber}`).join(", ");
  const past = run.wouldSplit
    ? `Over the last ${run.days} days it would have split ${run.wouldSplit} of your ${run.examined} orders${which ? ` (${which})` : ""}: the part in stock would have shipped at once.`
    : `Over the last ${run.days} days none of your ${run.examined} orders arrived short with part of it in stock, so it would have split none.`;
  const state = made?.enabled ? "It is on." : `It is saved switched off. Say "enable it" to run it on new orders.`;
  return [`"${made?.name ?? NAME}": when an order arrives with something out of stock, what is in stock ships now and the rest waits as a backorder that ships when stock arrives.`, past, state].join("\n");
}

export const SPLIT_BY_STOCK_INTENTS: Intent[] = [
  {
    name: "split-by-stock-rule",
    tools: ["list_order_rules", "create_order_rule", "dry_run_order_rule"],
    examples: [
      "split orders when something is out of stock",
      "splt orders when an item is out of stok",
      "ship what's in stock now and backorder the rest",
      "make a rule to split orders by stock",
      "automatically split orders that are partly out of stock",
    ],
    match: (t) => SPLIT_WORD.test(t) && STOCK_WORD.test(t),
    step: (_t, done) => {
      const made = got(done, "create_order_rule");
      const listed = got(done, "list_order_rules")?.value.list;
      const existing = listed?.find((r) => r.name.toLowerCase() === NAME.toLowerCase() || r.actions.some((a) => a.type === "SPLIT_BY_STOCK"));
      const tried = got(done, "dry_run_order_rule");
      if (tried) return { answer: answer(made?.value ?? existing, tried.value) };
      if (made) return call("dry_run_order_rule", { ruleId: made.value.id });
      // Asked twice: the store's split rule is found first and dry-run again rather than duplicated.
      if (!listed) return call("list_order_rules");
      if (existing) return call("dry_run_order_rule", { ruleId: existing.id });
      const failed = done.find((o) => o.name === "create_order_rule" && o.error);
      if (failed) return { answer: `I couldn't save the rule: ${sentenceFor(failed.error!)}` };
      return call("create_order_rule", { name: NAME, match: "ALL", conditions: [EVERY_ORDER], actions: [{ type: "SPLIT_BY_STOCK" }], enabled: false });
    },
  },
];
