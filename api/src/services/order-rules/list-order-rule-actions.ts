import type { ResponseOf, orderRules } from "@atelier/contracts";
import { ACTION_TYPES, ACTION_TYPE_LABELS, CONDITION_FIELDS, CONDITION_FIELD_LABELS, SHIPPING_METHODS, SHIPPING_METHOD_LABELS } from "@atelier/contracts/order-rules";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";

const COMPARE = [
  { op: "GT", label: "more than" },
  { op: "GTE", label: "at least" },
  { op: "LT", label: "less than" },
  { op: "LTE", label: "at most" },
];
const OPERATORS: Record<(typeof CONDITION_FIELDS)[number], { op: string; label: string }[]> = {
  COUNTRY: [{ op: "IN", label: "is one of" }, { op: "NOT_IN", label: "is none of" }],
  TOTAL: COMPARE,
  SKU: [{ op: "ANY", label: "includes any of" }, { op: "NONE", label: "includes none of" }],
  TAG: [{ op: "HAS", label: "has" }, { op: "HAS_NOT", label: "does not have" }],
  ORIGIN: [{ op: "IN", label: "is one of" }, { op: "NOT_IN", label: "is none of" }],
  WEIGHT: COMPARE,
};

/** The vocabulary of rules: what a condition can test and what an action can do, with names. */
export async function listOrderRuleActions(ctx: UserContext): Promise<ResponseOf<typeof orderRules.listOrderRuleActions>> {
  requirePermission(ctx, "orders.manage");
  return {
    conditions: CONDITION_FIELDS.map((field) => ({ field, label: CONDITION_FIELD_LABELS[field], operators: OPERATORS[field] })),
    actions: ACTION_TYPES.map((type) => ({ type, label: ACTION_TYPE_LABELS[type] })),
    shippingMethods: SHIPPING_METHODS.map((method) => ({ method, label: SHIPPING_METHOD_LABELS[method] })),
  };
}
