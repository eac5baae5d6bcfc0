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
  const effects = rule.actions.map(actionSentence);
  return {
    sentence: ruleSentence(rule),
    days: DRY_RUN_DAYS,
    examined: orders.length,
    matched: matched.length,
    // An order already shipped or finished can't be held any more.
    wouldHold: holds ? matched.filter((o) => o.processingStatus !== "FINISHED").length : 0,
    orders: matched.slice(0, SHOWN).map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      customerName: o.customerName,
      countryCode: o.countryCode,
      totalCents: o.totalCents,
      placedAt: o.placedAt.toISOString(),
      effects,
    })),
  };
}
