import type { OrderRuleRow } from "../../queries/order-rules/rules";

/** Whether another rule already has this name (names are compared without case: holds show them). */
export function nameTaken(rules: readonly Pick<OrderRuleRow, "id" | "name">[], name: string, exceptId?: string): boolean {
  const n = name.trim().toLowerCase();
  return rules.some((r) => r.id !== exceptId && r.name.toLowerCase() === n);
}
