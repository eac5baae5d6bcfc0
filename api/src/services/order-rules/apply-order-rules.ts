import { actionSentence } from "@atelier/contracts/order-rules";
import type { Queryable } from "../../db/pool";
import * as ledger from "../../queries/orders/ledger";
import * as orders from "../../queries/orders/orders";
import * as applications from "../../queries/order-rules/applications";
import * as facts from "../../queries/order-rules/order-facts";
import type { OrderFactsRow } from "../../queries/order-rules/order-facts";
import * as rules from "../../queries/order-rules/rules";
import type { OrderRuleRow } from "../../queries/order-rules/rules";
import { splitOrderByStock } from "../orders/split-order-by-stock";
import { evaluateRules, type RuleMatch } from "./evaluate-rules";
import { toFacts } from "./order-facts";

type EnabledRule = OrderRuleRow;

/** The store's enabled rules, in their order: read once for a batch of new orders. */
export async function enabledRules(db: Queryable, storeId: string): Promise<EnabledRule[]> {
  return rules.listEnabledRules(db, storeId);
}

/** Whether any of the rules splits by stock (a split reserves stock, so the next order sees less). */
export const anySplitsByStock = (enabled: EnabledRule[]) => enabled.some((r) => r.actions.some((a) => a.type === "SPLIT_BY_STOCK"));

/**
 * Runs the store's enabled rules over an order that has just arrived, inside its creation
 * transaction: each matching rule is recorded on the order, its holds are opened in the rule's
 * name (anyone handling orders releases them, and the release says who), and its other actions
 * (inserts, packaging, shipping method, tags) are written to the order's timeline for the packer; a
 * split by stock splits an order that arrived short into a part that ships now and a backorder.
 * Returns the names of the rules that matched.
 */
export async function applyOrderRules(tx: Queryable, storeId: string, orderId: string): Promise<string[]> {
  return (await applyOrderRulesTo(tx, storeId, [orderId], await enabledRules(tx, storeId)))[0] ?? [];
}

/**
 * applyOrderRules for several new orders with the rules already read: their facts are read in one
 * statement and judged in memory; only a matching rule writes. Returns each order's matched rules.
 */
export async function applyOrderRulesTo(tx: Queryable, storeId: string, orderIds: string[], enabled: EnabledRule[]): Promise<string[][]> {
  if (!enabled.length) return orderIds.map(() => []);
  const found = await facts.ordersFacts(tx, storeId, orderIds);
  const judged = await toFacts(tx, storeId, found);
  const matched = new Map<string, string[]>();
  for (const [i, order] of found.entries()) {
    const matches = evaluateRules(enabled, judged[i]!);
    if (matches.length) await applyMatches(tx, storeId, order, matches);
    matched.set(order.id, matches.map((m) => m.rule.name));
  }
  return orderIds.map((id) => matched.get(id) ?? []);
}

async function applyMatches(tx: Queryable, storeId: string, order: OrderFactsRow, matches: RuleMatch<EnabledRule>[]): Promise<void> {
  const orderId = order.id;
  let status = order.processingStatus;
  for (const m of matches) {
    const name = m.rule.name;
    await applications.insertApplication(tx, storeId, { orderId, ruleId: m.rule.id, ruleName: name, actions: m.actions, tags: m.tagsAdded });
    // A split writes its own ledger lines, and only when the order arrived short.
    if (m.actions.some((a) => a.type === "SPLIT_BY_STOCK") && (await splitOrderByStock(tx, storeId, orderId, name))) {
      status = (await orders.getOrder(tx, storeId, { id: orderId }))!.processingStatus;
    }
    for (const a of m.actions) {
      if (a.type !== "HOLD") continue;
      const holdId = await ledger.insertHold(tx, storeId, orderId, { reason: a.reason, userId: null, rule: name });
      const from = status === "OUTSTANDING" || status === "PROCESSING" ? status : null;
      if (from) await orders.markOnHold(tx, storeId, orderId, from);
      await ledger.appendEvent(tx, storeId, orderId, { kind: "HOLD_PLACED", fromStatus: from ?? status, toStatus: "ON_HOLD", message: a.reason, holdId, actorUserId: null, actorRule: name });
      status = "ON_HOLD";
    }
    // The method a rule chooses is the order's from now on (a later rule may choose again).
    for (const a of m.actions) if (a.type === "SHIPPING_METHOD") await orders.setShippingMethod(tx, storeId, orderId, a.method);
    const others = m.actions.filter((a) => a.type !== "HOLD" && a.type !== "SPLIT_BY_STOCK").map(actionSentence);
    if (others.length) {
      const said = others.length > 1 ? `${others.slice(0, -1).join(", ")} and ${others.at(-1)}` : others[0]!;
      await ledger.appendEvent(tx, storeId, orderId, { kind: "NOTE_ADDED", message: `The rule "${name}" ${said}.`, actorUserId: null, actorRule: name });
    }
  }
}
