import type { BodyOf, orderRules } from "@atelier/contracts";
import { actionSentence, ruleSentence, type DryRunResult, type RuleDefinition } from "@atelier/contracts/order-rules";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as facts from "../../queries/order-rules/order-facts";
import { findRule } from "./get-order-rule";
import { ruleMatches } from "./evaluate-rules";
import { toFacts } from "./order-facts";

/** The window a dry run replays, and how many of its orders it reads at most. */
export const DRY_RUN_DAYS = 30;
const DRY_RUN_MAX_ORDERS = 20_000;
const SHOWN = 50;

/**
 * Replays one rule (saved or a draft) over the last 30 days of the store's orders, as if it had
 * been enabled: which orders it would have touched and what it would have done. Changes nothing.
 * The rule is judged alone, against the tags the orders got from the rules that did run.
 */
export async function dryRunOrderRule(ctx: UserContext, body: BodyOf<typeof orderRules.dryRunOrderRule>): Promise<DryRunResult> {
  requirePermission(ctx, "orders.manage");
  const rule: RuleDefinition = body.ruleId ? await findRule(ctx.pool, ctx, body.ruleId) : { match: body.match, conditions: body.conditions!, actions: body.actions! };
  const orders = await facts.recentOrderFacts(ctx.pool, ctx.auth.storeId, DRY_RUN_DAYS, DRY_RUN_MAX_ORDERS);
  const judged = await toFacts(ctx.pool, ctx.auth.storeId, orders);
  const matched = orders.filter((_o, i) => ruleMatches(rule, judged[i]!));
  const holds = rule.actions.some((a) => a.type === "HOLD");
  const splits = rule.actions.some((a) => a.type === "SPLIT_BY_STOCK");
  // An order already shipped or finished can't be held or split any more; only one that arrived short splits.
  const open = (o: (typeof matched)[number]) => o.processingStatus !== "FINISHED";
  const wouldSplit = (o: (typeof matched)[number]) => splits && open(o) && o.arrivedShort;
  const effectsOf = (o: (typeof matched)[number]) => rule.actions.filter((a) => a.type !== "SPLIT_BY_STOCK" || wouldSplit(o)).map(actionSentence);
  return {
    sentence: ruleSentence(rule),
    days: DRY_RUN_DAYS,
    examined: orders.length,
    matched: matched.length,
    wouldHold: holds ? matched.filter(open).length : 0,
    wouldSplit: matched.filter(wouldSplit).length,
    // The orders it would have done something to (a split-only rule leaves the orders in stock alone).
    orders: matched.filter((o) => effectsOf(o).length > 0).slice(0, SHOWN).map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      customerName: o.customerName,
      countryCode: o.countryCode,
      totalCents: o.totalCents,
      placedAt: o.placedAt.toISOString(),
      effects: effectsOf(o),
    })),
  };
}
