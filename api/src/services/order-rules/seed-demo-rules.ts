import type { RuleAction, RuleCondition } from "@atelier/contracts/order-rules";
import type { Queryable } from "../../db/pool";
import * as facts from "../../queries/order-rules/order-facts";
import * as rules from "../../queries/order-rules/rules";
import { applyOrderRules } from "./apply-order-rules";

const DEMO_RULES: { name: string; enabled: boolean; conditions: RuleCondition[]; actions: RuleAction[] }[] = [
  {
    name: "Customs check outside the US",
    enabled: true,
    conditions: [{ field: "COUNTRY", op: "NOT_IN", values: ["US"] }, { field: "TOTAL", op: "GT", cents: 10_000 }],
    actions: [{ type: "HOLD", reason: "Check the customs papers before it ships" }],
  },
  { name: "Thank-you card over $100", enabled: true, conditions: [{ field: "TOTAL", op: "GTE", cents: 10_000 }], actions: [{ type: "ADD_INSERT", item: "a thank-you card" }, { type: "TAG", tag: "vip" }] },
  {
    name: "Wholesale ships economy",
    enabled: true,
    conditions: [{ field: "ORIGIN", op: "IN", values: ["MANUAL_WHOLESALE"] }],
    actions: [{ type: "SHIPPING_METHOD", method: "ECONOMY" }, { type: "USE_PACKAGING", packaging: "a kraft mailer box" }],
  },
  { name: "Confirm shipping to Australia", enabled: false, conditions: [{ field: "COUNTRY", op: "IN", values: ["AU"] }], actions: [{ type: "HOLD", reason: "Confirm the shipping cost with the customer" }] },
];

/**
 * The demo store's fulfilment rules, run over its latest two weeks of outstanding orders as if
 * they had just arrived, so some orders wait on holds that name their rule.
 */
export async function seedDemoOrderRules(db: Queryable, storeId: string, ownerUserId: string): Promise<number> {
  if ((await rules.listRules(db, storeId)).length) return 0;
  for (const r of DEMO_RULES) await rules.insertRule(db, storeId, { ...r, match: "ALL", userId: ownerUserId });
  let touched = 0;
  for (const id of await facts.latestOutstandingOrderIds(db, storeId, 14)) if ((await applyOrderRules(db, storeId, id)).length) touched++;
  return touched;
}
