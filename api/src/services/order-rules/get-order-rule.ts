import type { OrderRule } from "@atelier/contracts/order-rules";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import * as q from "../../queries/order-rules/rules";
import { toOrderRuleDto } from "./dto";

/** A rule of the caller's store (locked for a change when asked); another store's rule is 404. */
export async function findRule(db: Queryable, ctx: UserContext, id: string, lock = false): Promise<q.OrderRuleRow> {
  const rule = await q.getRule(db, ctx.auth.storeId, id, lock);
  if (!rule) throw notFound("Fulfilment rule");
  return rule;
}

/** The rule as the screen shows it, with its position in the running order. */
export async function ruleDto(db: Queryable, ctx: UserContext, id: string): Promise<OrderRule> {
  const rules = await q.listRules(db, ctx.auth.storeId);
  const i = rules.findIndex((r) => r.id === id);
  if (i < 0) throw notFound("Fulfilment rule");
  return { ...toOrderRuleDto(rules[i]!), position: i + 1 };
}

export async function getOrderRule(ctx: UserContext, id: string): Promise<OrderRule> {
  requirePermission(ctx, "orders.manage");
  return ruleDto(ctx.pool, ctx, id);
}
