import { orderRules } from "@atelier/contracts";
import { route } from "../http/route";
import { createOrderRule } from "../services/order-rules/create-order-rule";
import { deleteOrderRule } from "../services/order-rules/delete-order-rule";
import { dryRunOrderRule } from "../services/order-rules/dry-run-order-rule";
import { getOrderRule } from "../services/order-rules/get-order-rule";
import { listOrderRuleActions } from "../services/order-rules/list-order-rule-actions";
import { listOrderRules } from "../services/order-rules/list-order-rules";
import { reorderOrderRules } from "../services/order-rules/reorder-order-rules";
import { updateOrderRule } from "../services/order-rules/update-order-rule";

// The fixed paths (actions, -/order, -/dry-run) come before /:id.
export const orderRulesRoutes = [
  route(orderRules.listOrderRules, ({ ctx }) => listOrderRules(ctx)),
  route(orderRules.listOrderRuleActions, ({ ctx }) => listOrderRuleActions(ctx)),
  route(orderRules.createOrderRule, ({ ctx, body }) => createOrderRule(ctx, body)),
  route(orderRules.reorderOrderRules, ({ ctx, body }) => reorderOrderRules(ctx, body)),
  route(orderRules.dryRunOrderRule, ({ ctx, body }) => dryRunOrderRule(ctx, body)),
  route(orderRules.getOrderRule, ({ ctx, params }) => getOrderRule(ctx, params.id)),
  route(orderRules.updateOrderRule, ({ ctx, params, body }) => updateOrderRule(ctx, params.id, body)),
  route(orderRules.deleteOrderRule, ({ ctx, params }) => deleteOrderRule(ctx, params.id)),
];
