import { ruleSentence, type OrderRule } from "@atelier/contracts/order-rules";
import type { OrderRuleRow } from "../../queries/order-rules/rules";

export function toOrderRuleDto(r: OrderRuleRow): OrderRule {
  return {
    id: r.id,
    name: r.name,
    position: r.position + 1,
    enabled: r.enabled,
    match: r.match,
    conditions: r.conditions,
    actions: r.actions,
    sentence: ruleSentence(r),
    appliedCount: r.appliedCount,
    lastAppliedAt: r.lastAppliedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The list as the screen shows it: every rule in running order (1-based positions) and how many run. */
export function toRuleListDto(rows: OrderRuleRow[]) {
  const list = rows.map((r, i) => ({ ...toOrderRuleDto(r), position: i + 1 }));
  return { list, total: list.length, enabled: list.filter((r) => r.enabled).length };
}
